/* eslint-disable @typescript-eslint/no-unsafe-member-access, @typescript-eslint/no-unsafe-assignment -- these tests read the raw JSON answers the way any API client would; the assertions check their shape */
import { describe, expect, it } from "vitest"
import { signupPath, useApiUnderTest } from "./support/api-under-test.ts"
import { databasesUnderTest } from "./support/databases.ts"
import { createEmulatorUser } from "./support/emulator-users.ts"

const checkPath = (email: string, firebaseId: string) =>
  `/beta/api/user/check?${new URLSearchParams({ email, firebaseId })}`

describe.each(databasesUnderTest)("accounts on $name", (database) => {
  const api = useApiUnderTest(database)

  it("user/check answers an empty list for a person who still needs signup", async () => {
    const person = await createEmulatorUser()
    const answer = await api.call("GET", checkPath(person.email, person.uid), { token: person.idToken })
    expect(answer).toEqual({ status: 200, body: [] })
  })

  it("signup creates the user record that user/check then answers first in its list", async () => {
    const person = await createEmulatorUser()
    const created = await api.call("POST", signupPath(person, "Dana Lifter", "Client"), { token: person.idToken })
    const record = {
      id: expect.any(Number),
      name: "Dana Lifter",
      email: person.email,
      firebase_id: person.uid,
      user_type: "Client"
    }
    expect(created).toEqual({ status: 200, body: record })
    const checked = await api.call("GET", checkPath(person.email, person.uid), { token: person.idToken })
    expect(checked).toEqual({ status: 200, body: [created.body] })
  })

  it("user/check matches the email whatever its letter case", async () => {
    const person = await createEmulatorUser()
    await api.call("POST", signupPath(person, "Eve", "Coach"), { token: person.idToken })
    const answer = await api.call("GET", checkPath(person.email.toUpperCase(), person.uid), { token: person.idToken })
    expect(answer.status).toBe(200)
    expect(answer.body[0].email).toBe(person.email)
  })

  it("user/check with someone else's email is refused", async () => {
    const person = await createEmulatorUser()
    const answer = await api.call("GET", checkPath("someone-else@tests.dev", person.uid), { token: person.idToken })
    expect(answer).toEqual({ status: 403, body: { error: expect.stringContaining("email") } })
  })

  it("a second signup is a 409 with a message and leaves one account", async () => {
    const person = await createEmulatorUser()
    const first = await api.call("POST", signupPath(person, "Finn", "Coach"), { token: person.idToken })
    const second = await api.call("POST", signupPath(person, "Finn Again", "Client"), { token: person.idToken })
    expect(second).toEqual({
      status: 409,
      body: { error: expect.stringContaining("already"), code: "AlreadySignedUp" }
    })
    const checked = await api.call("GET", checkPath(person.email, person.uid), { token: person.idToken })
    expect(checked.body).toEqual([first.body])
  })

  it("signup is refused when the path and query firebase ids disagree", async () => {
    const person = await createEmulatorUser()
    const path = `/beta/api/signup/${person.uid}?${new URLSearchParams({
      name: "Gia",
      email: person.email,
      firebaseId: "someone-else",
      userType: "Client"
    })}`
    const answer = await api.call("POST", path, { token: person.idToken })
    expect(answer).toEqual({ status: 403, body: { error: expect.stringContaining("firebaseId") } })
  })

  it("signup is refused with an email other than the token's", async () => {
    const person = await createEmulatorUser()
    const path = `/beta/api/signup/${person.uid}?${new URLSearchParams({
      name: "Hal",
      email: "not-mine@tests.dev",
      firebaseId: person.uid,
      userType: "Client"
    })}`
    const answer = await api.call("POST", path, { token: person.idToken })
    expect(answer).toEqual({ status: 403, body: { error: expect.stringContaining("email") } })
  })

  it("a Client who signs up with an email a coach invited becomes that coach's client", async () => {
    const coach = await api.signupAs("Coach")
    const invitee = await createEmulatorUser("invitee")
    const invited = await api.call("POST", "/beta/api/addClient", {
      token: coach.idToken,
      body: { data: { coachId: coach.id, clientEmail: invitee.email } }
    })
    expect(invited.body[`pending:${invitee.email}`]).toEqual({ name: invitee.email, pending: true })
    const signedUp = await api.call("POST", signupPath(invitee, "Ivy Invited", "Client"), { token: invitee.idToken })
    const clients = await api.call("GET", `/beta/api/getAllClients/${coach.id}`, { token: coach.idToken })
    expect(clients).toEqual({
      status: 200,
      body: { [String(signedUp.body.id)]: { name: "Ivy Invited", pending: false } }
    })
  })

  it("a Coach who signs up with an invited email does not become anyone's client", async () => {
    const coach = await api.signupAs("Coach")
    const invitee = await createEmulatorUser("invitee")
    await api.call("POST", "/beta/api/addClient", {
      token: coach.idToken,
      body: { data: { coachId: coach.id, clientEmail: invitee.email } }
    })
    await api.call("POST", signupPath(invitee, "Jo Coach", "Coach"), { token: invitee.idToken })
    const clients = await api.call("GET", `/beta/api/getAllClients/${coach.id}`, { token: coach.idToken })
    expect(clients.body).toEqual({ [`pending:${invitee.email}`]: { name: invitee.email, pending: true } })
  })
})
