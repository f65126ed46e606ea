/**
 * Copying weeks as coaches mean them (docs/decisions/040), over any start day and any
 * steps: a week keeps its weekdays from whatever start; a percentage step adds points
 * (75 → 77.5 → 80 with +2.5), a weight step adds its amount in each set's own unit; the
 * first copied week takes its step; a deload week is 90 % of the week it follows, never
 * above it, with the first half of its sets, and the week after it continues from the week
 * before it; nothing leaves its bounds.
 */
import fc from "fast-check"
import * as Schema from "effect/Schema"
import { describe, expect, it } from "vitest"
import { addDays, dayOfWeek, type IsoDate } from "#domain/calendar.ts"
import { landingOffset } from "#domain/copy-landing.ts"
import { COPY_LIMITS } from "#domain/copy-plan.ts"
import { UserId } from "#domain/ids.ts"
import { AMRAP, MAX_PERCENT, MAX_REPS, MAX_WEIGHT_LBS } from "#domain/set-fields.ts"
import { toUnit, type Unit } from "#domain/units.ts"
import {
  applyRule,
  copiedWeekRules,
  DELOAD_LOAD_FACTOR,
  planCopiedWeeks,
  roundToTenth,
  SAME_WEEK,
  type Step,
  type WeekRule
} from "#domain/week-transforms.ts"
import { BuiltWorkout, type BuiltSet, WORKOUT_CAPS } from "#domain/workout.ts"
import type { ProgrammedContent } from "#server/programming/content.ts"
import { planCopy } from "#server/programming/plan.ts"
import * as A from "./arbitraries.ts"

const tenths = (min: number, max: number) => fc.integer({ min: min * 10, max: max * 10 }).map((n) => n / 10)
const unit = fc.constantFrom<Unit>("lb", "kg")

const step: fc.Arbitrary<Step> = fc.record({
  kind: fc.constant("progress" as const),
  ratio: fc.constant(1),
  percentPoints: tenths(-COPY_LIMITS.percentPoints, COPY_LIMITS.percentPoints),
  weight: fc.option(fc.record({ amount: tenths(-COPY_LIMITS.weightStep, COPY_LIMITS.weightStep), unit }), {
    nil: null
  }),
  reps: fc.integer({ min: -COPY_LIMITS.reps, max: COPY_LIMITS.reps }),
  sets: fc.integer({ min: -COPY_LIMITS.sets, max: COPY_LIMITS.sets })
})
const rule: fc.Arbitrary<WeekRule> = fc.oneof(step, fc.constant({ kind: "deload" as const }))
const rules = fc.array(rule, { minLength: 1, maxLength: COPY_LIMITS.weeks })

/** One exercise of `count` sets, each with the given loads (in tenths, as a coach types them). */
const exercise = (
  loads: { readonly maxPercent?: number; readonly e1rmPercent?: number; readonly weight?: number },
  setUnit: Unit,
  count = 3
): BuiltWorkout =>
  [
    {
      name: "Back Squat",
      sets: Array.from({ length: count }, (_, set) => ({
        set,
        amsap: false,
        weight_unit: setUnit,
        fields: [
          { name: "reps", value: 5 },
          ...(loads.maxPercent === undefined ? [] : [{ name: "max_percent", value: loads.maxPercent }]),
          ...(loads.e1rmPercent === undefined ? [] : [{ name: "e1rm_percent", value: loads.e1rmPercent }]),
          ...(loads.weight === undefined ? [] : [{ name: "weight", value: loads.weight }])
        ]
      }))
    }
  ] as unknown as BuiltWorkout

const valueOf = (set: BuiltSet | undefined, name: string) => set?.fields.find((f) => f.name === name)?.value
const firstSet = (workout: BuiltWorkout | undefined) => workout?.[0]?.sets[0]

const clampTenths = (tenth: number, max: number) => Math.min(max * 10, Math.max(0, tenth))

describe("a week keeps its weekdays from any start", () => {
  const weekdays = fc.uniqueArray(fc.integer({ min: 0, max: 6 }), { minLength: 1, maxLength: 7 })

  it("each workout lands on its own weekday, within the 7 days from the start", () => {
    fc.assert(
      fc.property(A.isoDate, weekdays, (start, days) => {
        for (const weekday of days) {
          const offset = landingOffset({ weekday }, start)
          expect(offset).toBeGreaterThanOrEqual(0)
          expect(offset).toBeLessThanOrEqual(6)
          expect(dayOfWeek(addDays(start, offset))).toBe(weekday)
        }
      }),
      A.RUNS
    )
  })

  it("a workout or a day lands on the start itself", () => {
    fc.assert(
      fc.property(A.isoDate, (start) => {
        expect(landingOffset({ weekday: null }, start)).toBe(0)
      }),
      A.RUNS
    )
  })

  it("the copy's plan puts every week's workouts on the template's weekdays, week w 7 × w days on", () => {
    const template = (days: ReadonlyArray<number>): ProgrammedContent =>
      days.map((weekday) => ({
        offset: weekday,
        weekday,
        category: "Strength",
        exercises: exercise({ weight: 100 }, "lb")
      }))
    fc.assert(
      fc.property(
        A.isoDate.filter((date) => date < "2199-01-01"),
        weekdays,
        fc.integer({ min: 1, max: 4 }),
        (start, days, weekCount) => {
          const plan = planCopy(
            template(days),
            {
              targets: [{ clientId: UserId.make(1), start }],
              weeks: Array.from({ length: weekCount }, () => SAME_WEEK),
              addToBusyDays: false
            },
            { busy: new Set(), nextOrder: new Map() }
          )
          expect(plan.workouts).toHaveLength(days.length * weekCount)
          const expected = Array.from({ length: weekCount }, (_, week) =>
            days.map((weekday) => addDays(start, 7 * week + ((weekday - dayOfWeek(start) + 7) % 7)))
          )
            .flat()
            .sort()
          expect(plan.workouts.map((workout) => workout.date).sort()).toEqual(expected)
          for (const workout of plan.workouts) expect(days).toContain(dayOfWeek(workout.date))
        }
      ),
      A.RUNS
    )
  })

  it("Mon/Wed/Fri from a Wednesday lands Wed, Fri, then Mon; from a Sunday, Mon, Wed, Fri", () => {
    const wednesday = "2026-12-02" as IsoDate
    const sunday = "2026-12-06" as IsoDate
    const landing = (start: IsoDate) => [1, 3, 5].map((weekday) => addDays(start, landingOffset({ weekday }, start)))
    expect(landing(wednesday)).toEqual(["2026-12-07", "2026-12-02", "2026-12-04"])
    expect(landing(sunday)).toEqual(["2026-12-07", "2026-12-09", "2026-12-11"])
  })
})

describe("steps add points and amounts, from the first copied week", () => {
  it("a percentage step adds points to % of max and % of e1RM, week on week, from the first copy", () => {
    fc.assert(
      fc.property(
        tenths(0, MAX_PERCENT),
        tenths(0, MAX_PERCENT),
        fc.array(tenths(-COPY_LIMITS.percentPoints, COPY_LIMITS.percentPoints), { minLength: 1, maxLength: 13 }),
        (max, e1rm, points) => {
          const weeks = planCopiedWeeks(
            exercise({ maxPercent: max, e1rmPercent: e1rm }, "lb"),
            points.map((p) => ({ ...SAME_WEEK, percentPoints: p }))
          )
          let expectedMax = Math.round(max * 10)
          let expectedE1rm = Math.round(e1rm * 10)
          points.forEach((p, week) => {
            expectedMax = clampTenths(expectedMax + Math.round(p * 10), MAX_PERCENT)
            expectedE1rm = clampTenths(expectedE1rm + Math.round(p * 10), MAX_PERCENT)
            expect(valueOf(firstSet(weeks[week]), "max_percent")).toBe(expectedMax / 10)
            expect(valueOf(firstSet(weeks[week]), "e1rm_percent")).toBe(expectedE1rm / 10)
          })
        }
      ),
      A.RUNS
    )
  })

  it("+2.5 points from 75 % of max reads 77.5, 80, 82.5 for three copies", () => {
    const plus = { ...SAME_WEEK, percentPoints: 2.5 }
    const weeks = planCopiedWeeks(exercise({ maxPercent: 75 }, "lb"), [plus, plus, plus])
    expect(weeks.map((week) => valueOf(firstSet(week), "max_percent"))).toEqual([77.5, 80, 82.5])
  })

  it("a weight step adds its amount in the set's unit, converted when the set is in the other unit", () => {
    fc.assert(
      fc.property(
        tenths(0, MAX_WEIGHT_LBS),
        unit,
        fc.array(fc.record({ amount: tenths(-COPY_LIMITS.weightStep, COPY_LIMITS.weightStep), unit }), {
          minLength: 1,
          maxLength: 13
        }),
        (weight, setUnit, steps) => {
          const weeks = planCopiedWeeks(
            exercise({ weight, maxPercent: 70 }, setUnit),
            steps.map((amount) => ({ ...SAME_WEEK, weight: amount }))
          )
          let expected = weight
          steps.forEach((amount, week) => {
            const added = amount.unit === setUnit ? amount.amount : toUnit(amount.amount, amount.unit, setUnit)
            expected =
              amount.amount === 0 ? expected : Math.min(MAX_WEIGHT_LBS, Math.max(0, roundToTenth(expected + added)))
            const set = firstSet(weeks[week])
            expect(valueOf(set, "weight")).toBeCloseTo(expected, 9)
            // A weight step leaves percentages where they were, and keeps the set's unit.
            expect(valueOf(set, "max_percent")).toBe(70)
            expect(set?.weight_unit).toBe(setUnit)
          })
        }
      ),
      A.RUNS
    )
  })

  it("+5 lb on 100 lb, +2.5 kg on 60 kg, +5 lb on a kg set is +2.3 kg", () => {
    const lb = { ...SAME_WEEK, weight: { amount: 5, unit: "lb" as const } }
    const kg = { ...SAME_WEEK, weight: { amount: 2.5, unit: "kg" as const } }
    expect(
      planCopiedWeeks(exercise({ weight: 100 }, "lb"), [lb, lb]).map((w) => valueOf(firstSet(w), "weight"))
    ).toEqual([105, 110])
    expect(
      planCopiedWeeks(exercise({ weight: 60 }, "kg"), [kg, kg]).map((w) => valueOf(firstSet(w), "weight"))
    ).toEqual([62.5, 65])
    expect(valueOf(firstSet(planCopiedWeeks(exercise({ weight: 60 }, "kg"), [lb])[0]), "weight")).toBe(62.3)
  })

  it("the first copied week is the source with the first step; the legacy repeats copy it unchanged first", () => {
    fc.assert(
      fc.property(A.builtWorkout, fc.array(step, { minLength: 1, maxLength: 13 }), (workout, steps) => {
        const weeks = planCopiedWeeks(workout, steps)
        expect(weeks).toHaveLength(steps.length)
        expect(weeks[0]).toEqual(applyRule(workout, steps[0] ?? SAME_WEEK))
        const fromPayload = copiedWeekRules({
          weeks: steps.map((s) => ({
            kind: "progress",
            percentPoints: s.percentPoints,
            ...(s.weight === null ? {} : { weight: s.weight }),
            reps: s.reps,
            sets: s.sets
          }))
        })
        expect(fromPayload).toEqual(steps)
        expect(copiedWeekRules({ repeats: [{ kind: "deload" }] })).toEqual([SAME_WEEK, { kind: "deload" }])
      }),
      A.RUNS
    )
  })
})

describe("deload weeks and bounds", () => {
  it("a deload is the first half of the sets at 90 % of the week it follows, never above it; the next week continues from the week before", () => {
    fc.assert(
      fc.property(A.builtWorkout, rules, (workout, weekRules) => {
        const weeks = planCopiedWeeks(workout, weekRules)
        let before: BuiltWorkout = workout
        weekRules.forEach((weekRule, index) => {
          const week = weeks[index]
          if (week === undefined) throw new Error("a week is missing")
          if (weekRule.kind === "progress") {
            expect(week).toEqual(applyRule(before, weekRule))
            before = week
            return
          }
          before.forEach((exercise, e) => {
            const sets = week[e]?.sets ?? []
            expect(sets).toHaveLength(Math.max(1, Math.ceil(exercise.sets.length / 2)))
            sets.forEach((set, s) => {
              const was = exercise.sets[s]
              for (const field of set.fields) {
                const old = valueOf(was, field.name)
                if (field.name === "weight" || field.name === "max_percent" || field.name === "e1rm_percent")
                  expect(field.value).toBe(Math.min(old as number, roundToTenth((old as number) * DELOAD_LOAD_FACTOR)))
                else expect(field.value).toEqual(old)
              }
            })
          })
        })
      }),
      A.RUNS
    )
  })

  it("+2.5 points, a deload, then +2.5 again: 77.5, 69.8 with half the sets, then 80", () => {
    const plus = { ...SAME_WEEK, percentPoints: 2.5 }
    const weeks = planCopiedWeeks(exercise({ maxPercent: 75 }, "lb", 4), [plus, { kind: "deload" }, plus])
    expect(weeks.map((week) => valueOf(firstSet(week), "max_percent"))).toEqual([77.5, 69.8, 80])
    expect(weeks.map((week) => week[0]?.sets.length)).toEqual([4, 2, 4])
  })

  it("every load, rep count and set count stays within its bounds, and every week is a workout the contract accepts", () => {
    const isWorkout = Schema.is(BuiltWorkout)
    fc.assert(
      fc.property(A.builtWorkout, rules, (workout, weekRules) => {
        fc.pre(isWorkout(workout))
        for (const week of planCopiedWeeks(workout, weekRules)) {
          expect(isWorkout(week)).toBe(true)
          for (const exercise of week) {
            expect(exercise.sets.length).toBeGreaterThanOrEqual(1)
            expect(exercise.sets.length).toBeLessThanOrEqual(WORKOUT_CAPS.setsPerExercise)
            for (const set of exercise.sets)
              for (const field of set.fields) {
                if (field.name === "weight") expect(field.value).toBeLessThanOrEqual(MAX_WEIGHT_LBS)
                if (field.name === "max_percent" || field.name === "e1rm_percent")
                  expect(field.value).toBeLessThanOrEqual(MAX_PERCENT)
                if (field.name === "reps" && field.value !== AMRAP) expect(field.value).toBeLessThanOrEqual(MAX_REPS)
                if (typeof field.value === "number") expect(field.value).toBeGreaterThanOrEqual(0)
              }
          }
        }
      }),
      A.RUNS
    )
  })
})
