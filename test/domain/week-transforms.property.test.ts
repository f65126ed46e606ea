import fc from "fast-check"
import * as Schema from "effect/Schema"
import { describe, expect, it } from "vitest"
import { COPY_LIMITS, type WeekTransform } from "#domain/copy-plan.ts"
import { AMRAP, MAX_PERCENT, MAX_REPS, MAX_WEIGHT_LBS } from "#domain/set-fields.ts"
import { applyTransform, inverse, planWeeks } from "#domain/week-transforms.ts"
import { BuiltWorkout, type BuiltSet, WORKOUT_CAPS } from "#domain/workout.ts"
import * as A from "./arbitraries.ts"

/*
 * docs/decisions/025: "applying +x % then its inverse returns the original within rounding". Over any
 * workout the builder can save, a progress and its inverse give the workout back (loads
 * within the 0.1 rounding, reps and sets exactly) unless a value hit a bound on the way;
 * a deload never makes anything heavier, longer or more; every result is still a workout
 * the contract accepts.
 */

type Progress = Extract<WeekTransform, { readonly kind: "progress" }>

const progress: fc.Arbitrary<Progress> = fc.record({
  kind: fc.constant("progress" as const),
  loadPercent: fc.double({ min: -COPY_LIMITS.loadPercent, max: COPY_LIMITS.loadPercent, noNaN: true }),
  reps: fc.integer({ min: -COPY_LIMITS.reps, max: COPY_LIMITS.reps }),
  sets: fc.integer({ min: -COPY_LIMITS.sets, max: COPY_LIMITS.sets })
})
const transform: fc.Arbitrary<WeekTransform> = fc.oneof(progress, fc.constant({ kind: "deload" as const }))

const LIMIT = { weight: MAX_WEIGHT_LBS, e1rm_percent: MAX_PERCENT, max_percent: MAX_PERCENT } as const
const isLoad = (name: string): name is keyof typeof LIMIT => name in LIMIT
const value = (set: BuiltSet, name: string) => set.fields.find((f) => f.name === name)?.value

/** True when applying `t` leaves every value and set count strictly within its bounds. */
const staysWithinBounds = (workout: BuiltWorkout, t: Progress): boolean => {
  const factor = 1 + t.loadPercent / 100
  return workout.every((exercise) => {
    const count = exercise.sets.length + t.sets
    if (count < 1 || count > WORKOUT_CAPS.setsPerExercise) return false
    return exercise.sets.every((set) =>
      set.fields.every((field) => {
        if (isLoad(field.name)) return (field.value as number) * factor <= LIMIT[field.name] - 0.05
        if (field.name === "reps" && field.value !== AMRAP)
          return field.value + t.reps >= 0 && field.value + t.reps <= MAX_REPS
        return true
      })
    )
  })
}

/** |back - original| a round trip may leave: each of the two roundings to 0.1, the first scaled back. */
const tolerance = (original: number, factor: number) => 0.05 + 0.05 / factor + 1e-9 * Math.max(1, Math.abs(original))

const isWorkout = Schema.is(BuiltWorkout)

describe("week transforms", () => {
  it("a progress then its inverse gives the workout back when nothing hit a bound (loads within rounding)", () => {
    fc.assert(
      fc.property(A.builtWorkout, progress, (workout, t) => {
        fc.pre(t.sets >= 0 && staysWithinBounds(workout, t))
        const back = applyTransform(applyTransform(workout, t), inverse(t))
        const factor = 1 + t.loadPercent / 100
        expect(back.length).toBe(workout.length)
        workout.forEach((exercise, e) => {
          const sets = back[e]?.sets ?? []
          expect(sets.map((s) => s.amsap)).toEqual(exercise.sets.map((s) => s.amsap))
          exercise.sets.forEach((set, s) => {
            const returned = sets[s]
            expect(returned?.fields.map((f) => f.name)).toEqual(set.fields.map((f) => f.name))
            for (const field of set.fields) {
              const after = returned === undefined ? undefined : value(returned, field.name)
              if (isLoad(field.name)) {
                expect(Math.abs((after as number) - (field.value as number))).toBeLessThanOrEqual(
                  tolerance(field.value as number, factor)
                )
              } else expect(after).toEqual(field.value)
            }
          })
        })
      }),
      A.RUNS
    )
  })

  it("fewer sets then as many more gives the same count back, the sets kept unchanged", () => {
    fc.assert(
      fc.property(A.builtWorkout, fc.integer({ min: 1, max: COPY_LIMITS.sets }), (workout, n) => {
        const fewer: Progress = { kind: "progress", loadPercent: 0, reps: 0, sets: -n }
        fc.pre(workout.every((exercise) => exercise.sets.length - n >= 1))
        const back = applyTransform(applyTransform(workout, fewer), inverse(fewer))
        workout.forEach((exercise, e) => {
          const sets = back[e]?.sets ?? []
          expect(sets.length).toBe(exercise.sets.length)
          expect(sets.slice(0, exercise.sets.length - n)).toEqual(
            exercise.sets.slice(0, exercise.sets.length - n).map((set, index) => ({ ...set, set: index }))
          )
        })
      }),
      A.RUNS
    )
  })

  it("a deload never increases a load, reps or the number of sets, and keeps at least one set", () => {
    fc.assert(
      fc.property(A.builtWorkout, (workout) => {
        const deloaded = applyTransform(workout, { kind: "deload" })
        workout.forEach((exercise, e) => {
          const sets = deloaded[e]?.sets ?? []
          expect(sets.length).toBe(Math.max(1, Math.ceil(exercise.sets.length / 2)))
          sets.forEach((set, s) => {
            const before = exercise.sets[s]
            if (before === undefined) throw new Error("a deload added a set")
            for (const field of set.fields) {
              const was = value(before, field.name)
              if (isLoad(field.name)) expect(field.value as number).toBeLessThanOrEqual(was as number)
              else expect(field.value).toEqual(was)
            }
          })
        })
      }),
      A.RUNS
    )
  })

  it("every transform, chained over weeks, still gives workouts the contract accepts", () => {
    fc.assert(
      fc.property(A.builtWorkout, fc.array(transform, { maxLength: COPY_LIMITS.repeats }), (workout, repeats) => {
        fc.pre(isWorkout(workout))
        for (const week of planWeeks(workout, repeats)) expect(isWorkout(week)).toBe(true)
      }),
      A.RUNS
    )
  })

  it("the week after a deload continues from the week before it", () => {
    fc.assert(
      fc.property(A.builtWorkout, progress, progress, (workout, first, second) => {
        const [one, deload, three] = planWeeks(workout, [first, { kind: "deload" }, second])
        if (one === undefined) throw new Error("no first week")
        expect(deload).toEqual(applyTransform(one, { kind: "deload" }))
        expect(three).toEqual(applyTransform(one, second))
      }),
      A.RUNS
    )
  })
})

describe("week transforms, by example", () => {
  const squat = (weight: number, reps: number | "AMRAP", sets: number): BuiltWorkout =>
    [
      {
        name: "Back Squat",
        sets: Array.from({ length: sets }, (_, set) => ({
          set,
          amsap: false,
          fields: [
            { name: "reps", value: reps },
            { name: "rpe", value: 8 },
            { name: "weight", value: weight }
          ]
        }))
      }
    ] as unknown as BuiltWorkout

  it("+2.5 % on 275 lb is 281.9 lb, and three weeks of it compound", () => {
    const weeks = planWeeks(squat(275, 5, 3), [
      { kind: "progress", loadPercent: 2.5, reps: 0, sets: 0 },
      { kind: "progress", loadPercent: 2.5, reps: 0, sets: 0 },
      { kind: "progress", loadPercent: 2.5, reps: 0, sets: 0 }
    ])
    expect(weeks.map((w) => value(w[0]?.sets[0] as BuiltSet, "weight"))).toEqual([281.9, 288.9, 296.1])
  })

  it("reps move within 0..19, AMRAP stays, and RPE is untouched", () => {
    const [down] = planWeeks(squat(100, 2, 1), [{ kind: "progress", loadPercent: 0, reps: -5, sets: 0 }])
    const [amrap] = planWeeks(squat(100, "AMRAP", 1), [{ kind: "progress", loadPercent: 0, reps: 3, sets: 0 }])
    expect(down?.[0]?.sets[0]?.fields).toEqual([
      { name: "reps", value: 0 },
      { name: "rpe", value: 8 },
      { name: "weight", value: 100 }
    ])
    expect(value(amrap?.[0]?.sets[0] as BuiltSet, "reps")).toBe("AMRAP")
  })

  it("a deload of 5 sets at 300 lb keeps 3 sets at 270 lb", () => {
    const [deload] = planWeeks(squat(300, 5, 5), [{ kind: "deload" }])
    expect(deload?.[0]?.sets.map((s) => [s.set, value(s, "weight")])).toEqual([
      [0, 270],
      [1, 270],
      [2, 270]
    ])
  })

  it("-50 % is undone by +100 %, which is outside what a request may send but still exact", () => {
    expect(inverse({ kind: "progress", loadPercent: -50, reps: 2, sets: -1 })).toEqual({
      kind: "progress",
      loadPercent: 100,
      reps: -2,
      sets: 1
    })
  })
})
