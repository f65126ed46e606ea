/**
 * A day's worked-out loads, set by set, as the logging screen and the coach's day view both
 * read them: the client's tested max, their working e1RM from recent logged sets (skipped and
 * future-dated ones left out), a backoff from the top set done before it, in the client's unit
 * and plates; and never a number where a reference is missing or could not be read.
 */
import { describe, expect, test } from "vitest"
import type { IsoDate } from "#domain/calendar.ts"
import {
  daySetLoads,
  NOT_READ_REASON,
  setLoadText,
  testedMaxesOf,
  topSetBefore,
  workingE1rmsOf,
  type LoadReferences
} from "#domain/set-loads.ts"
import { loggedRowFixture, workoutRowFixture } from "#domain/workout-row-fixture.ts"
import {
  dayRows,
  dayWithTopSet,
  freshDay,
  kilograms,
  performed,
  pounds,
  recentResults,
  SET,
  testedMaxes
} from "#machines/load-references/load-references.fixtures.ts"

const TODAY = "2026-03-02" as IsoDate

const references = (overrides: Partial<LoadReferences> = {}): LoadReferences => ({
  maxes: testedMaxesOf(testedMaxes),
  e1rms: workingE1rmsOf(recentResults, TODAY, "lb"),
  preferences: pounds,
  ...overrides
})

const textOf = (day = freshDay, refs = references()) => {
  const answers = daySetLoads(day, refs)
  return Object.fromEntries(Object.entries(SET).map(([name, id]) => [name, setLoadText(answers[id])]))
}

describe("references", () => {
  test("the current tested max is the newest entry, in the unit it was entered in", () => {
    expect(testedMaxesOf(testedMaxes).get("back-squat")).toEqual({ value: 315, unit: "lb" })
  })

  test("the working e1RM is the best recent estimate; skipped and future-dated sets count for nothing", () => {
    const ahead = loggedRowFixture(workoutRowFixture({ id: 900, date: "2026-03-01", exercise: "Bench Press" }), {
      weight: 315,
      reps: 5,
      rir: 0
    })
    expect(workingE1rmsOf([...recentResults, ahead], "2026-02-28" as IsoDate, "lb").get("bench-press")).toEqual({
      value: 277.5,
      unit: "lb"
    })
    expect(workingE1rmsOf(recentResults, TODAY, "kg").get("bench-press")?.value).toBeCloseTo(125.9, 1)
  })
})

describe("a day's loads", () => {
  test("each set in pounds on a 45 lb bar: % of max, % of e1RM, a written weight, the bar alone below it", () => {
    expect(textOf()).toEqual({
      squat: { kind: "load", load: "235 lbs", source: "75% of max", plates: "2 × 45 + 5 per side", belowBar: false },
      backoff: { kind: "percent-only", percent: "10% backoff", reason: "log your top set first" },
      bench: {
        kind: "load",
        load: "210 lbs",
        source: "75% of e1RM",
        plates: "45 + 35 + 2.5 per side",
        belowBar: false
      },
      deadlift: { kind: "percent-only", percent: "80% of max", reason: "no tested max yet" },
      warmup: { kind: "load", load: "45 lbs", source: "10% of max", plates: "bar only", belowBar: true },
      written: { kind: "load", load: "95 lbs", source: null, plates: "25 per side", belowBar: false }
    })
  })

  test("a backoff follows the heaviest top set done before it, not the prescription", () => {
    const loads = textOf(dayWithTopSet(performed(245, 5, 1)))
    expect(loads["backoff"]).toEqual({
      kind: "load",
      load: "220 lbs",
      source: "10% backoff",
      plates: "45 + 35 + 5 + 2.5 per side",
      belowBar: false
    })
    // A missed attempt (no reps) is no top set.
    expect(textOf(dayWithTopSet(performed(245, 0, null)))["backoff"]?.kind).toBe("percent-only")
  })

  test("the top set is of the backoff's own exercise, before it, and no backoff itself", () => {
    const done = performed(300, 3, 0)
    const day = dayRows.map((row) => ({ row, done: row.id === SET.bench || row.id === SET.backoff ? done : undefined }))
    expect(
      topSetBefore(
        day,
        day.findIndex((set) => set.row.id === SET.backoff)
      )
    ).toBeUndefined()
  })

  test("in kilograms on a 20 kg bar: 75% of a 315 lb max is 107.5 kg, the stored max unchanged", () => {
    const loads = textOf(
      freshDay,
      references({ preferences: kilograms, e1rms: workingE1rmsOf(recentResults, TODAY, "kg") })
    )
    expect(loads["squat"]).toEqual({
      kind: "load",
      load: "107.5 kg",
      source: "75% of max",
      plates: "25 + 15 + 2.5 + 1.25 per side",
      belowBar: false
    })
    expect(testedMaxes[0]).toMatchObject({ value: 315, unit: "lb" })
  })

  test("a reference that could not be read says so, and no number is made up", () => {
    const loads = textOf(freshDay, references({ maxes: null, e1rms: null }))
    expect(loads["squat"]).toEqual({ kind: "percent-only", percent: "75% of max", reason: NOT_READ_REASON.max })
    expect(loads["bench"]).toEqual({ kind: "percent-only", percent: "75% of e1RM", reason: NOT_READ_REASON.e1rm })
  })

  test("without the client's unit and plates, percentages stay percentages and a written weight is left as written", () => {
    const loads = textOf(freshDay, references({ preferences: null }))
    expect(loads["squat"]).toEqual({ kind: "percent-only", percent: "75% of max", reason: NOT_READ_REASON.plates })
    expect(loads["written"]).toEqual({ kind: "none" })
  })
})
