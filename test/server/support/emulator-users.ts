/** Real Firebase users and ID tokens from the Auth emulator (FIREBASE_AUTH_EMULATOR_HOST). */
import { signIn, signUp, updateAccount } from "./emulator-admin.ts"

export interface EmulatorUser {
  readonly uid: string
  readonly email: string
  readonly idToken: string
}

let counter = 0

/** An address no test has used: the label, then what makes it unique. */
export const uniqueAddress = (label: string): string =>
  `${label}-${Date.now().toString(36)}-${(counter++).toString(36)}-${Math.random().toString(36).slice(2, 7)}@tests.dev`

/**
 * A new Firebase user and its ID token. Verified by default (most tests are about
 * something else, and only a verified client can be linked to a coach); pass
 * `{ verified: false }` for a token whose email_verified claim is false.
 */
export async function createEmulatorUser(label = "user", options: { verified?: boolean } = {}): Promise<EmulatorUser> {
  const email = uniqueAddress(label)
  const made = await signUp(email)
  if (options.verified === false) return made
  await updateAccount(made.uid, { emailVerified: true })
  return signIn(email)
}

/** The same token with its expiry moved into the past (the emulator does not sign tokens). */
export function expiredTokenOf(user: EmulatorUser): string {
  const [header, payload] = user.idToken.split(".")
  const claims = JSON.parse(Buffer.from(payload ?? "", "base64url").toString("utf8")) as Record<string, number>
  const past = Math.floor(Date.now() / 1000) - 60
  const expired = { ...claims, iat: past - 3600, auth_time: past - 3600, exp: past }
  return `${header}.${Buffer.from(JSON.stringify(expired)).toString("base64url")}.`
}
