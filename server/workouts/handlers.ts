import * as Effect from "effect/Effect"
import * as HttpApiBuilder from "effect/http-api/HttpApiBuilder"
import { Api, VerifiedIdentity } from "#domain/api.ts"
import { groupRowsByDate, LoggedRow, LoggedRows, WorkoutByDateResponse, WorkoutRows } from "#domain/workout.ts"
import { KeyReused, SetNotFound } from "#domain/workout-errors.ts"
import { currentClient } from "../account.ts"
import { Database, makeRun } from "../services.ts"
import { requireCoachOfClient, requireUsableExercises } from "./coach-access.ts"
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
import { trustedAnswer } from "../trusted-answer.ts"
import { loggedRowsReadableBy, prescribedRowsReadableBy } from "./row-queries.ts"

// The hot answers skip the encoder's re-checks of rows the server just read (server/trusted-answer.ts).
const answerLoggedRows = trustedAnswer(LoggedRows)
const answerRows = trustedAnswer(WorkoutRows)
const answerDay = trustedAnswer(WorkoutByDateResponse)
const answerLogged = trustedAnswer(LoggedRow)

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
          return answerLoggedRows(rows)
        })
      )
      .handle("workouts", ({ params: { clientId }, query }) =>
        Effect.gen(function* () {
          const asked = yield* askedRange(query)
          const rows = yield* readAsked(`/api/workouts/${clientId}`, asked, (range) =>
            readReadable(run, clientId, (db, uid) => prescribedRowsReadableBy(db, uid, clientId, range))
          )
          return answerRows(rows)
        })
      )
      .handle("workoutByDate", ({ query: { clientId, date } }) =>
        Effect.gen(function* () {
          const rows = yield* readReadable(run, clientId, (db, uid) =>
            prescribedRowsReadableBy(db, uid, clientId, { from: date, to: date })
          )
          const grouped = groupRowsByDate(rows)
          return answerDay({ data: { [date]: grouped[date] ?? [] } })
        })
      )
      .handle("saveWorkout", ({ payload }) =>
        Effect.gen(function* () {
          const coach = yield* requireCoachOfClient(run, payload.clientId, "build workouts")
          yield* requireUsableExercises(run, coach.id, payload.workout)
          const outcome = yield* run((db) => saveWorkout(db, coach.id, payload))
          if (outcome._tag === "KeyReused")
            return yield* new KeyReused({
              error: "idempotencyKey: already used for a different workout; a new workout needs a new key"
            })
          return outcome.rows
        })
      )
      .handle("updateWorkoutResult", ({ payload }) =>
        Effect.gen(function* () {
          const identity = yield* VerifiedIdentity
          const row = yield* run((db) => logPerformed(db, identity.firebaseId, payload))
          if (row !== undefined) return answerLogged(row)
          // Nothing written: say why (no account, not a client: 403; not their set: 404).
          yield* currentClient(run, "log workout results")
          return yield* new SetNotFound({ error: `id: no set with id ${payload.id} in your workouts` })
        })
      )
      .handle("addLoggedSet", addLoggedSetHandler(run))
      .handle("removeLoggedSet", removeLoggedSetHandler(run))
      .handle("completeWorkout", completeWorkoutHandler(run))
      .handle("workoutCompletions", workoutCompletionsHandler(run))
  })
)
