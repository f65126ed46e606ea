/** Real Firebase users and ID tokens from the Auth emulator (FIREBASE_AUTH_EMULATOR_HOST). */
import { signIn, updateAccount } from "./emulator-admin.ts"

const host = () => process.env.FIREBASE_AUTH_EMULATOR_HOST ?? "127.0.0.1:9099"

export interface EmulatorUser {
  readonly uid: string
  readonly email: string
  readonly idToken: string
}

let counter = 0

/**
 * A new Firebase user and its ID token. Verified by default (most tests are about
 * something else, and only a verified client can be linked to a coach); pass
 * `{ verified: false }` for a token whose email_verified claim is false.
 */
export async function createEmulatorUser(label = "user", options: { verified?: boolean } = {}): Promise<EmulatorUser> {
  const email = `${label}-${Date.now().toString(36)}-${(counter++).toString(36)}-${Math.random().toString(36).slice(2, 7)}@tests.dev`
  const response = await fetch(`http://${host()}/identitytoolkit.googleapis.com/v1/accounts:signUp?key=fake`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ email, password: "test-password", returnSecureToken: true })
  })
  if (!response.ok) throw new Error(`emulator signUp failed: ${response.status} ${await response.text()}`)
  const body = (await response.json()) as { localId: string; idToken: string; email: string }
  if (options.verified === false) return { uid: body.localId, email: body.email, idToken: body.idToken }
  await updateAccount(body.localId, { emailVerified: true })
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
