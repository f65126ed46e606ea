/**
 * What an administrator (or the person, by clicking a link) does to a Firebase account,
 * done on the Auth emulator: verify an email through its oobCode, change it, disable,
 * revoke or delete the account, sign in again for a token that says so.
 */
const host = () => process.env.FIREBASE_AUTH_EMULATOR_HOST ?? "127.0.0.1:9099"
export const projectId = () => process.env.GCLOUD_PROJECT ?? "demo-strength-coach"

const toolkit = (path: string) => `http://${host()}/identitytoolkit.googleapis.com/v1/${path}`

/**
 * fetch, sent once more when the emulator closed a kept-alive connection just as the
 * request went out (undici's UND_ERR_SOCKET, "other side closed"): the request never
 * reached it. Any other failure, and a second close, stand.
 */
export async function emulatorFetch(url: string, init?: RequestInit): Promise<Response> {
  try {
    return await fetch(url, init)
  } catch (error) {
    const cause = error instanceof Error ? (error.cause as { code?: unknown } | undefined) : undefined
    if (cause?.code !== "UND_ERR_SOCKET") throw error
    return fetch(url, init)
  }
}

async function post<T>(url: string, body: unknown, owner = false): Promise<T> {
  const response = await emulatorFetch(url, {
    method: "POST",
    headers: { "content-type": "application/json", ...(owner ? { authorization: "Bearer owner" } : {}) },
    body: JSON.stringify(body)
  })
  if (!response.ok) throw new Error(`${url} answered ${response.status}: ${await response.text()}`)
  return (await response.json()) as T
}

export interface SignedIn {
  readonly uid: string
  readonly email: string
  readonly idToken: string
}

export async function signIn(email: string, password = "test-password"): Promise<SignedIn> {
  const body = await post<{ localId: string; email: string; idToken: string }>(
    toolkit("accounts:signInWithPassword?key=fake"),
    { email, password, returnSecureToken: true }
  )
  return { uid: body.localId, email: body.email, idToken: body.idToken }
}

export async function signUp(email: string, password = "test-password"): Promise<SignedIn> {
  const body = await post<{ localId: string; email: string; idToken: string }>(toolkit("accounts:signUp?key=fake"), {
    email,
    password,
    returnSecureToken: true
  })
  return { uid: body.localId, email: body.email, idToken: body.idToken }
}

/** An ID token of an anonymous account: no email at all. */
export async function anonymous(): Promise<{ uid: string; idToken: string }> {
  const body = await post<{ localId: string; idToken: string }>(toolkit("accounts:signUp?key=fake"), {
    returnSecureToken: true
  })
  return { uid: body.localId, idToken: body.idToken }
}

interface OobCode {
  readonly email: string
  readonly requestType: string
  readonly oobCode: string
  readonly oobLink: string
}

export async function oobCodes(): Promise<ReadonlyArray<OobCode>> {
  const response = await emulatorFetch(`http://${host()}/emulator/v1/projects/${projectId()}/oobCodes`)
  const body = (await response.json()) as { oobCodes?: ReadonlyArray<OobCode> }
  return body.oobCodes ?? []
}

/** Asks Firebase to send the verification email, then follows its link, as the person would. */
export async function verifyEmailByLink(user: { idToken: string; email: string }): Promise<void> {
  await post(toolkit("accounts:sendOobCode?key=fake"), { requestType: "VERIFY_EMAIL", idToken: user.idToken })
  const codes = (await oobCodes()).filter((code) => code.email === user.email && code.requestType === "VERIFY_EMAIL")
  const code = codes.at(-1)
  if (code === undefined) throw new Error(`no verification code for ${user.email}`)
  const applied = await fetch(code.oobLink)
  if (!applied.ok) throw new Error(`applying the verification code answered ${applied.status}`)
}

/** An administrator's change to the account (emulator: `Authorization: Bearer owner`). */
export async function updateAccount(uid: string, change: Record<string, unknown>): Promise<void> {
  await post(toolkit(`projects/${projectId()}/accounts:update`), { localId: uid, ...change }, true)
}

export async function deleteAccount(uid: string): Promise<void> {
  await post(toolkit(`projects/${projectId()}/accounts:delete`), { localId: uid }, true)
}
