import { isPersonalRecord, performedE1rmLb, type ExerciseHistory, type PerformedSet } from "#domain/history.ts"
import type { SetId } from "#domain/ids.ts"
import type { GroupedWorkout } from "#domain/workout.ts"

/*
 * The summary screen: what was done against what was written, the records set today and
 * the sets still open. What each set became lives in autosave, so the caller passes it in
 * (`SetOutcomes`); this file only counts and words it.
 */

export type SetOutcome = "logged" | "skipped" | "unlogged"

export interface SetOutcomes {
  readonly outcome: (setId: SetId) => SetOutcome
  /** What was logged for the set, if anything. */
  readonly performed: (setId: SetId) => PerformedSet | undefined
}

export interface ExerciseSummary {
  readonly name: string
  /** "Squat: 3 of 4 sets done, 1 skipped" */
  readonly text: string
}

export interface WorkoutSummary {
  readonly exercises: ReadonlyArray<ExerciseSummary>
  /** "PR: Back Squat 285 × 5", the best new record of each exercise. */
  readonly records: ReadonlyArray<string>
  /** "Squat set 3", each set neither logged nor skipped, in workout order. */
  readonly unlogged: ReadonlyArray<string>
  /** "2 sets not logged: Squat set 3, Bench Press set 2", or null when every set is logged or skipped. */
  readonly unloggedText: string | null
}

const plural = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`

const recordText = (name: string, set: PerformedSet): string =>
  `PR: ${name} ${[set.weight, set.reps].filter((part) => part !== null).join(" × ")}`

export function summarizeWorkout(
  workout: GroupedWorkout,
  histories: ReadonlyMap<string, ExerciseHistory> | null,
  sets: SetOutcomes
): WorkoutSummary {
  const exercises: Array<ExerciseSummary> = []
  const records: Array<string> = []
  const unlogged: Array<string> = []
  for (const exercise of workout.exercises) {
    const outcomes = exercise.sets.map((set) => sets.outcome(set.id))
    const done = outcomes.filter((outcome) => outcome === "logged").length
    const skipped = outcomes.filter((outcome) => outcome === "skipped").length
    exercises.push({
      name: exercise.name,
      text: `${exercise.name}: ${done} of ${exercise.sets.length} sets done${skipped > 0 ? `, ${skipped} skipped` : ""}`
    })
    outcomes.forEach((outcome, index) => {
      if (outcome === "unlogged") unlogged.push(`${exercise.name} set ${index + 1}`)
    })
    const history = histories?.get(exercise.name)
    const best = exercise.sets
      .filter((set) => sets.outcome(set.id) === "logged")
      .map((set) => sets.performed(set.id))
      .filter((set): set is PerformedSet => set !== undefined && isPersonalRecord(set, history))
      .sort((a, b) => (performedE1rmLb(b) ?? 0) - (performedE1rmLb(a) ?? 0))[0]
    if (best !== undefined) records.push(recordText(exercise.name, best))
  }
  return {
    exercises,
    records,
    unlogged,
    unloggedText:
      unlogged.length === 0 ? null : `${plural(unlogged.length, "set", "sets")} not logged: ${unlogged.join(", ")}`
  }
}

/** Summaries are equal when the screen would read the same. */
export const sameSummary = (a: WorkoutSummary, b: WorkoutSummary): boolean =>
  a.unloggedText === b.unloggedText &&
  a.records.join("\n") === b.records.join("\n") &&
  a.exercises.map((e) => e.text).join("\n") === b.exercises.map((e) => e.text).join("\n")
