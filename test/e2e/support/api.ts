import { createAccount, EMULATOR_HOST, type Account } from "./stack.ts"

// Setting the scene through the real API, as a coach's or client's browser would.

export interface Signed {
  readonly id: number
  readonly token: string
}

/** Signs the account in at the Auth emulator and finds its user id. */
export async function signedIn(baseURL: string, account: Account): Promise<Signed> {
  const response = await fetch(
    `http://${EMULATOR_HOST}/identitytoolkit.googleapis.com/v1/accounts:signInWithPassword?key=fake`,
    {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ email: account.email, password: account.password, returnSecureToken: true })
    }
  )
  const { idToken, localId } = (await response.json()) as { idToken: string; localId: string }
  const query = new URLSearchParams({ email: account.email, firebaseId: localId })
  const users = (await (
    await fetch(`${baseURL}/beta/api/user/check?${query.toString()}`, {
      headers: { authorization: `Bearer ${idToken}` }
    })
  ).json()) as Array<{ id: number }>
  return { id: users[0]?.id ?? 0, token: idToken }
}

/** One call of our API; anything but a 2xx fails the test with the answer. */
export async function api(
  baseURL: string,
  token: string,
  method: string,
  path: string,
  body?: unknown
): Promise<unknown> {
  const response = await fetch(`${baseURL}/beta${path}`, {
    method,
    headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
    ...(body === undefined ? {} : { body: JSON.stringify(body) })
  })
  if (!response.ok) throw new Error(`${method} ${path} answered ${response.status}: ${await response.text()}`)
  return response.json()
}

export interface CoachedClient {
  readonly coach: Account
  readonly client: Account
  readonly coachIds: Signed
  readonly clientIds: Signed
}

/** A new coach with a new client on their list. */
export async function coachAndClient(baseURL: string): Promise<CoachedClient> {
  const coach = await createAccount(baseURL, "Coach")
  const client = await createAccount(baseURL, "Client", "lifter")
  const coachIds = await signedIn(baseURL, coach)
  const clientIds = await signedIn(baseURL, client)
  await api(baseURL, coachIds.token, "POST", "/api/addClient", {
    data: { coachId: coachIds.id, clientEmail: client.email }
  })
  return { coach, client, coachIds, clientIds }
}

export interface CoachWithThree {
  readonly coach: Account
  readonly coachIds: Signed
  /** Ann, Bo and Cy, each on the coach's list. */
  readonly clients: readonly [Account, Account, Account]
  readonly ann: Signed
  readonly bo: Signed
  readonly cy: Signed
}

/** A new coach with three new clients on their list. */
export async function coachWithThreeClients(baseURL: string): Promise<CoachWithThree> {
  const coach = await createAccount(baseURL, "Coach")
  const clients = [
    await createAccount(baseURL, "Client", "ann"),
    await createAccount(baseURL, "Client", "bo"),
    await createAccount(baseURL, "Client", "cy")
  ] as const
  const coachIds = await signedIn(baseURL, coach)
  const [ann, bo, cy] = await Promise.all(clients.map((client) => signedIn(baseURL, client)))
  if (ann === undefined || bo === undefined || cy === undefined) throw new Error("three clients were not signed in")
  for (const client of clients)
    await api(baseURL, coachIds.token, "POST", "/api/addClient", {
      data: { coachId: coachIds.id, clientEmail: client.email }
    })
  return { coach, coachIds, clients, ann, bo, cy }
}

/** Rows the server answered for a saved workout. */
export interface SavedRow {
  readonly id: number
  readonly exercise: string
  readonly set: number
}
