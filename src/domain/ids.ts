import * as Schema from "effect/Schema"
import { hasOnlyPrintableCharacters, MAX_DATABASE_ID } from "./plain-bounds.ts"

/**
 * Ids are branded so a set id can never be passed where a user id is expected,
 * and a zero, negative, fractional or out-of-range id (past MAX_DATABASE_ID, the
 * database's integer) can never be constructed.
 */
const positiveInt = (what: string) =>
  Schema.Number.annotate({ message: `${what} must be a number` }).check(
    Schema.isInt({ message: `${what} must be a whole number` }),
    Schema.isGreaterThan(0, { message: `${what} must be a positive whole number` }),
    Schema.isLessThanOrEqualTo(MAX_DATABASE_ID, { message: `${what} must be at most ${MAX_DATABASE_ID}` })
  )

/** Database id of a user (coach or client). Wire: positive integer. */
export const UserId = positiveInt("user id").pipe(Schema.brand("UserId"))
export type UserId = typeof UserId.Type

/** Database id of one prescribed set (shared by /workouts and /workoutResults rows). */
export const SetId = positiveInt("set id").pipe(Schema.brand("SetId"))
export type SetId = typeof SetId.Type

/** Firebase Auth uid: opaque, non-empty, no surrounding whitespace. */
export const FirebaseUid = Schema.String.annotate({ message: "firebase id must be a string" })
  .check(
    Schema.isNonEmpty({ message: "firebase id must not be empty" }),
    Schema.isTrimmed({ message: "firebase id must not have surrounding spaces" }),
    Schema.isMaxLength(128, { message: "firebase id must be at most 128 characters" }),
    Schema.makeFilter(hasOnlyPrintableCharacters, { message: "firebase id must not contain control characters" })
  )
  .pipe(Schema.brand("FirebaseUid"))
export type FirebaseUid = typeof FirebaseUid.Type

/**
 * Path parameters arrive as text; these decode "42" into a UserId so route and
 * server code share one parser instead of each calling Number().
 */
export const UserIdFromString = Schema.NumberFromString.pipe(Schema.decodeTo(UserId))
export const SetIdFromString = Schema.NumberFromString.pipe(Schema.decodeTo(SetId))
