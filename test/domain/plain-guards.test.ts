import fc from "fast-check"
import * as Schema from "effect/Schema"
import { describe, expect, it } from "vitest"
import { isFirebaseUid, toFirebaseUid } from "#domain/firebase-uid.ts"
import { FirebaseUid } from "#domain/ids.ts"
import { isLift } from "#domain/lifts.ts"
import { Lift } from "#domain/progress.ts"
import { isUserRecord } from "#domain/session-user.ts"
import { UserRecord } from "#domain/user.ts"
import { userRecord } from "./arbitraries.ts"

// The first screens check these values without Effect; the plain guards must accept
// exactly what the schemas accept.
const someText = fc.oneof(
  fc.string({ maxLength: 140 }),
  fc.constantFrom("", " uid", "uid ", "x".repeat(128), "x".repeat(129), "squat", "bench press", "deadlift")
)

describe("the plain guards used by the first screens", () => {
  it("isFirebaseUid accepts exactly what the FirebaseUid schema accepts", () => {
    fc.assert(fc.property(someText, (text) => isFirebaseUid(text) === Schema.is(FirebaseUid)(text)))
  })

  it("toFirebaseUid brands a valid uid and throws on an invalid one", () => {
    expect(toFirebaseUid("uid-coach-ada")).toBe("uid-coach-ada")
    expect(() => toFirebaseUid(" padded")).toThrow(TypeError)
    expect(() => toFirebaseUid("")).toThrow(TypeError)
  })

  it("isUserRecord accepts exactly what the UserRecord schema accepts", () => {
    // Valid records, each with one field swapped for something else, and anything at all.
    const field = fc.constantFrom("id", "name", "email", "firebase_id", "user_type")
    const oddValue = fc.oneof(
      someText,
      fc.anything(),
      fc.constantFrom(
        0,
        -1,
        1.5,
        Number.NaN,
        2 ** 53,
        2 ** 53 - 1,
        7,
        "7",
        null,
        "Coach",
        "coach",
        " Ada",
        "a@b",
        "a@b.co",
        "x".repeat(101)
      )
    )
    const nearlyRecord = fc
      .tuple(userRecord, field, oddValue)
      .map(([record, key, value]) => ({ ...record, [key]: value }))
    fc.assert(
      fc.property(fc.oneof(userRecord, nearlyRecord, fc.anything()), (value) => {
        expect(isUserRecord(value)).toBe(Schema.is(UserRecord)(value))
      }),
      { numRuns: 500 }
    )
  })

  it("isUserRecord draws the id's limits where the schema does", () => {
    for (const id of [1, 2 ** 53 - 1, 0, -1, 1.5, 2 ** 53, Number.POSITIVE_INFINITY]) {
      const record = { id, name: "Bo", email: "bo@example.com", firebase_id: "uid-bo", user_type: "Client" }
      expect(isUserRecord(record), `id ${id}`).toBe(Schema.is(UserRecord)(record))
    }
  })

  it("isLift accepts exactly what the Lift schema accepts", () => {
    fc.assert(fc.property(fc.oneof(someText, fc.anything()), (value) => isLift(value) === Schema.is(Lift)(value)))
  })
})
