import fc from "fast-check"
import * as Schema from "effect/Schema"
import { ExerciseName } from "#domain/exercises.ts"
import { describe, expect, it } from "vitest"
import { IsoDate, RouteDate } from "#domain/calendar.ts"
import { FirebaseUid, SetId, SetIdFromString, UserId, UserIdFromString } from "#domain/ids.ts"
import { Lift, ProgressSample, ProgressSamples } from "#domain/progress.ts"
import { FieldName, Percent, PerformedReps, RepCount, Reps, Rir, Rpe, Weight } from "#domain/set-fields.ts"
import {
  ClientEmail,
  Email,
  PersonName,
  SessionUser,
  SignInMethod,
  SignupPayload,
  UserCheckResponse,
  UserRecord,
  UserType
} from "#domain/user.ts"
import {
  AddClientPayload,
  BuiltExercise,
  BuiltField,
  BuiltSet,
  BuiltWorkout,
  ClientKey,
  ClientLookup,
  ClientLookupEntry,
  GroupedExercise,
  GroupedWorkout,
  LoggedRow,
  SaveWorkoutPayload,
  SetResultUpdate,
  WorkoutByDateResponse,
  WorkoutRow,
  WorkoutRows,
  WorkoutsByDate
} from "#domain/workout.ts"
import * as A from "./arbitraries.ts"

type AnyCodec = Schema.Codec<unknown, unknown>

/**
 * The wire round trip: encode, send as JSON, decode. It must give back the
 * value we started with, so nothing is lost or altered between server and browser.
 */
const roundTrips = <T>(schema: Schema.Codec<T, unknown>, arbitrary: fc.Arbitrary<T>) => {
  fc.assert(
    fc.property(arbitrary, (value) => {
      const encoded = Schema.encodeSync(schema)(value)
      const overTheWire = JSON.parse(JSON.stringify(encoded)) as unknown
      expect(Schema.decodeUnknownSync(schema)(overTheWire)).toEqual(value)
    }),
    A.RUNS
  )
}

const cases: ReadonlyArray<readonly [string, AnyCodec, fc.Arbitrary<unknown>]> = [
  ["UserId", UserId, A.userId],
  ["SetId", SetId, A.setId],
  ["FirebaseUid", FirebaseUid, A.firebaseUid],
  ["UserIdFromString", UserIdFromString, A.userId],
  ["SetIdFromString", SetIdFromString, A.setId],
  ["IsoDate", IsoDate, A.isoDate],
  ["RouteDate", RouteDate, A.routeDate],
  ["UserType", UserType, A.userType],
  ["PersonName", PersonName, A.personName],
  ["Email", Email, A.email],
  ["ClientEmail", ClientEmail, A.clientEmail],
  ["SignInMethod", SignInMethod, A.signInMethod],
  ["UserRecord", UserRecord, A.userRecord],
  ["UserCheckResponse", UserCheckResponse, fc.array(A.userRecord, { maxLength: 2 })],
  [
    "SignupPayload",
    SignupPayload,
    fc.record({ name: A.personName, email: A.email, firebaseId: A.firebaseUid, userType: A.userType })
  ],
  ["SessionUser", SessionUser, A.sessionUser],
  ["RepCount", RepCount, A.repCount],
  ["Reps", Reps, A.reps],
  ["PerformedReps", PerformedReps, A.performedReps],
  ["Rpe", Rpe, A.rpe],
  ["Rir", Rir, A.rir],
  ["Weight", Weight, A.weight],
  ["Percent", Percent, A.percent],
  ["FieldName", FieldName, A.fieldName],
  ["ExerciseName", ExerciseName, A.exerciseName],
  ["WorkoutRow", WorkoutRow, A.workoutRow()],
  ["LoggedRow", LoggedRow, A.loggedRow],
  ["WorkoutRows", WorkoutRows, fc.array(A.workoutRow(), { maxLength: 5 })],
  [
    "GroupedExercise",
    GroupedExercise,
    fc.record({
      exercise_order: fc.nat(20),
      name: A.exerciseName,
      exercise_id: A.exerciseId,
      sets: fc.array(A.workoutRow(), { maxLength: 3 })
    })
  ],
  ["GroupedWorkout", GroupedWorkout, A.groupedWorkout],
  ["WorkoutsByDate", WorkoutsByDate, A.workoutsByDate],
  ["WorkoutByDateResponse", WorkoutByDateResponse, A.workoutsByDate.map((data) => ({ data }))],
  ["BuiltField", BuiltField, A.builtField],
  ["BuiltSet", BuiltSet, A.builtSet],
  ["BuiltExercise", BuiltExercise, A.builtExercise],
  ["BuiltWorkout", BuiltWorkout, A.builtWorkout],
  [
    "SaveWorkoutPayload",
    SaveWorkoutPayload,
    fc.record({ clientId: A.userId, date: A.isoDate, workout: A.builtWorkout })
  ],
  [
    "AddClientPayload",
    AddClientPayload,
    fc.record({ data: fc.record({ coachId: A.userId, clientEmail: A.clientEmail }) })
  ],
  ["ClientKey", ClientKey, fc.string({ minLength: 1 })],
  ["ClientLookupEntry", ClientLookupEntry, fc.record({ name: A.personName, pending: fc.boolean() })],
  ["ClientLookup", ClientLookup, A.clientLookup],
  ["SetResultUpdate", SetResultUpdate, A.setResultUpdate],
  ["Lift", Lift, A.lift],
  ["ProgressSample", ProgressSample, A.progressSample],
  ["ProgressSamples", ProgressSamples, fc.array(A.progressSample, { maxLength: 7 })]
]

describe("every domain schema survives the trip over the wire", () => {
  it.each(cases)("a valid %s encodes, crosses JSON and decodes to the same value", (_, schema, arbitrary) => {
    roundTrips(schema, arbitrary)
  })

  it("path parameters decode from their text form", () => {
    fc.assert(
      fc.property(A.userId, A.setId, (user, set) => {
        expect(Schema.decodeUnknownSync(UserIdFromString)(String(user))).toBe(user)
        expect(Schema.decodeUnknownSync(SetIdFromString)(String(set))).toBe(set)
        expect(Schema.encodeSync(UserIdFromString)(user)).toBe(String(user))
      }),
      A.RUNS
    )
  })
})
