import type { ExerciseId, LibraryExercise } from "#domain/exercises.ts"
import { SetId } from "#domain/ids.ts"
import type { DaySet } from "#domain/set-loads.ts"
import { builtSetValues, type WorkoutRow } from "#domain/workout.ts"
import type { ExerciseLibraryActorRef } from "../exercise-library/exercise-library.selectors.ts"
import type { LoadReferencesPorts } from "../load-references/load-references.actors.ts"
import type { BuilderActorRef } from "./builder.selectors.ts"
import type { BuilderContext, DraftExercise } from "./builder.types.ts"

/*
 * The draft as the day the client will log (docs/decisions/017): each built set as the row it will
 * be, so the load-references machine works its load out with the same functions as the
 * coach's day and the logging page. Nothing is logged yet: a backoff has no top set and
 * reads as the coach's day reads an unlogged one.
 */

/** A draft set's stand-in id, unique within the draft (sets per exercise are capped far below 1000). */
export const draftSetId = (exercise: number, set: number): SetId => SetId.make(exercise * 1000 + set + 1)

const sameName = (a: string, b: string): boolean => a.trim().toLowerCase() === b.trim().toLowerCase()

/**
 * The library exercise a draft exercise is: the one chosen, or for a typed name the one
 * the server would link it to (its name or an alias). A name matching none stands alone,
 * so no max is borrowed from another exercise.
 */
const exerciseIdOf = (exercise: DraftExercise, index: number, library: ReadonlyArray<LibraryExercise>): ExerciseId =>
  exercise.exerciseId ??
  library.find((known) => sameName(known.name, exercise.name) || known.aliases.some((a) => sameName(a, exercise.name)))
    ?.id ??
  `draft-${index}`

/** Every built set of the draft as a day set, in order, with nothing done of it. */
export const draftDaySets = (
  { exercises, date }: Pick<BuilderContext, "exercises" | "date">,
  library: ReadonlyArray<LibraryExercise>
): ReadonlyArray<DaySet> =>
  exercises.flatMap((exercise, exerciseOrder) => {
    const exerciseId = exerciseIdOf(exercise, exerciseOrder, library)
    return exercise.sets.map((set, index): DaySet => {
      const values = builtSetValues(set)
      const row: WorkoutRow = {
        id: draftSetId(exerciseOrder, index),
        date,
        workout_order: 0,
        exercise_order: exerciseOrder,
        exercise: exercise.name,
        exercise_id: exerciseId,
        set: set.set,
        reps: values.reps ?? null,
        rir: null,
        rpe: values.rpe ?? null,
        weight: values.weight ?? null,
        weight_unit: set.weight_unit ?? "lb",
        backoff_percent: values.backoff_percent ?? null,
        e1rm_percent: values.e1rm_percent ?? null,
        max_percent: values.max_percent ?? null,
        amsap: set.amsap,
        added: false
      }
      return { row, done: undefined }
    })
  })

/**
 * The load-references machine's watch of the builder (its `watchDay` port): the draft's
 * sets now and after every change, a typed name matched once the library is in.
 */
export const watchDraft =
  (
    builder: Pick<BuilderActorRef, "getSnapshot" | "subscribe">,
    library: Pick<ExerciseLibraryActorRef, "getSnapshot" | "subscribe">
  ): LoadReferencesPorts["watchDay"] =>
  (report) => {
    const emit = () => report(draftDaySets(builder.getSnapshot().context, library.getSnapshot().context.library))
    emit()
    const watching = [builder.subscribe(emit), library.subscribe(emit)]
    return () => watching.forEach((subscription) => subscription.unsubscribe())
  }
