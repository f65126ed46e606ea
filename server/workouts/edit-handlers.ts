import * as Effect from "effect/Effect"
import * as HttpApiBuilder from "effect/http-api/HttpApiBuilder"
import { Api } from "#domain/api.ts"
import { BadRequest } from "#domain/api-errors.ts"
import type { WorkoutAddress } from "#domain/workout-edits.ts"
import { KeyReused, LoggedResultsExist, WorkoutNotFound } from "#domain/workout-errors.ts"
import { Database, makeRun, type Run } from "../services.ts"
import { requireCoachOfClient, requireUsableExercises } from "./coach-access.ts"
import { editWorkout } from "./edit-workout.ts"
import { moveWorkoutFor } from "./move-workout.ts"
import { setWorkoutRemoved } from "./remove-workout.ts"

/*
 * The coach changing a saved workout of their client (docs/decisions/024):
 * edit it in place, remove it, put it back. Only the client's coach: a client or a
 * caller with no account is refused (403), another coach's client is not found (404).
 */

const CHANGE = "change workouts"

const noSuchWorkout = (address: WorkoutAddress) =>
  new WorkoutNotFound({
    error: `workoutOrder: no workout ${address.workoutOrder} on ${address.date} for client ${address.clientId}`
  })

/** The sentence of LoggedResultsExist, which asks the coach before logged results go with their sets. */
export const loggedSetsWouldGo = (count: number) =>
  count === 1
    ? "workout: 1 set you are removing has results the client logged; send discardLogged to remove it"
    : `workout: ${count} sets you are removing have results the client logged; send discardLogged to remove them`

const removal = (run: Run, address: WorkoutAddress, removed: boolean) =>
  Effect.gen(function* () {
    yield* requireCoachOfClient(run, address.clientId, CHANGE)
    const found = yield* run((db) => setWorkoutRemoved(db, address, removed))
    if (!found) return yield* noSuchWorkout(address)
    return { clientId: address.clientId, date: address.date, workoutOrder: address.workoutOrder, removed }
  })

export const WorkoutEditsLive = HttpApiBuilder.group(Api, "workoutEdits", (handlers) =>
  Effect.gen(function* () {
    const run = makeRun(yield* Database)
    return handlers
      .handle("editWorkout", ({ payload }) =>
        Effect.gen(function* () {
          const coach = yield* requireCoachOfClient(run, payload.clientId, CHANGE)
          yield* requireUsableExercises(run, coach.id, payload.workout)
          const outcome = yield* run((db) => editWorkout(db, coach.id, payload))
          switch (outcome._tag) {
            case "Edited":
              return outcome.rows
            case "NoSuchWorkout":
              return yield* noSuchWorkout(payload)
            case "SetNotInWorkout":
              return yield* new BadRequest({ error: `workout: set ${outcome.setId} is not in this workout` })
            case "SetListedTwice":
              return yield* new BadRequest({ error: `workout: set ${outcome.setId} is listed twice` })
            case "LoggedSetsWouldGo":
              return yield* new LoggedResultsExist({ error: loggedSetsWouldGo(outcome.count) })
            case "KeyReused":
              return yield* new KeyReused({
                error: "idempotencyKey: already used for a different request; a new edit needs a new key"
              })
          }
        })
      )
      .handle("removeWorkout", ({ params }) => removal(run, params, true))
      .handle("restoreWorkout", ({ payload }) => removal(run, payload, false))
      .handle("moveWorkout", ({ payload }) => moveWorkoutFor(run, payload))
  })
)
