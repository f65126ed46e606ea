import type { IsoDate } from "#domain/calendar.ts"
import { UserId } from "#domain/ids.ts"
import { loggedRowFixture, workoutRowFixture } from "#domain/workout-row-fixture.ts"
import type { DoneSet } from "#domain/done-work.ts"
import type { ClientProgressContext, ClientProgressInput } from "./client-progress.types.ts"

// A client's logged sets for stories and tests, no network. Today is Nov 20, 2026.
// Back Squat (the library's back-squat, written "Squat" in an older workout) rose over four
// days with PRs on Oct 5 and Nov 2 and a dip between, one day logged in kilograms; Front
// Squat is its own exercise, logged once; "Sled Push Thing" is the coach's own exercise.
// A skipped set and a set dated tomorrow must never count. Each set was done on its
// workout's date unless `done_on` says otherwise (docs/decisions/042).

export const PROGRESS_TODAY = "2026-11-20" as IsoDate

export const progressInput: ClientProgressInput = { clientId: UserId.make(7), today: PROGRESS_TODAY, utcOffset: 0 }

/**
 * A set as /doneSets lists it: done (not skipped) on its workout's date unless `values` says
 * otherwise. The library id is the name's slug unless `values` names one (as the server
 * links "Squat").
 */
export const loggedSet = (
  id: number,
  date: string,
  exercise: string,
  values: Readonly<Record<string, unknown>> = {}
): DoneSet => {
  const { done_on = date, ...logged } = values
  return { ...loggedRowFixture(workoutRowFixture({ id, date, exercise }), logged), done_on: done_on as IsoDate }
}

let nextId = 1
const logged = (
  date: string,
  [exercise, exercise_id]: readonly [string, string],
  weight: number | null,
  reps: number | null,
  extra = {}
): DoneSet => loggedSet(nextId++, date, exercise, { exercise_id, weight, reps, rir: 0, ...extra })

const SQUAT = ["Back Squat", "back-squat"] as const

export const progressRows: ReadonlyArray<DoneSet> = [
  logged("2026-09-14", ["Squat", "back-squat"], 275, 5), // 320.8 lbs
  logged("2026-09-14", SQUAT, 265, 5), // 309.2, not the day's best
  logged("2026-10-05", SQUAT, 285, 5), // 332.5, PR
  logged("2026-10-19", SQUAT, 127, 5, { weight_unit: "kg" }), // 148.2 kg is 326.7 lbs
  logged("2026-11-02", SQUAT, 300, 3, { rir: 1 }), // 340, PR
  logged("2026-11-02", SQUAT, 405, 5, { skipped: true }), // skipped: never counts
  logged("2026-11-21", ["Squat Renamed Tomorrow", "back-squat"], 500, 1), // tomorrow: never plotted nor named
  logged("2026-11-16", ["Front Squat", "front-squat"], 225, 5), // 262.5, its own exercise
  logged("2026-10-12", ["Sled Push Thing", "custom-3"], 180, 10), // 240, the coach's own exercise
  logged("2026-11-16", ["Plank", "plank"], null, null) // no estimate: not listed
]

/**
 * Next Tuesday's workout done today: a bench press dated Nov 24, done on the 20th. It is
 * today's point, never a day to come.
 */
export const doneAheadRows: ReadonlyArray<DoneSet> = [
  logged("2026-11-10", ["Bench Press", "bench-press"], 175, 5, { rir: 2 }), // 215.8
  logged("2026-11-24", ["Bench Press", "bench-press"], 185, 5, { rir: 2, done_on: PROGRESS_TODAY }) // 228.2, PR
]

/** Only one day of one exercise. */
export const oneDayRows: ReadonlyArray<DoneSet> = [
  logged("2026-11-16", ["Bench Press", "bench-press"], 185, 5, { rir: 2 })
]

export const progressContext = (overrides: Partial<ClientProgressContext> = {}): ClientProgressContext => ({
  clientId: progressInput.clientId,
  today: PROGRESS_TODAY,
  utcOffset: 0,
  range: "6m",
  exercise: null,
  rows: progressRows,
  loggedBefore: false,
  unit: "lb",
  failure: null,
  ...overrides
})
