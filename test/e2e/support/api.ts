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

/**
 * The client accepts the coach's open invitation (docs/decisions/033): the way a coach and
 * an existing client become linked.
 */
export async function acceptInvitation(baseURL: string, clientToken: string, coachEmail: string): Promise<void> {
  const { invitations } = (await api(baseURL, clientToken, "GET", "/api/coaching")) as {
    invitations: ReadonlyArray<{ invitationId: number; coachEmail: string }>
  }
  const invitation = invitations.find((one) => one.coachEmail === coachEmail.toLowerCase())
  if (invitation === undefined) throw new Error(`no invitation from ${coachEmail}`)
  await api(baseURL, clientToken, "POST", `/api/coaching/invitations/${invitation.invitationId}/accept`)
}

/** The coach invites the client, who accepts: a new link, as the two of them would make it. */
export async function link(
  baseURL: string,
  coachIds: Signed,
  coachEmail: string,
  client: { email: string; ids: Signed }
) {
  await api(baseURL, coachIds.token, "POST", "/api/addClient", {
    data: { coachId: coachIds.id, clientEmail: client.email }
  })
  await acceptInvitation(baseURL, client.ids.token, coachEmail)
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
  await link(baseURL, coachIds, coach.email, { email: client.email, ids: clientIds })
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
  const ids = [ann, bo, cy] as const
  for (const [index, client] of clients.entries())
    await link(baseURL, coachIds, coach.email, { email: client.email, ids: ids[index] ?? ann })
  return { coach, coachIds, clients, ann, bo, cy }
}

/** Rows the server answered for a saved workout. */
export interface SavedRow {
  readonly id: number
  readonly exercise: string
  readonly set: number
}
