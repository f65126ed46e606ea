import type { IsoDate } from "#domain/calendar.ts"
import type { UserId } from "#domain/ids.ts"
import type { PerformedLoad } from "#domain/loads.ts"
import type { TestedMaxes } from "#domain/maxes.ts"
import type { Preferences } from "#domain/preferences.ts"
import type { Unit } from "#domain/units.ts"
import type { DaySet } from "#domain/set-loads.ts"
import { loggedRowFixture, workoutRowFixture } from "#domain/workout-row-fixture.ts"
import type { LoggedRows, WorkoutRow } from "#domain/workout.ts"
import type { LoadReferencesPorts } from "./load-references.actors.ts"
import type { CopiedPreferences, LoadReferencesInput, References } from "./load-references.types.ts"

/*
 * A client's references and a day for stories and tests. No network. The coach tested the
 * squat at 315 lb; the client benched 225 × 5 at 2 RIR three weeks ago (e1RM 277.5 lb) and
 * nothing since; the deadlift has neither. The day: squat 5 at 75% of max, a 10% backoff,
 * bench at 75% of e1RM, deadlift at 80% of max, an empty-bar warm-up at 30% of max.
 */

export const referencesInput: LoadReferencesInput = {
  clientId: 7 as UserId,
  date: "2026-03-02" as IsoDate,
  today: "2026-03-02" as IsoDate
}

export const SET = { squat: 401, backoff: 402, bench: 403, deadlift: 404, warmup: 405, written: 406 } as const

const row = (id: number, exercise: string, exerciseOrder: number, set: number, values: Record<string, unknown>) =>
  workoutRowFixture({ id, date: referencesInput.date, exercise, exercise_order: exerciseOrder, set, ...values })

export const dayRows: ReadonlyArray<WorkoutRow> = [
  row(SET.warmup, "Back Squat", 0, 0, { reps: 5, max_percent: 10 }),
  row(SET.squat, "Back Squat", 0, 1, { reps: 5, max_percent: 75 }),
  row(SET.backoff, "Back Squat", 0, 2, { reps: 5, backoff_percent: 10 }),
  row(SET.bench, "Bench Press", 1, 0, { reps: 5, e1rm_percent: 75 }),
  row(SET.deadlift, "Deadlift", 2, 0, { reps: 3, max_percent: 80 }),
  row(SET.written, "Overhead Press", 3, 0, { reps: 5, weight: 95 })
]

/** The day before anything is logged. */
export const freshDay: ReadonlyArray<DaySet> = dayRows.map((r) => ({ row: r, done: undefined }))

/** A set as done: `performed(245, 5, 1)` is 245 lb × 5 at 1 RIR. */
export const performed = (weight: number, reps: number, rir: number | null, unit: Unit = "lb"): PerformedLoad =>
  ({ weight, reps, rir, unit }) as PerformedLoad

/** The day with the squat's top set done as `done` (e.g. 245 × 5). */
export const dayWithTopSet = (done: PerformedLoad): ReadonlyArray<DaySet> =>
  dayRows.map((r) => ({ row: r, done: r.id === SET.squat ? done : undefined }))

export const testedMaxes: TestedMaxes = [
  {
    exercise_id: "back-squat",
    value: 315,
    unit: "lb",
    set_on: "2026-02-01" as IsoDate,
    recorded_at: "2026-02-01T18:00:00.000Z"
  },
  {
    exercise_id: "back-squat",
    value: 300,
    unit: "lb",
    set_on: "2025-11-01" as IsoDate,
    recorded_at: "2025-11-01T18:00:00.000Z"
  }
]

export const pounds: Preferences = { unit: "lb", bar: null, smallest_plate: null }
export const kilograms: Preferences = { unit: "kg", bar: null, smallest_plate: null }

/** A lifter in kilograms whose device copy kept their preferences at 7:42 on the day before. */
export const copiedKilograms: CopiedPreferences = {
  preferences: kilograms,
  asOf: Date.parse("2026-03-01T07:42:00.000Z")
}

const bench = workoutRowFixture({ id: 301, date: "2026-02-09", exercise: "Bench Press", reps: 5 })

export const recentResults: LoggedRows = [
  loggedRowFixture(bench, { weight: 225, reps: 5, rir: 2 }),
  // Skipped sets say nothing of strength.
  loggedRowFixture(workoutRowFixture({ id: 302, date: "2026-02-09", exercise: "Bench Press" }), {
    skipped: true,
    weight: 405,
    reps: 5
  })
]

export const everyReference: References = { maxes: testedMaxes, preferences: pounds, results: recentResults }

/**
 * How a story's gateway answers each read: with this, failing to reach the server
 * ("fails", a network failure), refused by it ("refused"), or never.
 */
export type Planned<T> = { readonly with: T } | "fails" | "refused" | "never"

const answer = <T>(planned: Planned<T>): Promise<T> =>
  planned === "never"
    ? new Promise<T>(() => undefined)
    : planned === "fails"
      ? Promise.reject(new TypeError("Failed to fetch"))
      : planned === "refused"
        ? Promise.reject(new Error("The server refused the read"))
        : Promise.resolve(planned.with)

export interface PlannedReferences {
  readonly maxes: Planned<TestedMaxes>
  readonly preferences: Planned<Preferences>
  readonly results: Planned<LoggedRows>
  /** The day the screen reports. */
  readonly day: ReadonlyArray<DaySet>
  /** The lifter's device copy of their preferences; absent on a coach's screens. */
  readonly copy?: Planned<CopiedPreferences | null> | undefined
}

/** Ports whose reads answer as planned and whose screen reports one day, for stories. */
export const plannedReferencesPorts = (planned: PlannedReferences): LoadReferencesPorts => ({
  gateway: {
    maxes: () => answer(planned.maxes),
    preferences: () => answer(planned.preferences),
    workoutResults: () => answer(planned.results)
  },
  watchDay: (report) => {
    report(planned.day)
    return () => undefined
  },
  ...(planned.copy === undefined
    ? {}
    : { copy: { read: () => answer(planned.copy ?? "never"), keep: () => undefined } })
})
