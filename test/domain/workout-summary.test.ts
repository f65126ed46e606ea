/**
 * The summary a lifter reads before submitting, and the completion Submit records:
 * done against written per exercise, today's records, the sets still open; a duration
 * the server always accepts.
 */
import { describe, expect, test } from "vitest"
import { MAX_WORKOUT_SECONDS, WorkoutCompletion } from "#domain/completion.ts"
import { historiesFor, type PerformedSet } from "#domain/history.ts"
import type { SetId } from "#domain/ids.ts"
import * as Schema from "effect/Schema"
import { completionAt } from "#domain/completion-time.ts"
import { addedAmsapSet, amsapWorkout, earlierRows, FIXTURE_DATE } from "#machines/logging/logging.fixtures.ts"
import { summarizeWorkout, type SetOutcome } from "#domain/workout-summary.ts"
import { startClock, pauseClock, resumeClock } from "#domain/timer-clock.ts"

const T0 = Date.UTC(2026, 0, 5, 9)
// As the logging page reads them: by each exercise's name in the workout.
const histories = historiesFor(
  earlierRows,
  FIXTURE_DATE,
  amsapWorkout.exercises.map((exercise) => exercise.name)
)
const withAdded = {
  ...amsapWorkout,
  exercises: amsapWorkout.exercises.map((e, i) => (i === 0 ? { ...e, sets: [...e.sets, addedAmsapSet] } : e))
}

const outcomes = (sets: Readonly<Record<number, SetOutcome | PerformedSet>>) => ({
  outcome: (setId: SetId): SetOutcome => {
    const set = sets[setId]
    return set === undefined ? "unlogged" : typeof set === "string" ? set : "logged"
  },
  performed: (setId: SetId) => {
    const set = sets[setId]
    return typeof set === "object" ? set : undefined
  }
})
const did = (weight: number, reps: number) => ({ weight, reps, rir: null }) as unknown as PerformedSet

describe("the summary", () => {
  test("counts done (logged) against every set shown, skipped apart, and names the sets still open", () => {
    const summary = summarizeWorkout(
      withAdded,
      histories,
      outcomes({ 301: did(275, 5), 302: "skipped", 303: did(245, 8) })
    )
    expect(summary.exercises.map((e) => e.text)).toEqual([
      "Back Squat: 2 of 4 sets done, 1 skipped",
      "Bench Press: 0 of 1 sets done"
    ])
    expect(summary.unlogged).toEqual(["Back Squat set 4", "Bench Press set 1"])
    expect(summary.unloggedText).toBe("2 sets not logged: Back Squat set 4, Bench Press set 1")
  })

  test("names the best set of each exercise that beats the lifter's earlier best as a record", () => {
    const summary = summarizeWorkout(
      withAdded,
      histories,
      outcomes({ 301: did(285, 5), 302: did(300, 5), 303: did(200, 5), 305: did(245, 5), 304: did(135, 5) })
    )
    // 285 × 5 and 300 × 5 both beat last week's 265 × 5: the best is named. Bench has no history, so no record.
    expect(summary.records).toEqual(["PR: Back Squat 300 × 5"])
    expect(summary.unloggedText).toBeNull()
  })

  test("no record without history to beat, and none for a skipped set", () => {
    expect(summarizeWorkout(withAdded, null, outcomes({ 301: did(400, 5) })).records).toEqual([])
    expect(summarizeWorkout(withAdded, histories, outcomes({ 301: "skipped" })).records).toEqual([])
  })
})

const accepted = (completion: WorkoutCompletion) => Schema.decodeUnknownSync(WorkoutCompletion)(completion)
const setup = { date: FIXTURE_DATE, workoutOrder: 1 }

describe("what Submit records", () => {
  test("the first start, the submit time, and the time the timer ran with pauses left out", () => {
    let clock = pauseClock(startClock(T0), T0 + 600_000)
    clock = resumeClock(clock, T0 + 3_600_000)
    const completion = completionAt({ ...setup, clock }, T0 + 3_900_000)
    expect(completion).toEqual({
      date: FIXTURE_DATE,
      workout_order: 1,
      started_at: "2026-01-05T09:00:00.000Z",
      ended_at: "2026-01-05T10:05:00.000Z",
      duration_seconds: 900
    })
    expect(accepted(completion)).toEqual(completion)
  })

  test("a clock that ran past a day records a day, which the server accepts", () => {
    const completion = completionAt({ ...setup, clock: startClock(T0) }, T0 + 3 * 86_400_000)
    expect(completion.duration_seconds).toBe(MAX_WORKOUT_SECONDS)
    expect(accepted(completion)).toEqual(completion)
  })

  test("a clock ahead of the submit time (the phone's time moved back) never runs past the span", () => {
    const clock = { ...startClock(T0 + 60_000), accumulatedMs: 600_000 }
    const completion = completionAt({ ...setup, clock }, T0)
    expect(completion.started_at).toBe(completion.ended_at)
    expect(completion.duration_seconds).toBe(0)
    expect(accepted(completion)).toEqual(completion)
  })

  test("a stored clock with more time than its span (an older page's clock) is held to the span", () => {
    const clock = { workoutStartedAt: T0, startedAt: T0, pausedAt: null, accumulatedMs: 7_200_000 }
    const completion = completionAt({ ...setup, clock }, T0 + 1_800_000)
    expect(completion.duration_seconds).toBe(1800)
    expect(accepted(completion)).toEqual(completion)
  })
})
