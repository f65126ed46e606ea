import * as Schema from "effect/Schema"
import { describe, expect, it } from "vitest"
import type { IsoDate } from "#domain/calendar.ts"
import { formatDuration, WorkoutCompletion } from "#domain/completion.ts"
import { exerciseHistories, exerciseKey, isPersonalRecord, lastTimeText, type PerformedSet } from "#domain/history.ts"
import { prefilledSet, prescriptionText } from "#domain/prescription.ts"
import { LoggedRow, WorkoutRow } from "#domain/workout.ts"
import { workoutRowFixture } from "#domain/workout-row-fixture.ts"

const day = (iso: string) => iso as IsoDate
const row = (values: Record<string, unknown>): WorkoutRow =>
  workoutRowFixture({ id: 1, date: "2026-11-23", exercise: "Back Squat", ...values })
const logged = (values: Record<string, unknown>): LoggedRow =>
  Schema.decodeUnknownSync(LoggedRow)({
    ...row({}),
    backoff_percent: null,
    e1rm_percent: null,
    max_percent: null,
    skipped: false,
    ...values
  })

describe("the whole prescription, in RIR (ADR 016)", () => {
  it("reads weight, reps and RIR first, then every other part the coach set", () => {
    expect(prescriptionText(row({ weight: 275, reps: 5, rpe: 8 }))).toBe("275 lbs × 5 reps at 2 RIR")
    expect(prescriptionText(row({ reps: 5, backoff_percent: 10 }))).toBe("5 reps · 10% backoff")
    expect(prescriptionText(row({ reps: 5, rpe: 7.5, e1rm_percent: 75 }))).toBe("5 reps at 2.5 RIR · 75% of e1RM")
    expect(prescriptionText(row({ reps: "AMRAP", max_percent: 80, amsap: true }))).toBe(
      "AMRAP · 80% of max · AMSAP: as many sets as possible"
    )
    expect(prescriptionText(row({}))).toBe("")
  })

  it("keeps SPEC's 'reps at RIR' when the coach wrote RIR", () => {
    expect(prescriptionText(row({ reps: 5, rir: 2 }))).toBe("5 reps at 2 RIR")
  })

  it("prefills what was prescribed, but no count for AMRAP", () => {
    expect(prefilledSet(row({ weight: 275, reps: 5, rpe: 8 }))).toEqual({ weight: 275, reps: 5, rir: 2 })
    expect(prefilledSet(row({ reps: "AMRAP", rpe: 9.5 }))).toEqual({ weight: null, reps: null, rir: 0.5 })
  })
})

const performed = (weight: number, reps: number, rir: number | null) => ({ weight, reps, rir }) as PerformedSet

describe("what the lifter did before", () => {
  const history = exerciseHistories(
    [
      logged({ id: 1, date: "2026-11-09", weight: 255, reps: 5 }),
      logged({ id: 2, date: "2026-11-16", weight: 265, reps: 5 }),
      logged({ id: 3, date: "2026-11-16", set: 1, weight: 265, reps: 4, rir: 1 }),
      logged({ id: 4, date: "2026-11-16", set: 2, weight: 500, reps: 5, skipped: true }),
      logged({ id: 5, date: "2026-11-23", weight: 400, reps: 5 })
    ],
    day("2026-11-23")
  )
  const squat = history.get(exerciseKey(" back  SQUAT "))

  it("shows the same set of the last time, or its last set past the end", () => {
    expect(lastTimeText(squat, 0, "lb")).toBe("last time: 265 lbs × 5")
    expect(lastTimeText(squat, 1, "lb")).toBe("last time: 265 lbs × 4 at 1 RIR")
    expect(lastTimeText(squat, 7, "lb")).toBe("last time: 265 lbs × 4 at 1 RIR")
    expect(lastTimeText(undefined, 0, "lb")).toBeUndefined()
  })

  it("says what a lone weight or rep count is", () => {
    const only = (values: Record<string, unknown>) =>
      exerciseHistories([logged({ date: "2026-11-16", ...values })], day("2026-11-23")).get("back squat")
    expect(lastTimeText(only({ reps: 5, rir: 2 }), 0, "lb")).toBe("last time: 5 reps at 2 RIR")
    expect(lastTimeText(only({ weight: 135 }), 0, "lb")).toBe("last time: 135 lbs")
    // A set logged in RPE before RIR (ADR 016) reads, and counts, in RIR.
    expect(lastTimeText(only({ weight: 255, reps: 5, rpe: 8 }), 0, "lb")).toBe("last time: 255 lbs × 5 at 2 RIR")
    expect(only({ weight: 255, reps: 5, rpe: 8 })?.bestE1rm).toBe(314.5)
  })

  it("leaves out skipped sets and the day itself", () => {
    expect(squat?.lastTime?.date).toBe("2026-11-16")
    expect(squat?.bestE1rm).toBe(309.2)
  })

  it("marks a set that beats the best estimate as a personal record, and nothing without history", () => {
    expect(isPersonalRecord(performed(275, 5, 2), squat)).toBe(true)
    expect(isPersonalRecord(performed(255, 5, null), squat)).toBe(false)
    expect(isPersonalRecord(performed(275, 5, 2), undefined)).toBe(false)
  })
})

describe("a completed workout", () => {
  const decode = Schema.decodeUnknownExit(WorkoutCompletion)
  const completion = {
    date: "2026-11-23",
    workout_order: 0,
    started_at: "2026-11-23T17:00:00.000Z",
    ended_at: "2026-11-23T17:42:00.000Z",
    duration_seconds: 2400
  }

  it("accepts a timer that ran no longer than the wall clock", () => {
    expect(decode(completion)._tag).toBe("Success")
  })

  it("refuses an end before the start, and a duration longer than the span", () => {
    expect(decode({ ...completion, ended_at: "2026-11-23T16:00:00.000Z" })._tag).toBe("Failure")
    expect(decode({ ...completion, duration_seconds: 3600 })._tag).toBe("Failure")
    expect(decode({ ...completion, started_at: "yesterday" })._tag).toBe("Failure")
  })

  it("says how long it ran in words", () => {
    expect(formatDuration(30)).toBe("under a minute")
    expect(formatDuration(42 * 60 + 5)).toBe("42 min")
    expect(formatDuration(65 * 60)).toBe("1 h 05 min")
  })
})
