import * as Schema from "effect/Schema"
import { IsoDate } from "./calendar.ts"
import { UserId } from "./ids.ts"
import { WorkoutOrder } from "./workout-edits.ts"

/*
 * Moving a saved workout to another day (the coach's calendar): the workout keeps its id,
 * so what the client logged for it, its completion and its comments go with it. On its new
 * day it takes the next workout_order, removed workouts counted, as a new save would; the
 * address it leaves keeps naming nothing else (orders are never reused, docs/decisions/024).
 */

/**
 * Body of POST /api/workout/move: the workout at (clientId, date, workoutOrder) goes to
 * toDate. Sent again after a lost answer, it answers where the workout now is.
 */
export const MoveWorkoutPayload = Schema.Struct({
  clientId: UserId,
  date: IsoDate,
  workoutOrder: WorkoutOrder,
  toDate: IsoDate
})
export type MoveWorkoutPayload = typeof MoveWorkoutPayload.Type

/** Where a workout was before the move. */
export const WorkoutPlace = Schema.Struct({ date: IsoDate, workoutOrder: WorkoutOrder })
export type WorkoutPlace = typeof WorkoutPlace.Type

/** The answer: the workout's new address (`date`, `workoutOrder`) and the one it left (`from`). */
export const MovedWorkout = Schema.Struct({
  clientId: UserId,
  from: WorkoutPlace,
  date: IsoDate,
  workoutOrder: WorkoutOrder
})
export type MovedWorkout = typeof MovedWorkout.Type

/** The 400 for a move to the day the workout is already on. */
export const SAME_DAY = "toDate: the workout is already on that day; choose another day"
