import type { FirebaseUid } from "./ids.ts"
import { hasOnlyPrintableCharacters } from "./plain-bounds.ts"

// The same rules as the FirebaseUid schema in ids.ts, as a plain predicate: the session
// brands the identity service's uid on the sign-in screens, which must not load Effect.
const MAX_LENGTH = 128

export const isFirebaseUid = (value: unknown): value is FirebaseUid =>
  typeof value === "string" &&
  value.length > 0 &&
  value.length <= MAX_LENGTH &&
  value.trim() === value &&
  hasOnlyPrintableCharacters(value)

/** Brands a uid; throws when it is not one (empty, surrounding spaces, over 128 characters). */
export const toFirebaseUid = (value: string): FirebaseUid => {
  if (!isFirebaseUid(value)) throw new TypeError(`not a Firebase uid: ${JSON.stringify(value)}`)
  return value
}
