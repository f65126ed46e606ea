/* eslint-disable @typescript-eslint/no-unsafe-member-access, @typescript-eslint/no-unsafe-assignment -- these tests read the raw JSON answers the way any API client would; the assertions check their shape */
// Coaching by consent (docs/decisions/033-coaching-by-consent.md): an invitation is a
// request the client answers; either side ends a link, which ends the coach's access and
// keeps the history. Real tokens from the Auth emulator, both databases.
import { randomUUID } from "node:crypto"
import { describe, expect, it } from "vitest"
import { MAX_DATABASE_ID } from "#domain/plain-bounds.ts"
import { signupPath, useApiUnderTest, type Account } from "./support/api-under-test.ts"
import { databasesUnderTest } from "./support/databases.ts"
import { updateAccount } from "./support/emulator-admin.ts"
import { createEmulatorUser, expiredTokenOf, type EmulatorUser } from "./support/emulator-users.ts"

const DAY = "2025-03-03"
const WEEK = "from=2025-03-03&to=2025-03-09"

describe.each(databasesUnderTest)("coaching by consent on $name", (database) => {
  const api = useApiUnderTest(database)

  const invite = (coach: Account, email: string) =>
    api.call("POST", "/beta/api/addClient", {
      token: coach.idToken,
      body: { data: { coachId: coach.id, clientEmail: email } }
    })
  const listOf = (coach: Account) => api.call("GET", `/beta/api/getAllClients/${coach.id}`, { token: coach.idToken })
  const coachingOf = (person: { idToken: string }) => api.call("GET", "/beta/api/coaching", { token: person.idToken })
  const accept = (person: { idToken: string }, invitationId: number | string) =>
    api.call("POST", `/beta/api/coaching/invitations/${invitationId}/accept`, { token: person.idToken })
  const decline = (person: { idToken: string }, invitationId: number | string) =>
    api.call("POST", `/beta/api/coaching/invitations/${invitationId}/decline`, { token: person.idToken })
  const endCoaching = (person: { idToken: string }) =>
    api.call("DELETE", "/beta/api/coaching/coach", { token: person.idToken })
  const remove = (coach: { idToken: string }, key: string) =>
    api.call("DELETE", `/beta/api/clients/${encodeURIComponent(key)}`, { token: coach.idToken })

  /** The id of the open invitation `coach` sent to `client`, as the client sees it. */
  const invitationFrom = async (client: Account, coach: Account): Promise<number> => {
    const invitations = (await coachingOf(client)).body.invitations as Array<{
      invitationId: number
      coachEmail: string
    }>
    const found = invitations.find((one) => one.coachEmail === coach.email)
    if (found === undefined) throw new Error(`no invitation from ${coach.email}`)
    return found.invitationId
  }

  /** Everything a coach reads or writes of one client, each call's status. */
  const coachAccess = async (coach: Account, client: Account) => ({
    workouts: (await api.call("GET", `/beta/api/workouts/${client.id}?${WEEK}`, { token: coach.idToken })).status,
    results: (await api.call("GET", `/beta/api/workoutResults/${client.id}?${WEEK}`, { token: coach.idToken })).status,
    preferences: (await api.call("GET", `/beta/api/preferences/${client.id}`, { token: coach.idToken })).status,
    maxes: (await api.call("GET", `/beta/api/maxes/${client.id}`, { token: coach.idToken })).status,
    chat: (await api.call("GET", `/beta/api/chat/${client.id}/messages`, { token: coach.idToken })).status,
    message: (
      await api.call("POST", `/beta/api/chat/${client.id}/messages`, {
        token: coach.idToken,
        body: { id: randomUUID(), body: "still there?" }
      })
    ).status,
    save: (await api.saveWorkout(coach, client, "2025-03-05")).status
  })
  const NO_ACCESS = { workouts: 404, results: 404, preferences: 404, maxes: 404, chat: 404, message: 404, save: 404 }
  const FULL_ACCESS = { workouts: 200, results: 200, preferences: 200, maxes: 200, chat: 200, message: 200, save: 200 }

  /** A coach and a client linked by invitation and acceptance, with a workout on DAY. */
  const linkedPair = async () => {
    const coach = await api.signupAs("Coach", "Cora Coach")
    const client = await api.clientOf(coach, "Cal Client")
    expect((await api.saveWorkout(coach, client, DAY)).status).toBe(200)
    return { coach, client }
  }

  describe("an invitation is a request", () => {
    it("inviting an existing verified client links nobody: the coach reads and writes nothing of theirs until they accept", async () => {
      const coach = await api.signupAs("Coach", "Cora Coach")
      const client = await api.signupAs("Client", "Cal Client")
      expect(await invite(coach, client.email)).toEqual({
        status: 200,
        body: { [`pending:${client.email}`]: { name: client.email, pending: true } }
      })
      expect(await coachAccess(coach, client)).toEqual(NO_ACCESS)
      expect((await coachingOf(client)).body.coach).toBeNull()

      const accepted = await accept(client, await invitationFrom(client, coach))
      expect(accepted.status).toBe(200)
      expect(accepted.body).toEqual({
        coach: { coachId: coach.id, name: "Cora Coach", email: coach.email, since: expect.any(String) },
        invitations: [],
        emailVerified: true
      })
      expect((await listOf(coach)).body).toEqual({ [String(client.id)]: { name: "Cal Client", pending: false } })
      expect(await coachAccess(coach, client)).toEqual(FULL_ACCESS)
    })

    it("a coach whose email is not verified cannot invite: a 403 naming the reason, and nothing is recorded", async () => {
      const unverified = await createEmulatorUser("unverified-coach", { verified: false })
      const signedUp = await api.call("POST", signupPath(unverified, "Una Unverified", "Coach"), {
        token: unverified.idToken
      })
      expect(signedUp.status).toBe(200)
      const coach = { ...unverified, id: signedUp.body.id as number, name: "Una Unverified" }
      expect(await invite(coach, "someone@tests.dev")).toEqual({
        status: 403,
        body: { error: "Verify your email address before inviting clients", code: "EmailNotVerified" }
      })
      expect((await listOf(coach)).body).toEqual({})
    })

    it("a token minted before the coach verified is confirmed with Firebase: the invitation is recorded", async () => {
      const coach = await createEmulatorUser("late-verifier", { verified: false })
      const signedUp = await api.call("POST", signupPath(coach, "Lou Late", "Coach"), { token: coach.idToken })
      await updateAccount(coach.uid, { emailVerified: true })
      // Still the old token, whose email_verified claim says no.
      const answer = await invite({ ...coach, id: signedUp.body.id, name: "Lou Late" }, "later@tests.dev")
      expect(answer).toEqual({
        status: 200,
        body: { "pending:later@tests.dev": { name: "later@tests.dev", pending: true } }
      })
    })

    it("a client whose email is not verified sees no invitations, is told why, and cannot answer one", async () => {
      const coach = await api.signupAs("Coach")
      const person = await createEmulatorUser("unverified-client", { verified: false })
      const signedUp = await api.call("POST", signupPath(person, "Vi Unverified", "Client"), { token: person.idToken })
      expect(signedUp.status).toBe(200)
      expect((await invite(coach, person.email)).status).toBe(200)
      expect(await coachingOf(person)).toEqual({
        status: 200,
        body: { coach: null, invitations: [], emailVerified: false }
      })
      // The coach's invitation's id, guessed: still refused for the unverified inbox.
      const verifiedClient = await api.signupAs("Client")
      await invite(coach, verifiedClient.email)
      const someId = await invitationFrom(verifiedClient, coach)
      for (const answer of [await accept(person, someId), await decline(person, someId)]) {
        expect(answer).toEqual({
          status: 403,
          body: { error: expect.stringContaining("Verify your email"), code: "EmailNotVerified" }
        })
      }
    })

    it("two coaches' invitations both reach the client, oldest first; accepting one leaves the other listed", async () => {
      const first = await api.signupAs("Coach", "Fay First")
      const second = await api.signupAs("Coach", "Sid Second")
      const client = await api.signupAs("Client", "Tess Torn")
      await invite(first, client.email)
      await invite(second, client.email)
      const before = await coachingOf(client)
      expect(before.body).toEqual({
        coach: null,
        invitations: [
          {
            invitationId: expect.any(Number),
            coachName: "Fay First",
            coachEmail: first.email,
            invitedAt: expect.any(String)
          },
          {
            invitationId: expect.any(Number),
            coachName: "Sid Second",
            coachEmail: second.email,
            invitedAt: expect.any(String)
          }
        ],
        emailVerified: true
      })
      const [fromFirst, fromSecond] = before.body.invitations as [{ invitationId: number }, { invitationId: number }]
      const accepted = await accept(client, fromFirst.invitationId)
      expect(accepted.body.coach.coachId).toBe(first.id)
      expect(accepted.body.invitations).toEqual([fromSecond])
      // One coach at a time: the other waits until this link ends.
      expect(await accept(client, fromSecond.invitationId)).toEqual({
        status: 409,
        body: { error: expect.stringContaining("already have a coach"), code: "AlreadyCoached" }
      })
      expect((await listOf(second)).body).toEqual({
        [`pending:${client.email}`]: { name: client.email, pending: true }
      })
      expect(await coachAccess(second, client)).toEqual(NO_ACCESS)

      expect((await endCoaching(client)).status).toBe(200)
      const switched = await accept(client, fromSecond.invitationId)
      expect(switched.body.coach.coachId).toBe(second.id)
      expect(await coachAccess(second, client)).toEqual(FULL_ACCESS)
      expect(await coachAccess(first, client)).toEqual(NO_ACCESS)
    })

    it("a declined invitation shows as declined on the coach's list, refuses a new one until removed", async () => {
      const coach = await api.signupAs("Coach")
      const client = await api.signupAs("Client")
      await invite(coach, client.email)
      const declined = await decline(client, await invitationFrom(client, coach))
      expect(declined).toEqual({ status: 200, body: { coach: null, invitations: [], emailVerified: true } })
      const pendingKey = `pending:${client.email}`
      expect((await listOf(coach)).body).toEqual({
        [pendingKey]: { name: client.email, pending: true, declined: true }
      })
      expect(await invite(coach, client.email)).toEqual({
        status: 409,
        body: { error: `data.clientEmail: ${client.email} declined your invitation; remove it to invite them again` }
      })
      expect(await remove(coach, pendingKey)).toEqual({ status: 200, body: {} })
      expect((await invite(coach, client.email)).status).toBe(200)
      expect((await coachingOf(client)).body.invitations).toHaveLength(1)
    })

    it("an address of a coach is ADR 015's 409; one already linked to this coach is 'already on your list'", async () => {
      const { coach, client } = await linkedPair()
      const otherCoach = await api.signupAs("Coach")
      expect(await invite(coach, otherCoach.email)).toEqual({
        status: 409,
        body: { error: "That email can't be added to your list" }
      })
      expect(await invite(coach, client.email.toUpperCase())).toEqual({
        status: 409,
        body: { error: "That client is already on your list" }
      })
    })
  })

  describe("either side ends a link", () => {
    it("the client ends it: the coach's access ends, the client keeps their history, the coach may invite again", async () => {
      const { coach, client } = await linkedPair()
      const ended = await endCoaching(client)
      expect(ended).toEqual({ status: 200, body: { coach: null, invitations: [], emailVerified: true } })
      expect(await coachAccess(coach, client)).toEqual(NO_ACCESS)
      expect((await listOf(coach)).body).toEqual({})
      const own = await api.call("GET", `/beta/api/workouts/${client.id}?${WEEK}`, { token: client.idToken })
      expect(own.status).toBe(200)
      expect(own.body.length).toBeGreaterThan(0)
      // Without a coach there is nobody to talk to.
      const chat = await api.call("GET", `/beta/api/chat/${client.id}/messages`, { token: client.idToken })
      expect(chat.status).toBe(404)
      expect(await endCoaching(client)).toEqual({
        status: 404,
        body: { error: expect.stringContaining("no coach"), code: "NoCoach" }
      })

      expect((await invite(coach, client.email)).status).toBe(200)
      await accept(client, await invitationFrom(client, coach))
      const again = await api.call("GET", `/beta/api/workouts/${client.id}?${WEEK}`, { token: coach.idToken })
      expect(again).toEqual(own)
    })

    it("the coach ends it: their access ends, the client has no coach and keeps their workouts", async () => {
      const { coach, client } = await linkedPair()
      const other = await api.clientOf(coach, "Olly Other")
      expect(await remove(coach, String(client.id))).toEqual({
        status: 200,
        body: { [String(other.id)]: { name: "Olly Other", pending: false } }
      })
      expect(await coachAccess(coach, client)).toEqual(NO_ACCESS)
      expect(await coachAccess(coach, other)).toEqual(FULL_ACCESS)
      expect((await coachingOf(client)).body.coach).toBeNull()
      const own = await api.call("GET", `/beta/api/workouts/${client.id}?${WEEK}`, { token: client.idToken })
      expect(own.status).toBe(200)
      expect(own.body.length).toBeGreaterThan(0)
      expect(await remove(coach, String(client.id))).toEqual({
        status: 404,
        body: { error: "clientKey: no such client or invitation on your list" }
      })
    })

    it("a coach withdraws an open invitation; a client or invitation of someone else's is a 404", async () => {
      const coach = await api.signupAs("Coach")
      const otherCoach = await api.signupAs("Coach")
      const othersClient = await api.clientOf(otherCoach)
      await invite(otherCoach, "theirs@tests.dev")
      await invite(coach, "Withdrawn@Tests.dev")
      expect(await remove(coach, "pending:withdrawn@tests.dev")).toEqual({ status: 200, body: {} })
      for (const key of [
        String(othersClient.id),
        "pending:theirs@tests.dev",
        "pending:withdrawn@tests.dev",
        "abc",
        "0"
      ]) {
        expect(await remove(coach, key)).toEqual({
          status: 404,
          body: { error: expect.stringMatching(/^clientKey: /) }
        })
      }
      expect(await remove(coach, String(MAX_DATABASE_ID + 1))).toMatchObject({ status: 404 })
      expect((await listOf(otherCoach)).body).toEqual({
        [String(othersClient.id)]: expect.objectContaining({ pending: false }),
        "pending:theirs@tests.dev": { name: "theirs@tests.dev", pending: true }
      })
    })
  })

  describe("the one link made without a tap", () => {
    const signUpAs = async (user: EmulatorUser, name: string) => {
      const answer = await api.call("POST", signupPath(user, name, "Client"), { token: user.idToken })
      expect(answer.status).toBe(200)
      return { ...user, id: answer.body.id as number, name }
    }

    it("the only invitation sent before the account existed becomes the link at signup", async () => {
      const coach = await api.signupAs("Coach", "Ada Early")
      const person = await createEmulatorUser("invited-first")
      await invite(coach, person.email)
      const client = await signUpAs(person, "Nia New")
      expect((await listOf(coach)).body).toEqual({ [String(client.id)]: { name: "Nia New", pending: false } })
      expect((await coachingOf(client)).body.coach.coachId).toBe(coach.id)
    })

    it("with two invitations sent before signup none is taken: the client chooses, and both stay", async () => {
      const first = await api.signupAs("Coach")
      const second = await api.signupAs("Coach")
      const person = await createEmulatorUser("invited-twice")
      await invite(first, person.email)
      await invite(second, person.email)
      const client = await signUpAs(person, "Cho Chooser")
      const coaching = (await coachingOf(client)).body
      expect(coaching.coach).toBeNull()
      const invitations = coaching.invitations as Array<{ coachEmail: string }>
      expect(invitations.map((one) => one.coachEmail)).toEqual([first.email, second.email])
      for (const coach of [first, second]) {
        expect((await listOf(coach)).body).toEqual({
          [`pending:${person.email}`]: { name: person.email, pending: true }
        })
      }
    })

    it("a withdrawn invitation is never taken at signup", async () => {
      const coach = await api.signupAs("Coach")
      const person = await createEmulatorUser("withdrawn")
      await invite(coach, person.email)
      await remove(coach, `pending:${person.email}`)
      const client = await signUpAs(person, "Wes Withdrawn")
      expect((await coachingOf(client)).body).toEqual({ coach: null, invitations: [], emailVerified: true })
    })
  })

  describe("each call's refusals", () => {
    it("refuses a call without a token, and an expired one, with 401", async () => {
      const someone = await createEmulatorUser("expired")
      for (const token of [undefined, expiredTokenOf(someone)]) {
        const calls = [
          api.call("GET", "/beta/api/coaching", { token }),
          api.call("POST", "/beta/api/coaching/invitations/1/accept", { token }),
          api.call("POST", "/beta/api/coaching/invitations/1/decline", { token }),
          api.call("DELETE", "/beta/api/coaching/coach", { token }),
          api.call("DELETE", "/beta/api/clients/1", { token })
        ]
        for (const answer of await Promise.all(calls)) {
          expect(answer).toEqual({ status: 401, body: { error: expect.any(String) } })
        }
      }
    })

    it("refuses an invitation id that is not one with a 400 naming the field", async () => {
      const client = await api.signupAs("Client")
      for (const bad of ["abc", "0", "-3", "1.5", String(MAX_DATABASE_ID + 1)]) {
        for (const answer of [await accept(client, bad), await decline(client, bad)]) {
          expect(answer).toEqual({ status: 400, body: { error: expect.stringMatching(/^invitationId: /) } })
        }
      }
    })

    it("a coach has no side of coaching to read or answer (403); a client cannot remove from a list (403)", async () => {
      const { coach, client } = await linkedPair()
      const forbidden = { status: 403, body: { error: expect.stringContaining("Only clients") } }
      expect(await coachingOf(coach)).toEqual(forbidden)
      expect(await accept(coach, 1)).toEqual(forbidden)
      expect(await decline(coach, 1)).toEqual(forbidden)
      expect(await endCoaching(coach)).toEqual(forbidden)
      expect(await remove(client, String(client.id))).toEqual({
        status: 403,
        body: { error: "Only coaches can remove clients" }
      })
    })

    it("an invitation addressed to someone else is a 404 to accept or decline, and stays open", async () => {
      const coach = await api.signupAs("Coach")
      const invitee = await api.signupAs("Client")
      const bystander = await api.signupAs("Client")
      await invite(coach, invitee.email)
      const invitationId = await invitationFrom(invitee, coach)
      const notFound = {
        status: 404,
        body: { error: `invitationId: no open invitation ${invitationId} addressed to you`, code: "InvitationNotFound" }
      }
      expect(await accept(bystander, invitationId)).toEqual(notFound)
      expect(await decline(bystander, invitationId)).toEqual(notFound)
      expect((await coachingOf(invitee)).body.invitations).toHaveLength(1)
      // Once answered it is not open: a second answer finds nothing.
      expect((await accept(invitee, invitationId)).status).toBe(200)
      expect(await decline(invitee, invitationId)).toMatchObject({ status: 404 })
    })

    it("a coach ending a link or an invitation is told nothing of another coach's", async () => {
      const { client } = await linkedPair()
      const stranger = await api.signupAs("Coach")
      expect(await remove(stranger, String(client.id))).toMatchObject({ status: 404 })
      expect((await coachingOf(client)).body.coach).not.toBeNull()
    })
  })
})
