import * as Effect from "effect/Effect"
import * as HttpApiBuilder from "effect/http-api/HttpApiBuilder"
import { Api, VerifiedIdentity } from "#domain/api.ts"
import { BadRequest, Conflict, NotFound } from "#domain/api-errors.ts"
import { UNKNOWN_EXERCISE } from "#domain/exercises.ts"
import { groupRowsByDate, type LoggedRow, type WorkoutRow } from "#domain/workout.ts"
import { currentClient, currentCoach } from "../account.ts"
import { isCoachOf } from "../clients/repository.ts"
import { exerciseIdsUnusableBy } from "../exercises/library.ts"
import { Database, makeRun } from "../services.ts"
import { logPerformed } from "./log-performed.ts"
import {
  addLoggedSetHandler,
  completeWorkoutHandler,
  removeLoggedSetHandler,
  workoutCompletionsHandler
} from "./logging-handlers.ts"
import { readReadable } from "./read-readable.ts"
import { saveWorkout } from "./repository.ts"
import { loggedRowsReadableBy, prescribedRowsReadableBy, type LoggedRecord, type RowRecord } from "./row-queries.ts"

// Rows leave through the WorkoutRow / LoggedRow schemas, which check every range on the way out.
const asRows = (rows: ReadonlyArray<RowRecord>) => rows as unknown as ReadonlyArray<WorkoutRow>
const asLoggedRows = (rows: ReadonlyArray<LoggedRecord>) => rows as unknown as ReadonlyArray<LoggedRow>

export const WorkoutsLive = HttpApiBuilder.group(Api, "workouts", (handlers) =>
  Effect.gen(function* () {
    const run = makeRun(yield* Database)
    return handlers
      .handle("workoutResults", ({ params: { clientId }, query: range }) =>
        Effect.gen(function* () {
          const rows = yield* readReadable(run, clientId, (db, uid) => loggedRowsReadableBy(db, uid, clientId, range))
          return asLoggedRows(rows)
        })
      )
      .handle("workouts", ({ params: { clientId }, query: range }) =>
        Effect.gen(function* () {
          const rows = yield* readReadable(run, clientId, (db, uid) =>
            prescribedRowsReadableBy(db, uid, clientId, range)
          )
          return asRows(rows)
        })
      )
      .handle("workoutByDate", ({ query: { clientId, date } }) =>
        Effect.gen(function* () {
          const rows = yield* readReadable(run, clientId, (db, uid) =>
            prescribedRowsReadableBy(db, uid, clientId, { from: date, to: date })
          )
          const grouped = groupRowsByDate(asRows(rows))
          return { data: { [date]: grouped[date] ?? [] } }
        })
      )
      .handle("saveWorkout", ({ payload }) =>
        Effect.gen(function* () {
          const coach = yield* currentCoach(run, "build workouts")
          const linked = yield* run((db) => isCoachOf(db, coach.id, payload.clientId))
          if (!linked)
            return yield* new NotFound({ error: `clientId: no client with id ${payload.clientId} on your client list` })
          const named = payload.workout.flatMap((exercise) =>
            exercise.exercise_id === undefined ? [] : [exercise.exercise_id]
          )
          const unusable = named.length === 0 ? [] : yield* run((db) => exerciseIdsUnusableBy(db, coach.id, named))
          if (unusable.length > 0) return yield* new BadRequest({ error: UNKNOWN_EXERCISE })
          const outcome = yield* run((db) =>
            saveWorkout(
              db,
              {
                clientId: payload.clientId,
                coachId: coach.id,
                date: payload.date,
                exercises: payload.workout.map((exercise) => ({
                  name: exercise.name,
                  ...(exercise.exercise_id === undefined ? {} : { libraryId: exercise.exercise_id }),
                  sets: exercise.sets.map((set) => ({
                    amsap: set.amsap,
                    ...(set.weight_unit === undefined ? {} : { weightUnit: set.weight_unit }),
                    fields: set.fields
                  }))
                }))
              },
              payload.idempotencyKey
            )
          )
          if (outcome._tag === "KeyReused")
            return yield* new Conflict({
              error: "idempotencyKey: already used for a different workout; a new workout needs a new key"
            })
          return asRows(outcome.rows)
        })
      )
      .handle("updateWorkoutResult", ({ payload }) =>
        Effect.gen(function* () {
          const identity = yield* VerifiedIdentity
          const row = yield* run((db) =>
            logPerformed(db, identity.firebaseId, {
              setId: payload.id,
              ...(payload.reps === undefined ? {} : { reps: payload.reps }),
              ...(payload.rir === undefined ? {} : { rir: payload.rir }),
              ...(payload.rpe === undefined ? {} : { rpe: payload.rpe }),
              ...(payload.weight === undefined ? {} : { weight: payload.weight }),
              ...(payload.weight_unit === undefined ? {} : { weightUnit: payload.weight_unit }),
              ...(payload.skipped === undefined ? {} : { skipped: payload.skipped })
            })
          )
          if (row !== undefined) return row as unknown as LoggedRow
          // Nothing written: say why (no account, not a client: 403; not their set: 404).
          yield* currentClient(run, "log workout results")
          return yield* new NotFound({ error: `id: no set with id ${payload.id} in your workouts` })
        })
      )
      .handle("addLoggedSet", addLoggedSetHandler(run))
      .handle("removeLoggedSet", removeLoggedSetHandler(run))
      .handle("completeWorkout", completeWorkoutHandler(run))
      .handle("workoutCompletions", workoutCompletionsHandler(run))
  })
)
