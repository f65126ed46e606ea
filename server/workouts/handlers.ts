import * as Effect from "effect/Effect"
import * as HttpApiBuilder from "effect/http-api/HttpApiBuilder"
import { Api, VerifiedIdentity } from "#domain/api.ts"
import { Conflict, NotFound } from "#domain/api-errors.ts"
import { groupRowsByDate, type LoggedRow, type WorkoutRow } from "#domain/workout.ts"
import { currentClient } from "../account.ts"
import { Database, makeRun } from "../services.ts"
import { requireCoachOfClient, requireUsableExercises, storedExercises } from "./coach-access.ts"
import { askedRange, readAsked } from "./default-window.ts"
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
      .handle("workoutResults", ({ params: { clientId }, query }) =>
        Effect.gen(function* () {
          const asked = yield* askedRange(query)
          const rows = yield* readAsked(`/api/workoutResults/${clientId}`, asked, (range) =>
            readReadable(run, clientId, (db, uid) => loggedRowsReadableBy(db, uid, clientId, range))
          )
          return asLoggedRows(rows)
        })
      )
      .handle("workouts", ({ params: { clientId }, query }) =>
        Effect.gen(function* () {
          const asked = yield* askedRange(query)
          const rows = yield* readAsked(`/api/workouts/${clientId}`, asked, (range) =>
            readReadable(run, clientId, (db, uid) => prescribedRowsReadableBy(db, uid, clientId, range))
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
          const coach = yield* requireCoachOfClient(run, payload.clientId, "build workouts")
          yield* requireUsableExercises(run, coach.id, payload.workout)
          const outcome = yield* run((db) =>
            saveWorkout(
              db,
              {
                clientId: payload.clientId,
                coachId: coach.id,
                date: payload.date,
                exercises: storedExercises(payload.workout)
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
              reps: payload.reps,
              rir: payload.rir,
              rpe: payload.rpe,
              weight: payload.weight,
              weightUnit: payload.weight_unit,
              skipped: payload.skipped
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
