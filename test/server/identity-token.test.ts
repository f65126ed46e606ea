/* eslint-disable @typescript-eslint/no-unsafe-member-access, @typescript-eslint/no-unsafe-assignment -- these tests read the raw JSON answers the way any API client would; the assertions check their shape */
// docs/decisions/012: identity comes from the token, never from the query
// (docs/decisions/012). Real tokens from the Auth emulator, both databases.
import { describe, expect, it } from "vitest"
import { makeFirebaseTokenVerifier, FRESH_CHECK_MS } from "#server/auth/token-verifier.ts"
import { acceptInvitationFrom, signupPath, useApiUnderTest, type ApiUnderTest } from "./support/api-under-test.ts"
import { databasesUnderTest } from "./support/databases.ts"
import { anonymous, deleteAccount, signIn, signUp, updateAccount, verifyEmailByLink } from "./support/emulator-admin.ts"
import { createEmulatorUser, type EmulatorUser } from "./support/emulator-users.ts"

const checkPath = (email: string, firebaseId: string) =>
  `/beta/api/user/check?${new URLSearchParams({ email, firebaseId })}`

const check = (api: ApiUnderTest, user: EmulatorUser) =>
  api.call("GET", checkPath(user.email, user.uid), { token: user.idToken })

const invite = (api: ApiUnderTest, coach: { id: number; idToken: string }, email: string) =>
  api.call("POST", "/beta/api/addClient", {
    token: coach.idToken,
    body: { data: { coachId: coach.id, clientEmail: email } }
  })

const clientsOf = (api: ApiUnderTest, coach: { id: number; idToken: string }) =>
  api.call("GET", `/beta/api/getAllClients/${coach.id}`, { token: coach.idToken })

/**
 * The emulator revokes an account's earlier tokens when its address changes (validSince, in
 * whole seconds, against the token's auth_time): only a token from the move's own second
 * outlives it, and only then does the takeover rule, not the revocation, decide the answer.
 * Runs `steps` from the start of a second; undefined when they did not end within it.
 */
async function inOneSecond<T>(steps: () => Promise<T>): Promise<T | undefined> {
  await new Promise((resolve) => setTimeout(resolve, 1_000 - (Date.now() % 1_000)))
  const second = Math.floor(Date.now() / 1_000)
  const result = await steps()
  return Math.floor(Date.now() / 1_000) === second ? result : undefined
}

describe.each(databasesUnderTest)("identity from the token on $name", (database) => {
  const api = useApiUnderTest(database)

  it("a token without an email cannot sign up, whatever email the query names", async () => {
    const nobody = await anonymous()
    const path = `/beta/api/signup/${nobody.uid}?${new URLSearchParams({
      name: "Mallory",
      email: "victim@tests.dev",
      firebaseId: nobody.uid,
      userType: "Client"
    })}`
    const answer = await api.call("POST", path, { token: nobody.idToken })
    expect(answer).toEqual({ status: 403, body: { error: expect.stringContaining("no email address") } })
    const checked = await api.call("GET", checkPath("victim@tests.dev", nobody.uid), { token: nobody.idToken })
    expect(checked).toEqual({ status: 200, body: [] })
  })

  it("signup stores the token's email as Firebase holds it, not the query's spelling", async () => {
    const person = await createEmulatorUser("spelling")
    const path = `/beta/api/signup/${person.uid}?${new URLSearchParams({
      name: "Sam Spelling",
      email: person.email.toUpperCase(),
      firebaseId: person.uid,
      userType: "Client"
    })}`
    const answer = await api.call("POST", path, { token: person.idToken })
    expect(answer.status).toBe(200)
    expect(answer.body.email).toBe(person.email)
  })

  it("an unverified sign-up under an invited address takes no invitation; the verified owner does", async () => {
    const coach = await api.signupAs("Coach")
    const invited = `invited-${Date.now().toString(36)}@tests.dev`
    await invite(api, coach, invited)
    const squatter = await signUp(invited)
    const squatted = await api.call("POST", signupPath(squatter, "Mallory", "Client"), { token: squatter.idToken })
    expect(squatted.status).toBe(200)
    expect((await clientsOf(api, coach)).body).toEqual({ [`pending:${invited}`]: { name: invited, pending: true } })
    // Checking again with the same unverified token still links nothing.
    expect((await check(api, squatter)).body).toEqual([squatted.body])
    expect((await clientsOf(api, coach)).body).toEqual({ [`pending:${invited}`]: { name: invited, pending: true } })
  })

  it("an unverified client stays unlinked until verified, then user/check links them with nothing else to do", async () => {
    const coach = await api.signupAs("Coach")
    const client = await createEmulatorUser("later", { verified: false })
    await invite(api, coach, client.email)
    const created = await api.call("POST", signupPath(client, "Lee Later", "Client"), { token: client.idToken })
    expect(created.status).toBe(200)
    expect((await clientsOf(api, coach)).body).toEqual({
      [`pending:${client.email}`]: { name: client.email, pending: true }
    })

    await verifyEmailByLink(client)
    const refreshed = await signIn(client.email)
    expect((await check(api, refreshed)).body).toEqual([created.body])
    expect(await clientsOf(api, coach)).toEqual({
      status: 200,
      body: { [String(created.body.id)]: { name: "Lee Later", pending: false } }
    })
  })

  it("a coach inviting an existing unverified client waits for them to verify and accept (ADR 033)", async () => {
    const coach = await api.signupAs("Coach")
    const client = await createEmulatorUser("unverified", { verified: false })
    const created = await api.call("POST", signupPath(client, "Uma", "Client"), { token: client.idToken })
    const added = await invite(api, coach, client.email)
    expect(added).toEqual({ status: 200, body: { [`pending:${client.email}`]: { name: client.email, pending: true } } })

    await verifyEmailByLink(client)
    const verified = await signIn(client.email)
    await check(api, verified)
    // An invitation to an existing account is never taken without the client's tap.
    expect((await clientsOf(api, coach)).body).toEqual({
      [`pending:${client.email}`]: { name: client.email, pending: true }
    })
    await acceptInvitationFrom(api.server().url, verified, coach)
    expect((await clientsOf(api, coach)).body).toEqual({ [String(created.body.id)]: { name: "Uma", pending: false } })
  })

  it("a verified email change in Firebase becomes the stored email; an unverified one does not", async () => {
    const person = await api.signupAs("Client", "Cam Changer")
    const unverifiedEmail = `unverified-${person.email}`
    await updateAccount(person.uid, { email: unverifiedEmail, emailVerified: false })
    const unverified = await signIn(unverifiedEmail)
    expect((await check(api, unverified)).body[0].email).toBe(person.email)

    const newEmail = `changed-${person.email}`
    await updateAccount(person.uid, { email: newEmail, emailVerified: true })
    const changed = await signIn(newEmail)
    const answer = await check(api, changed)
    expect(answer).toEqual({ status: 200, body: [{ ...answer.body[0], id: person.id, email: newEmail }] })
  })

  it("a Firebase account deleted and re-created with the same verified email keeps its record and coach", async () => {
    const coach = await api.signupAs("Coach")
    const client = await api.clientOf(coach, "Rae Returning")
    const before = (await check(api, client)).body[0]
    await deleteAccount(client.uid)

    const recreated = await signUp(client.email)
    await updateAccount(recreated.uid, { emailVerified: true })
    const verified = await signIn(client.email)
    expect(verified.uid).not.toBe(client.uid)

    const checked = await check(api, verified)
    expect(checked).toEqual({ status: 200, body: [{ ...before, firebase_id: verified.uid }] })
    expect((await clientsOf(api, coach)).body).toEqual({
      [String(before.id)]: { name: "Rae Returning", pending: false }
    })
    // The old uid's record is this one now: signing up again is the usual 409.
    const second = await api.call("POST", signupPath(verified, "Rae", "Client"), { token: verified.idToken })
    expect(second).toEqual({
      status: 409,
      body: { error: expect.stringContaining("already"), code: "AlreadySignedUp" }
    })
  })

  it("a re-created account whose email is not verified yet does not take the record over", async () => {
    const person = await api.signupAs("Client", "Nat")
    await deleteAccount(person.uid)
    const recreated = await signUp(person.email)
    expect((await check(api, recreated)).body).toEqual([])
    const signup = await api.call("POST", signupPath(recreated, "Not Nat", "Client"), { token: recreated.idToken })
    expect(signup).toEqual({
      status: 409,
      body: { error: expect.stringContaining("already exists"), code: "EmailTaken" }
    })
  })

  it("a takeover is not decided on an old token: Firebase must give the caller that verified address now", async () => {
    const staleTokenOfATakenAddress = async () => {
      const person = await api.signupAs("Client", "Olga")
      await deleteAccount(person.uid)
      const recreated = await signUp(person.email)
      await updateAccount(recreated.uid, { emailVerified: true })
      // Firebase moves the new account elsewhere; its earlier token still says the old address.
      return inOneSecond(async () => {
        const token = await signIn(person.email)
        await updateAccount(recreated.uid, { email: `elsewhere-${person.email}`, emailVerified: false })
        return token
      })
    }
    const staleToken = (await staleTokenOfATakenAddress()) ?? (await staleTokenOfATakenAddress())
    if (staleToken === undefined) throw new Error("signing in and moving the account never fit in one second")
    expect((await check(api, staleToken)).body).toEqual([])
  })

  it("an address whose Firebase account still lives elsewhere is never taken over: the record follows its owner", async () => {
    const holder = await api.signupAs("Client", "Holder")
    const movedEmail = `moved-${holder.email}`
    // The holder moved to another address in Firebase, and our server has not seen it yet.
    await updateAccount(holder.uid, { email: movedEmail, emailVerified: true })
    const newcomer = await signUp(holder.email)
    await updateAccount(newcomer.uid, { emailVerified: true })
    const verified = await signIn(holder.email)

    expect((await check(api, verified)).body).toEqual([])
    const created = await api.call("POST", signupPath(verified, "Newcomer", "Client"), { token: verified.idToken })
    expect(created.status).toBe(200)
    expect(created.body.id).not.toBe(holder.id)
    const own = await check(api, await signIn(movedEmail))
    expect(own.body).toEqual([expect.objectContaining({ id: holder.id, email: movedEmail, firebase_id: holder.uid })])
  })
})

describe.each(databasesUnderTest)("disabled, deleted and revoked accounts on $name", (database) => {
  let clock = Date.now()
  const api = useApiUnderTest(database, { tokens: makeFirebaseTokenVerifier({ now: () => clock }) })
  const coach = () => api.signupAs("Coach", "Casey")
  const write = (who: { id: number; idToken: string }) =>
    api.call("POST", "/beta/api/addClient", {
      token: who.idToken,
      body: { data: { coachId: who.id, clientEmail: `someone-${Math.random().toString(36).slice(2)}@tests.dev` } }
    })
  const read = (who: { id: number; idToken: string }) =>
    api.call("GET", `/beta/api/getAllClients/${who.id}`, { token: who.idToken })

  it.each([
    ["disabled", (uid: string) => updateAccount(uid, { disableUser: true })],
    ["deleted", (uid: string) => deleteAccount(uid)],
    ["revoked", (uid: string) => updateAccount(uid, { validSince: String(Math.floor(Date.now() / 1000) + 5) })]
  ])("a %s account's writes are refused once its minute of trust is over; reads stay cheap", async (_, cutOff) => {
    const person = await coach()
    expect((await write(person)).status).toBe(200)
    await cutOff(person.uid)
    // Within the minute the last check is trusted; reads never ask Firebase again.
    expect((await write(person)).status).toBe(200)
    expect((await read(person)).status).toBe(200)
    clock += FRESH_CHECK_MS + 1_000
    const refused = await write(person)
    expect(refused).toEqual({
      status: 401,
      body: { error: expect.stringContaining("disabled or your sign-in was revoked") }
    })
    expect((await read(person)).status).toBe(200)
  })
})
