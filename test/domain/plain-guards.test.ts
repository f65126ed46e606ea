import fc from "fast-check"
import * as Schema from "effect/Schema"
import { describe, expect, it } from "vitest"
import { isFirebaseUid, toFirebaseUid } from "#domain/firebase-uid.ts"
import { FirebaseUid } from "#domain/ids.ts"
import { isLift } from "#domain/lifts.ts"
import { Lift } from "#domain/progress.ts"

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

  it("isLift accepts exactly what the Lift schema accepts", () => {
    fc.assert(fc.property(fc.oneof(someText, fc.anything()), (value) => isLift(value) === Schema.is(Lift)(value)))
  })
})
