import * as Schema from "effect/Schema"
import { IsoDate } from "./calendar.ts"
import { WorkoutTitle } from "./exercise-details.ts"
import { SetId, UserId } from "./ids.ts"
import { BuiltExercise, BuiltSet, IdempotencyKey, WORKOUT_CAPS } from "./workout.ts"

/*
 * Changing a saved workout (docs/decisions/024): edit it in place, remove it, put it back.
 * A workout is addressed as the screens already address it: its client, its day and its
 * workout_order within the day. Orders are never reused, so an address keeps naming the
 * same workout after another on its day is removed.
 */

export const WorkoutOrder = Schema.Number.annotate({ message: "workoutOrder must be a number" }).check(
  Schema.isInt({ message: "workoutOrder must be a whole number" }),
  Schema.isBetween({ minimum: 0, maximum: 1000 }, { message: "workoutOrder must be between 0 and 1000" })
)
export type WorkoutOrder = typeof WorkoutOrder.Type

/** One saved workout: whose, which day, which of the day's workouts. */
export const WorkoutAddress = Schema.Struct({ clientId: UserId, date: IsoDate, workoutOrder: WorkoutOrder })
export type WorkoutAddress = typeof WorkoutAddress.Type

/**
 * A set of an edited workout. With `id` it is that existing set of this workout, moved to
 * where it now stands with its new prescription; what the client logged for it stays
 * attached. Without `id` it is a new set.
 */
export const EditedSet = BuiltSet.mapFields((fields) => ({ ...fields, id: Schema.optionalKey(SetId) }))
export type EditedSet = typeof EditedSet.Type

export const EditedExercise = BuiltExercise.mapFields((fields) => ({
  ...fields,
  sets: Schema.Array(EditedSet).check(
    Schema.isMinLength(1, { message: "an exercise needs at least one set" }),
    Schema.isMaxLength(WORKOUT_CAPS.setsPerExercise, {
      message: `an exercise holds at most ${WORKOUT_CAPS.setsPerExercise} sets`
    })
  )
}))
export type EditedExercise = typeof EditedExercise.Type

/**
 * Body of PUT /api/workout: the whole new content of one saved workout, exercises and sets
 * in their new order (reordering is an edit). Sets of the workout not listed are removed
 * with anything logged for them; when any of those has results the server refuses (409)
 * unless `discardLogged` is true, so the coach is always asked first. The idempotencyKey
 * names this edit: sent again, it answers the workout as it is without changing it.
 */
export const EditWorkoutPayload = Schema.Struct({
  clientId: UserId,
  date: IsoDate,
  workoutOrder: WorkoutOrder,
  /** The workout's title; absent means it has none (the payload is the whole new content). */
  title: Schema.optionalKey(WorkoutTitle),
  workout: Schema.Array(EditedExercise).check(
    Schema.isMinLength(1, { message: "a workout needs at least one exercise" }),
    Schema.isMaxLength(WORKOUT_CAPS.exercises, {
      message: `a workout holds at most ${WORKOUT_CAPS.exercises} exercises`
    })
  ),
  idempotencyKey: IdempotencyKey,
  discardLogged: Schema.optionalKey(Schema.Boolean.annotate({ message: "discardLogged must be true or false" }))
})
export type EditWorkoutPayload = typeof EditWorkoutPayload.Type

/**
 * Answer of DELETE /api/workout/{clientId}/{date}/{workoutOrder} and of its undo
 * (POST /api/workout/restore): where the workout is and whether it is now removed.
 * Both are idempotent: removing a removed workout, or restoring a present one, answers
 * the same.
 */
export const WorkoutRemoval = Schema.Struct({
  clientId: UserId,
  date: IsoDate,
  workoutOrder: WorkoutOrder,
  removed: Schema.Boolean
})
export type WorkoutRemoval = typeof WorkoutRemoval.Type
