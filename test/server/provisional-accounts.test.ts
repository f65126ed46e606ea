/* eslint-disable @typescript-eslint/no-unsafe-member-access, @typescript-eslint/no-unsafe-assignment -- these tests read the raw JSON answers the way any API client would; the assertions check their shape */
// A record made under an unverified email is provisional (docs/decisions/035): its maker
// keeps it by verifying; the address's verified owner coming in through Google starts
// afresh and cuts the maker's sessions off. Real tokens from the Auth emulator, both databases.
import { eq } from "drizzle-orm"
import { describe, expect, it } from "vitest"
import type { UserId } from "#domain/ids.ts"
import { users } from "#server/db/schema.ts"
import { signupPath, useApiUnderTest, type ApiAnswer, type ApiUnderTest } from "./support/api-under-test.ts"
import { databasesUnderTest } from "./support/databases.ts"
import { deleteAccount, signIn, updateAccount, verifyEmailByLink } from "./support/emulator-admin.ts"

const host = () => process.env.FIREBASE_AUTH_EMULATOR_HOST ?? "127.0.0.1:9099"

interface Session {
  readonly uid: string
  readonly email: string
  readonly idToken: string
  readonly refreshToken: string
}

async function postJson<T>(path: string, body: unknown): Promise<T> {
  const response = await fetch(`http://${host()}/${path}`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(body)
  })
  if (!response.ok) throw new Error(`${path} answered ${response.status}: ${await response.text()}`)
  return (await response.json()) as T
}

type SignedInBody = { localId: string; email: string; idToken: string; refreshToken: string }

const sessionOf = (body: SignedInBody): Session => ({
  uid: body.localId,
  email: body.email,
  idToken: body.idToken,
  refreshToken: body.refreshToken
})

/** An email-and-password sign-up: Firebase has not verified the address. */
const passwordSignUp = async (email: string) =>
  sessionOf(
    await postJson<SignedInBody>("identitytoolkit.googleapis.com/v1/accounts:signUp?key=fake", {
      email,
      password: "test-password",
      returnSecureToken: true
    })
  )

/** Signing in with Google as the address's owner: the emulator's IdP takes the fake id_token's claims. */
const googleSignIn = async (email: string) => {
  const claims = { sub: `google-${email}`, email, email_verified: true }
  return sessionOf(
    await postJson<SignedInBody>("identitytoolkit.googleapis.com/v1/accounts:signInWithIdp?key=fake", {
      postBody: `id_token=${encodeURIComponent(JSON.stringify(claims))}&providerId=google.com`,
      requestUri: "http://localhost",
      returnSecureToken: true
    })
  )
}

/** A new ID token from a session's refresh token, as the Firebase SDK mints one every hour. */
async function refreshed(session: Session): Promise<string> {
  const response = await fetch(`http://${host()}/securetoken.googleapis.com/v1/token?key=fake`, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ grant_type: "refresh_token", refresh_token: session.refreshToken })
  })
  if (!response.ok) throw new Error(`refreshing answered ${response.status}: ${await response.text()}`)
  return ((await response.json()) as { id_token: string }).id_token
}

/**
 * Firebase counts sign-ins in whole seconds: the owner's Google sign-in is started at the
 * top of a second so that dropping the password and stamping the sign-in share one.
 */
const atTheTopOfASecond = () => new Promise((resolve) => setTimeout(resolve, 1_000 - (Date.now() % 1_000)))

const address = (label: string) =>
  `${label}-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 7)}@tests.dev`

const checkPath = (email: string, uid: string) =>
  `/beta/api/user/check?${new URLSearchParams({ email, firebaseId: uid })}`

/** Whether the record a signup answered is provisional; undefined once it is gone. */
const provisionalOf = async (api: ApiUnderTest, created: ApiAnswer) => {
  const id: UserId = created.body.id
  const [row] = await api
    .server()
    .database.db.select({ provisional: users.provisional })
    .from(users)
    .where(eq(users.id, id))
  return row?.provisional
}

describe.each(databasesUnderTest)("provisional accounts on $name", (database) => {
  const api = useApiUnderTest(database)

  it("the address's verified owner coming in through Google starts afresh, and the squatter is cut off", async () => {
    const email = address("squatted")
    const squatter = await passwordSignUp(email)
    const squatted = await api.call("POST", signupPath(squatter, "Mallory", "Coach"), { token: squatter.idToken })
    expect(squatted.status).toBe(200)
    expect(await provisionalOf(api, squatted)).toBe(true)

    await atTheTopOfASecond()
    const owner = await googleSignIn(email)
    // The same Firebase account: Firebase dropped the unverified password and revoked its sessions.
    expect(owner.uid).toBe(squatter.uid)

    const ownerCheck = () => api.call("GET", checkPath(email, owner.uid), { token: owner.idToken })
    expect(await ownerCheck()).toEqual({ status: 200, body: [] })
    expect(await provisionalOf(api, squatted)).toBeUndefined()

    // Before the owner signs up, the squatter's sessions cannot make a record under the uid.
    const squatterAgain = await refreshed(squatter)
    for (const token of [squatter.idToken, squatterAgain]) {
      const signup = await api.call("POST", signupPath(squatter, "Mallory", "Coach"), { token })
      expect(signup).toEqual({ status: 401, body: { error: expect.stringContaining("revoked") } })
    }

    const created = await api.call("POST", signupPath(owner, "Olivia Owner", "Client"), { token: owner.idToken })
    expect(created).toEqual({
      status: 200,
      body: { id: expect.any(Number), name: "Olivia Owner", email, firebase_id: owner.uid, user_type: "Client" }
    })
    expect(created.body.id).not.toBe(squatted.body.id)
    expect(await ownerCheck()).toEqual({ status: 200, body: [created.body] })
    const ownerId: number = created.body.id
    const read = (token: string) => api.call("GET", "/beta/api/exercises", { token })
    const write = (token: string) =>
      api.call("PUT", `/beta/api/preferences/${ownerId}`, {
        token,
        body: { unit: "kg", bar: 15, smallest_plate: 0.5 }
      })
    expect((await read(owner.idToken)).status).toBe(200)
    expect((await write(owner.idToken)).status).toBe(200)

    // Reads that never load the caller's account (they filter by the uid in their own query),
    // and the live event stream, which checks tokens on its own path.
    const ownReads = [`/beta/api/preferences/${ownerId}`, `/beta/api/workoutResults/${ownerId}`]
    const openStream = (token: string) =>
      fetch(`${api.server().url}/beta/api/events`, { headers: { authorization: `Bearer ${token}` } })

    // The squatter's old token, and one minted now from their refresh token, are refused everywhere.
    const squatterLater = await refreshed(squatter)
    for (const token of [squatter.idToken, squatterLater]) {
      const refused = { status: 401, body: { error: expect.stringContaining("revoked") } }
      expect(await read(token)).toEqual(refused)
      expect(await write(token)).toEqual(refused)
      for (const path of ownReads) expect(await api.call("GET", path, { token })).toEqual(refused)
      const stream = await openStream(token)
      expect(stream.status).toBe(401)
      await stream.body?.cancel()
      expect(await api.call("GET", checkPath(email, owner.uid), { token })).toEqual(refused)
      expect(await api.call("POST", signupPath(squatter, "Mallory", "Coach"), { token })).toEqual(refused)
    }
    // The owner is not: a fresh token from their own session still reads and writes.
    const ownerLater = await refreshed(owner)
    expect((await read(ownerLater)).status).toBe(200)
    expect((await write(ownerLater)).status).toBe(200)
    for (const path of ownReads) expect((await api.call("GET", path, { token: ownerLater })).status).toBe(200)
    const ownerStream = await openStream(ownerLater)
    expect(ownerStream.status).toBe(200)
    await ownerStream.body?.cancel()
  })

  it("a password sign-up verified through the link keeps its record, which is provisional no more", async () => {
    const email = address("legit")
    const person = await passwordSignUp(email)
    const created = await api.call("POST", signupPath(person, "Val Verified", "Coach"), { token: person.idToken })
    expect(created.status).toBe(200)
    expect(await provisionalOf(api, created)).toBe(true)

    await verifyEmailByLink(person)
    const verified = await signIn(email)
    expect(await api.call("GET", checkPath(email, person.uid), { token: verified.idToken })).toEqual({
      status: 200,
      body: [created.body]
    })
    expect(await provisionalOf(api, created)).toBe(false)

    // Kept for good: a re-created account of the verified address takes it over (ADR 012)
    // rather than starting afresh as it would from a provisional record.
    await deleteAccount(person.uid)
    const recreated = await passwordSignUp(email)
    await updateAccount(recreated.uid, { emailVerified: true })
    const again = await signIn(email)
    expect(await api.call("GET", checkPath(email, again.uid), { token: again.idToken })).toEqual({
      status: 200,
      body: [{ ...created.body, firebase_id: again.uid }]
    })
  })

  it("a provisional record whose Firebase account is gone gives the address's next verified owner no role or name", async () => {
    const email = address("abandoned")
    const squatter = await passwordSignUp(email)
    const squatted = await api.call("POST", signupPath(squatter, "Mallory", "Coach"), { token: squatter.idToken })
    expect(squatted.status).toBe(200)
    await deleteAccount(squatter.uid)

    const owner = await passwordSignUp(email)
    await updateAccount(owner.uid, { emailVerified: true })
    const verified = await signIn(email)
    expect(await api.call("GET", checkPath(email, owner.uid), { token: verified.idToken })).toEqual({
      status: 200,
      body: []
    })
    const created = await api.call("POST", signupPath(verified, "Olivia Owner", "Client"), { token: verified.idToken })
    expect(created.status).toBe(200)
    expect(created.body).toEqual(expect.objectContaining({ name: "Olivia Owner", user_type: "Client" }))
    expect(created.body.id).not.toBe(squatted.body.id)
  })
})
