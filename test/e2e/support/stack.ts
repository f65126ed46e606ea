// The real services the end-to-end tests talk to besides the browser: the Auth
// emulator (the same one the server under test checks tokens with) and our API.

export const EMULATOR_HOST = process.env["FIREBASE_AUTH_EMULATOR_HOST"] ?? "127.0.0.1:9099"
export const PROJECT_ID = process.env["GCLOUD_PROJECT"] ?? "demo-strength-coach"

const emulator = `http://${EMULATOR_HOST}`

/** An address no earlier run used, so reruns against the same emulator never collide. */
export const uniqueEmail = (label: string): string =>
  `${label}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`

export interface Account {
  readonly email: string
  readonly password: string
  readonly name: string
  readonly userType: "Coach" | "Client"
}

async function json<T>(response: Response, what: string): Promise<T> {
  if (!response.ok) throw new Error(`${what} answered ${response.status}: ${await response.text()}`)
  return (await response.json()) as T
}

/** Marks the account's email verified, as opening Firebase's link would (emulator admin call). */
export async function markEmailVerified(uid: string): Promise<void> {
  await json(
    await fetch(`${emulator}/identitytoolkit.googleapis.com/v1/projects/${PROJECT_ID}/accounts:update`, {
      method: "POST",
      headers: { "content-type": "application/json", authorization: "Bearer owner" },
      body: JSON.stringify({ localId: uid, emailVerified: true })
    }),
    "the Auth emulator's accounts:update"
  )
}

/**
 * An account made the way the app makes one, minus the screens: the identity in the
 * Auth emulator (its email verified: only a verified client is linked to a coach,
 * docs/decisions/012), the user record through our API's signup call. For tests about
 * something other than signing up.
 */
export async function createAccount(
  baseURL: string,
  userType: Account["userType"],
  label = userType.toLowerCase()
): Promise<Account> {
  const account = { email: uniqueEmail(label), password: "first-Secret-1", name: `${userType} ${label}`, userType }
  const identity = await json<{ localId: string; idToken: string }>(
    await fetch(`${emulator}/identitytoolkit.googleapis.com/v1/accounts:signUp?key=fake`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ email: account.email, password: account.password, returnSecureToken: true })
    }),
    "the Auth emulator's signUp"
  )
  await markEmailVerified(identity.localId)
  const query = new URLSearchParams({
    name: account.name,
    email: account.email,
    firebaseId: identity.localId,
    userType
  })
  await json(
    await fetch(`${baseURL}/beta/api/signup/${identity.localId}?${query.toString()}`, {
      method: "POST",
      headers: { authorization: `Bearer ${identity.idToken}` }
    }),
    "POST /beta/api/signup"
  )
  return account
}

interface OobCode {
  readonly email: string
  readonly requestType: string
  readonly oobCode: string
}

/** The codes the emulator holds for this address and purpose (what the email would carry). */
export async function oobCodesFor(email: string, requestType: string): Promise<ReadonlyArray<OobCode & { oobLink: string }>> {
  const { oobCodes } = await json<{ oobCodes?: ReadonlyArray<OobCode & { oobLink: string }> }>(
    await fetch(`${emulator}/emulator/v1/projects/${PROJECT_ID}/oobCodes`),
    "the Auth emulator's oobCodes"
  )
  return (oobCodes ?? []).filter((code) => code.email === email && code.requestType === requestType)
}

/** The password-reset codes the emulator holds for this address (what the email would carry). */
export async function passwordResetCodesFor(email: string): Promise<ReadonlyArray<OobCode>> {
  const { oobCodes } = await json<{ oobCodes?: ReadonlyArray<OobCode> }>(
    await fetch(`${emulator}/emulator/v1/projects/${PROJECT_ID}/oobCodes`),
    "the Auth emulator's oobCodes"
  )
  return (oobCodes ?? []).filter((code) => code.email === email && code.requestType === "PASSWORD_RESET")
}

/** Deletes the account's identity in the Auth emulator, as an admin removing someone would. */
export async function deleteIdentity(account: Pick<Account, "email" | "password">): Promise<void> {
  const { idToken } = await json<{ idToken: string }>(
    await fetch(`${emulator}/identitytoolkit.googleapis.com/v1/accounts:signInWithPassword?key=fake`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ email: account.email, password: account.password, returnSecureToken: true })
    }),
    "the Auth emulator's signInWithPassword"
  )
  await json(
    await fetch(`${emulator}/identitytoolkit.googleapis.com/v1/accounts:delete?key=fake`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ idToken })
    }),
    "the Auth emulator's delete"
  )
}
