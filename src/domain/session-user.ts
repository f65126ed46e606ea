// The session's view of the user, as plain functions over the types of user.ts: the
// sign-in screens use them, and must not load Effect (re-exported by user.ts).
import { isFirebaseUid } from "./firebase-uid.ts"
import { hasOnlyPrintableCharacters, hasVisibleCharacter, isDatabaseId } from "./plain-bounds.ts"
import type { FirebaseUid } from "./ids.ts"
import type { Email, SessionUser, SignInMethod, UserRecord, UserType } from "./user.ts"

/** Lower-case form used in routes: /coach/..., /client/... */
export const userTypePath = (t: UserType): "coach" | "client" => (t === "Coach" ? "coach" : "client")

/** Logged out: every field cleared. */
export const EMPTY_SESSION_USER: SessionUser = {
  id: null,
  name: null,
  email: null,
  firebase_id: null,
  user_type: null,
  signInMethod: null,
  needsSignup: false
}

export const sessionUserFromRecord = (record: UserRecord, signInMethod: SignInMethod): SessionUser => ({
  id: record.id,
  name: record.name,
  email: record.email,
  firebase_id: record.firebase_id,
  user_type: record.user_type,
  signInMethod,
  needsSignup: false
})

/** Google sign-in without a server account: keep what the identity service told us, ask for the rest. */
export const sessionUserNeedingSignup = (
  email: Email,
  firebaseId: FirebaseUid,
  signInMethod: SignInMethod
): SessionUser => ({ ...EMPTY_SESSION_USER, email, firebase_id: firebaseId, signInMethod, needsSignup: true })

const USER_RECORD_FIELDS = ["id", "name", "email", "firebase_id", "user_type"] as const

type LooseUserFields = { readonly [K in (typeof USER_RECORD_FIELDS)[number]]?: unknown }

/** docs/product.md: logged in only when every field of the user record is non-empty. */
export const isLoggedIn = <U extends LooseUserFields>(user: U): user is U & UserRecord =>
  USER_RECORD_FIELDS.every((key) => {
    const value = user[key]
    return value !== null && value !== undefined && value !== ""
  })

// Deliberately loose: the identity service owns real email validation, and account
// emails may have long TLDs (.museum, .photography). user.ts's Email schema uses it too.
export const ACCOUNT_EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/

const isText = (value: unknown, maxLength: number): value is string =>
  typeof value === "string" && value.length > 0 && value.length <= maxLength

/**
 * The UserRecord schema's rules as a plain predicate, for a record read back from this
 * device's storage on the first screens (test/domain/plain-guards.test.ts keeps them equal).
 */
export const isUserRecord = (value: unknown): value is UserRecord => {
  if (typeof value !== "object" || value === null) return false
  const record = value as Readonly<Record<string, unknown>>
  const { id, name, email, firebase_id, user_type } = record
  return (
    isDatabaseId(id) &&
    isText(name, 100) &&
    name.trim() === name &&
    hasOnlyPrintableCharacters(name) &&
    hasVisibleCharacter(name) &&
    isText(email, 254) &&
    ACCOUNT_EMAIL.test(email) &&
    hasOnlyPrintableCharacters(email) &&
    isFirebaseUid(firebase_id) &&
    (user_type === "Coach" || user_type === "Client")
  )
}
