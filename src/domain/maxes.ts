import * as Schema from "effect/Schema"
import { IsoDate } from "./calendar.ts"
import { UserId } from "./ids.ts"
import { ExerciseId } from "./exercises.ts"
import { UnitSchema } from "./preferences.ts"

/*
 * A client's tested maxes (docs/decisions/004, Tested maxes): what the coach entered for an exercise, in the unit
 * it was entered in, with the day it was set. Entries are kept, never overwritten: the
 * latest per exercise is the current max, the rest is its history. The working e1RM is
 * worked out from logged sets in the browser (loads.ts workingE1rm), not stored.
 */

/** Heavier than any human lift in either unit, to catch typos. */
export const MAX_TESTED_MAX = 2000

const maxValue = Schema.Number.annotate({ message: "value must be a number" }).check(
  Schema.isFinite({ message: "value must be a finite number" }),
  Schema.isGreaterThan(0, { message: "value must be more than 0" }),
  Schema.isLessThanOrEqualTo(MAX_TESTED_MAX, { message: `value must be at most ${MAX_TESTED_MAX}` })
)

/** Body of POST /api/maxes: the coach records a tested max for one of their clients. */
export const NewTestedMax = Schema.Struct({
  clientId: UserId,
  exercise_id: ExerciseId,
  value: maxValue,
  unit: UnitSchema,
  set_on: IsoDate
})
export type NewTestedMax = typeof NewTestedMax.Type

/** One stored entry: what was entered, and when it was recorded (UTC ISO time). */
export const TestedMax = Schema.Struct({
  exercise_id: ExerciseId,
  value: maxValue,
  unit: UnitSchema,
  set_on: IsoDate,
  recorded_at: Schema.String.annotate({ message: "recorded_at must be a string" })
})
export type TestedMax = typeof TestedMax.Type

/** GET /api/maxes/{clientId}: every entry, newest first (set_on, then recorded_at). */
export const TestedMaxes = Schema.Array(TestedMax)
export type TestedMaxes = typeof TestedMaxes.Type

/** The current max of each exercise: its newest entry. */
export const currentMaxes = (entries: ReadonlyArray<TestedMax>): ReadonlyMap<ExerciseId, TestedMax> => {
  const current = new Map<ExerciseId, TestedMax>()
  for (const entry of entries) {
    const known = current.get(entry.exercise_id)
    if (
      known === undefined ||
      entry.set_on > known.set_on ||
      (entry.set_on === known.set_on && entry.recorded_at > known.recorded_at)
    )
      current.set(entry.exercise_id, entry)
  }
  return current
}
