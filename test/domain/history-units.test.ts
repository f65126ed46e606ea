import * as Schema from "effect/Schema"
import { describe, expect, it } from "vitest"
import type { IsoDate } from "#domain/calendar.ts"
import { exerciseHistories, isPersonalRecord, lastTimeText, type PerformedSet } from "#domain/history.ts"
import { LoggedRow } from "#domain/workout.ts"
import { workoutRowFixture } from "#domain/workout-row-fixture.ts"

const TODAY = "2026-11-23" as IsoDate
const logged = (values: Record<string, unknown>): LoggedRow =>
  Schema.decodeUnknownSync(LoggedRow)({
    ...workoutRowFixture({ id: 1, date: "2026-11-16", exercise: "Back Squat" }),
    backoff_percent: null,
    e1rm_percent: null,
    max_percent: null,
    skipped: false,
    ...values
  })
const squatOf = (rows: ReadonlyArray<LoggedRow>) => exerciseHistories(rows, TODAY).get("back squat")
const did = (weight: number, reps: number, unit: "lb" | "kg") => ({ weight, reps, rir: null, unit }) as PerformedSet

describe("last time, in the lifter's unit", () => {
  const lbSet = squatOf([logged({ weight: 265, reps: 5, weight_unit: "lb" })])
  const kgSet = squatOf([logged({ weight: 120, reps: 5, rir: 2, weight_unit: "kg" })])

  it("converts a set logged in pounds for a lifter in kilograms, to one decimal, the pounds beside it", () => {
    expect(lastTimeText(lbSet, 0, "kg")).toBe("last time: 120.2 kg (265 lbs) × 5")
    expect(lastTimeText(lbSet, 0, "lb")).toBe("last time: 265 lbs × 5")
  })

  it("converts a set logged in kilograms for a lifter in pounds", () => {
    expect(lastTimeText(kgSet, 0, "lb")).toBe("last time: 264.6 lbs (120 kg) × 5 at 2 RIR")
    expect(lastTimeText(kgSet, 0, "kg")).toBe("last time: 120 kg × 5 at 2 RIR")
  })

  it("reads a set in its own unit while the lifter's is not known, and never shows a weight without its unit", () => {
    expect(lastTimeText(kgSet, 0, undefined)).toBe("last time: 120 kg × 5 at 2 RIR")
    const weightOnly = squatOf([logged({ weight: 60, weight_unit: "kg" })])
    expect(lastTimeText(weightOnly, 0, undefined)).toBe("last time: 60 kg")
    expect(lastTimeText(weightOnly, 0, "lb")).toBe("last time: 132.3 lbs (60 kg)")
  })
})

describe("personal records across units", () => {
  // 265 lb x 5 is an e1RM of 309.2 lb (140.2 kg).
  const lbHistory = squatOf([logged({ weight: 265, reps: 5, weight_unit: "lb" })])

  it("weighs a set in kilograms against a best in pounds as the same mass", () => {
    // 125 kg x 5 is 145.8 kg (321.5 lb): a record, though 145.8 < 309.2 as bare numbers.
    expect(isPersonalRecord(did(125, 5, "kg"), lbHistory)).toBe(true)
    // 115 kg x 5 is 134.2 kg (295.8 lb): no record.
    expect(isPersonalRecord(did(115, 5, "kg"), lbHistory)).toBe(false)
  })

  it("keeps the best in pounds when earlier sets were logged in kilograms", () => {
    // 130 kg x 5 (151.7 kg, 334.3 lb) beats the 265 lb set: 300 lb x 3 (330 lb) does not beat it.
    const mixed = squatOf([
      logged({ id: 1, date: "2026-11-09", weight: 265, reps: 5, weight_unit: "lb" }),
      logged({ id: 2, date: "2026-11-16", weight: 130, reps: 5, weight_unit: "kg" })
    ])
    expect(mixed?.bestE1rm).toBeCloseTo(334.3, 0)
    expect(isPersonalRecord(did(300, 3, "lb"), mixed)).toBe(false)
    expect(isPersonalRecord(did(300, 5, "lb"), mixed)).toBe(true)
  })
})
