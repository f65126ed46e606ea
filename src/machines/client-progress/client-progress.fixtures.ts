import type { IsoDate } from "#domain/calendar.ts"
import { UserId } from "#domain/ids.ts"
import { loggedRowFixture, workoutRowFixture } from "#domain/workout-row-fixture.ts"
import type { LoggedRow } from "#domain/workout.ts"
import type { ClientProgressContext, ClientProgressInput } from "./client-progress.types.ts"

// A client's logged sets for stories and tests, no network. Today is Nov 20, 2026.
// "Squat" (the library's Back Squat) rose over four days with PRs on Oct 5 and Nov 2 and a
// dip between; "Front Squat" is its own exercise, logged once; "Sled Push Thing" is the
// coach's own name. A skipped set and a set dated tomorrow must never count.

export const PROGRESS_TODAY = "2026-11-20" as IsoDate

export const progressInput: ClientProgressInput = { clientId: UserId.make(7), today: PROGRESS_TODAY }

/** A set as /workoutResults lists it: done (not skipped) unless `values` says otherwise. */
export const loggedSet = (
  id: number,
  date: string,
  exercise: string,
  values: Readonly<Record<string, unknown>> = {}
): LoggedRow => loggedRowFixture(workoutRowFixture({ id, date, exercise }), values)

let nextId = 1
const logged = (date: string, exercise: string, weight: number | null, reps: number | null, extra = {}): LoggedRow =>
  loggedSet(nextId++, date, exercise, { weight, reps, rir: 0, ...extra })

export const progressRows: ReadonlyArray<LoggedRow> = [
  logged("2026-09-14", "Squat", 275, 5), // 320.8
  logged("2026-09-14", "Squat", 265, 5), // 309.2, not the day's best
  logged("2026-10-05", "SQUAT", 285, 5), // 332.5, PR
  logged("2026-10-19", "Back Squat", 280, 5), // 326.7
  logged("2026-11-02", "Squat", 300, 3, { rir: 1 }), // 340, PR
  logged("2026-11-02", "Squat", 405, 5, { skipped: true }), // skipped: never counts
  logged("2026-11-21", "Squat", 500, 1), // tomorrow: never plotted
  logged("2026-11-16", "Front Squat", 225, 5), // 262.5, its own exercise
  logged("2026-10-12", "Sled Push Thing", 180, 10), // 240, the coach's own exercise
  logged("2026-11-16", "Plank", null, null) // no estimate: not listed
]

/** Only one day of one exercise. */
export const oneDayRows: ReadonlyArray<LoggedRow> = [logged("2026-11-16", "Bench Press", 185, 5, { rir: 2 })]

export const progressContext = (overrides: Partial<ClientProgressContext> = {}): ClientProgressContext => ({
  clientId: progressInput.clientId,
  today: PROGRESS_TODAY,
  range: "6m",
  exercise: null,
  rows: progressRows,
  failure: null,
  ...overrides
})
