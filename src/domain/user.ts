import * as Schema from "effect/Schema"
import { displayName } from "./display-text.ts"
import { FirebaseUid, UserId } from "./ids.ts"
import { hasOnlyPrintableCharacters } from "./plain-bounds.ts"
import { ACCOUNT_EMAIL } from "./session-user.ts"

// The session's helpers live in session-user.ts, free of Effect, so the first screens
// can use them without loading Schema: import them from there, never through this file.

export const UserType = Schema.Literals(["Coach", "Client"]).annotate({
  message: 'user type must be "Coach" or "Client"'
})
export type UserType = typeof UserType.Type

/** A person's name: printable, one visible character at least (display-text.ts). */
export const PersonName = displayName("name", 100)
export type PersonName = typeof PersonName.Type

export const Email = Schema.String.annotate({ message: "email must be a string" }).check(
  Schema.isPattern(ACCOUNT_EMAIL, { message: "email must be a valid email address" }),
  Schema.isMaxLength(254, { message: "email must be at most 254 characters" }),
  Schema.makeFilter(hasOnlyPrintableCharacters, { message: "email must not contain control or formatting characters" })
)
export type Email = typeof Email.Type

/**
 * docs/product.md: the add-client email must match a general email pattern with a
 * top-level domain of 2 to 4 letters, otherwise 'Invalid email format'.
 */
export const CLIENT_EMAIL_PATTERN = /^[A-Za-z0-9._%+-]+@(?:[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?\.)+[A-Za-z]{2,4}$/
export const INVALID_EMAIL_FORMAT = "Invalid email format"

export const isValidClientEmail = (email: string): boolean => email.length <= 254 && CLIENT_EMAIL_PATTERN.test(email)

export const ClientEmail = Schema.String.annotate({ message: INVALID_EMAIL_FORMAT }).check(
  Schema.makeFilter(isValidClientEmail, { message: INVALID_EMAIL_FORMAT })
)
export type ClientEmail = typeof ClientEmail.Type

/** A user as stored and answered by /api/user/check (DESIGN 5a). */
export const UserRecord = Schema.Struct({
  id: UserId,
  name: PersonName,
  email: Email,
  firebase_id: FirebaseUid,
  user_type: UserType
})
export type UserRecord = typeof UserRecord.Type

/** /api/user/check answers a list whose first element is the user record (empty when unknown). */
export const UserCheckResponse = Schema.Array(UserRecord)
export type UserCheckResponse = typeof UserCheckResponse.Type

/** Query of /api/signup/{firebaseId}. */
export const SignupPayload = Schema.Struct({
  name: PersonName,
  email: Email,
  firebaseId: FirebaseUid,
  userType: UserType
})
export type SignupPayload = typeof SignupPayload.Type

export const SignInMethod = Schema.Literals(["email", "google", "google popup", "google redirect", "refresh"])
export type SignInMethod = typeof SignInMethod.Type

/**
 * The session's view of the user. Record fields are null until known: after a
 * Google sign-in with no server account only email and firebase_id are set and
 * needsSignup is true. isLoggedIn is derived (see isLoggedIn), never stored, so
 * it cannot disagree with the fields.
 */
export const SessionUser = Schema.Struct({
  id: Schema.NullOr(UserId),
  name: Schema.NullOr(PersonName),
  email: Schema.NullOr(Email),
  firebase_id: Schema.NullOr(FirebaseUid),
  user_type: Schema.NullOr(UserType),
  signInMethod: Schema.NullOr(SignInMethod),
  needsSignup: Schema.Boolean
})
export type SessionUser = typeof SessionUser.Type

export type LoggedInSessionUser = SessionUser & UserRecord

/** "ada lovelace" -> "Ada"; the greeting uses the first word only. */
export const firstNameCapitalised = (name: string): string => {
  const first = name.trim().split(/\s+/)[0] ?? ""
  return first.charAt(0).toLocaleUpperCase("en-US") + first.slice(1)
}

/** 'Hello, {first name capitalised}!' (SPEC, client dashboard). */
export const greeting = (name: string): string => `Hello, ${firstNameCapitalised(name)}!`
