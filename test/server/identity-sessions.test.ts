/* eslint-disable @typescript-eslint/no-unsafe-member-access, @typescript-eslint/no-unsafe-assignment -- these tests read the raw JSON answers the way any API client would; the assertions check their shape */
// What Firebase says now outweighs what a token said (docs/decisions/012, 035): user/check
// confirms an "unverified" claim with Firebase, at most once per window per uid, and a
// write's revocation check answers for one session, not for the whole account.
// Real tokens from the Auth emulator, both databases.
import { describe, expect, it } from "vitest"
import { makeFirebaseTokenVerifier, type TokenVerifier } from "#server/auth/token-verifier.ts"
import { signupPath, useApiUnderTest, type ApiUnderTest } from "./support/api-under-test.ts"
import { databasesUnderTest } from "./support/databases.ts"
import { signIn, updateAccount, verifyEmailByLink } from "./support/emulator-admin.ts"
import { createEmulatorUser, type EmulatorUser } from "./support/emulator-users.ts"

const check = (api: ApiUnderTest, user: EmulatorUser) =>
  api.call("GET", `/beta/api/user/check?${new URLSearchParams({ email: user.email, firebaseId: user.uid })}`, {
    token: user.idToken
  })

const clientsOf = (api: ApiUnderTest, coach: { id: number; idToken: string }) =>
  api.call("GET", `/beta/api/getAllClients/${coach.id}`, { token: coach.idToken })

/** The emulator's verifier, counting every time the server asks Firebase for an account. */
function countingTokens(): { readonly tokens: TokenVerifier; readonly askedFor: (uid: string) => number } {
  const verifier = makeFirebaseTokenVerifier()
  const lookUp = verifier.account
  if (lookUp === undefined) throw new Error("the Firebase verifier looks accounts up")
  const asked: Array<string> = []
  return {
    tokens: {
      ...verifier,
      account: (uid) => {
        asked.push(uid)
        return lookUp(uid)
      }
    },
    askedFor: (uid) => asked.filter((each) => each === uid).length
  }
}

const nextSecond = () => new Promise((resolve) => setTimeout(resolve, 1_000 - (Date.now() % 1_000) + 10))

describe.each(databasesUnderTest)("Firebase's word on a token's claims on $name", (database) => {
  const counting = countingTokens()
  const api = useApiUnderTest(database, { tokens: counting.tokens })

  it("a client verified in Firebase is linked on a check with an older, unverified token; Firebase is asked once per window", async () => {
    const coach = await api.signupAs("Coach")
    const client = await createEmulatorUser("early", { verified: false })
    const invited = await api.call("POST", "/beta/api/addClient", {
      token: coach.idToken,
      body: { data: { coachId: coach.id, clientEmail: client.email } }
    })
    expect(invited.status).toBe(200)
    const created = await api.call("POST", signupPath(client, "Eve Early", "Client"), { token: client.idToken })
    expect(created.status).toBe(200)
    expect((await clientsOf(api, coach)).body).toEqual({
      [`pending:${client.email}`]: { name: client.email, pending: true }
    })

    await verifyEmailByLink(client)
    const before = counting.askedFor(client.uid)
    // The token still says email_verified: false; Firebase says otherwise.
    expect(await check(api, client)).toEqual({ status: 200, body: [created.body] })
    expect(counting.askedFor(client.uid)).toBe(before + 1)
    expect(await clientsOf(api, coach)).toEqual({
      status: 200,
      body: { [String(created.body.id)]: { name: "Eve Early", pending: false } }
    })

    expect(await check(api, client)).toEqual({ status: 200, body: [created.body] })
    expect(counting.askedFor(client.uid)).toBe(before + 1)
  })

  it("a token whose claim Firebase does not confirm links nothing", async () => {
    const coach = await api.signupAs("Coach")
    const client = await createEmulatorUser("unconfirmed", { verified: false })
    await api.call("POST", "/beta/api/addClient", {
      token: coach.idToken,
      body: { data: { coachId: coach.id, clientEmail: client.email } }
    })
    const created = await api.call("POST", signupPath(client, "Ulla", "Client"), { token: client.idToken })
    expect(await check(api, client)).toEqual({ status: 200, body: [created.body] })
    expect((await clientsOf(api, coach)).body).toEqual({
      [`pending:${client.email}`]: { name: client.email, pending: true }
    })
  })
})

describe.each(databasesUnderTest)("a write's revocation check on $name", (database) => {
  const api = useApiUnderTest(database, { tokens: makeFirebaseTokenVerifier() })
  const write = (who: { id: number }, token: string) =>
    api.call("PUT", `/beta/api/preferences/${who.id}`, { token, body: { unit: "kg", bar: 15, smallest_plate: 0.5 } })

  it("a revoked session is refused even right after another session of the account passed the check", async () => {
    const person = await api.signupAs("Client", "Rex Revoked")
    // A session the signup's own check never saw (the emulator's tokens of one second are
    // the same string), from a second before the revocation, that read before it.
    await nextSecond()
    const old = await signIn(person.email)
    expect((await api.call("GET", "/beta/api/exercises", { token: old.idToken })).status).toBe(200)
    await nextSecond()
    await updateAccount(person.uid, { validSince: String(Math.floor(Date.now() / 1000)) })
    const current = await signIn(person.email)

    expect((await write(person, current.idToken)).status).toBe(200)
    expect(await write(person, old.idToken)).toEqual({
      status: 401,
      body: { error: expect.stringContaining("disabled or your sign-in was revoked") }
    })
  })
})
