import * as Effect from "effect/Effect"
import * as HttpApiBuilder from "effect/http-api/HttpApiBuilder"
import { Api } from "#domain/api.ts"
import { BadRequest, NotFound } from "#domain/api-errors.ts"
import { groupRowsByDate, type WorkoutRow } from "#domain/workout.ts"
import { currentClient, currentCoach, requireAccessToClient } from "../account.ts"
import { isCoachOf } from "../clients/repository.ts"
import { Database, makeRun } from "../services.ts"
import { loggedRows, logPerformed, prescribedRows, saveWorkout, type RowRecord } from "./repository.ts"

// Rows leave through the WorkoutRow schema, which checks every range on the way out.
const asRows = (rows: ReadonlyArray<RowRecord>) => rows as unknown as ReadonlyArray<WorkoutRow>

export const WorkoutsLive = HttpApiBuilder.group(Api, "workouts", (handlers) =>
  Effect.gen(function* () {
    const run = makeRun(yield* Database)
    return handlers
      .handle("workoutResults", ({ params: { clientId }, query: range }) =>
        Effect.gen(function* () {
          yield* requireAccessToClient(run, clientId)
          return asRows(yield* run((db) => loggedRows(db, clientId, range)))
        })
      )
      .handle("workouts", ({ params: { clientId }, query: range }) =>
        Effect.gen(function* () {
          yield* requireAccessToClient(run, clientId)
          return asRows(yield* run((db) => prescribedRows(db, clientId, range)))
        })
      )
      .handle("workoutByDate", ({ query: { clientId, date } }) =>
        Effect.gen(function* () {
          yield* requireAccessToClient(run, clientId)
          const rows = asRows(yield* run((db) => prescribedRows(db, clientId, { from: date, to: date })))
          const grouped = groupRowsByDate(rows)
          return { data: { [date]: grouped[date] ?? [] } }
        })
      )
      .handle("saveWorkout", ({ payload }) =>
        Effect.gen(function* () {
          const coach = yield* currentCoach(run, "build workouts")
          const linked = yield* run((db) => isCoachOf(db, coach.id, payload.clientId))
          if (!linked)
            return yield* new NotFound({ error: `clientId: no client with id ${payload.clientId} on your client list` })
          const rows = yield* run((db) =>
            saveWorkout(db, {
              clientId: payload.clientId,
              coachId: coach.id,
              date: payload.date,
              exercises: payload.workout.map((exercise) => ({
                name: exercise.name,
                sets: exercise.sets.map((set) => ({ amsap: set.amsap, fields: set.fields }))
              }))
            })
          )
          return asRows(rows)
        })
      )
      .handle("updateWorkoutResult", ({ payload }) =>
        Effect.gen(function* () {
          const client = yield* currentClient(run, "log workout results")
          const reps = payload.reps
          if (reps === "AMRAP") {
            return yield* new BadRequest({ error: "reps: logged reps must be a whole number, not AMRAP" })
          }
          const row = yield* run((db) =>
            logPerformed(db, client.id, {
              setId: payload.id,
              ...(reps === undefined ? {} : { reps }),
              ...(payload.rir === undefined ? {} : { rir: payload.rir }),
              ...(payload.rpe === undefined ? {} : { rpe: payload.rpe }),
              ...(payload.weight === undefined ? {} : { weight: payload.weight })
            })
          )
          if (row === undefined)
            return yield* new NotFound({ error: `id: no set with id ${payload.id} in your workouts` })
          return row as unknown as WorkoutRow
        })
      )
  })
)
