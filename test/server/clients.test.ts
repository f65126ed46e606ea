/* eslint-disable @typescript-eslint/no-unsafe-assignment, @typescript-eslint/no-unsafe-argument -- these tests read the raw JSON answers the way any API client would; the assertions check their shape */
import { describe, expect, it } from "vitest"
import { acceptInvitationFrom, useApiUnderTest } from "./support/api-under-test.ts"
import { databasesUnderTest } from "./support/databases.ts"

describe.each(databasesUnderTest)("a coach's clients on $name", (database) => {
  const api = useApiUnderTest(database)
  const add = (coach: { idToken: string; id: number }, clientEmail: string) =>
    api.call("POST", "/beta/api/addClient", {
      token: coach.idToken,
      body: { data: { coachId: coach.id, clientEmail } }
    })

  it("a new coach has an empty client table", async () => {
    const coach = await api.signupAs("Coach")
    expect(await api.call("GET", `/beta/api/getAllClients/${coach.id}`, { token: coach.idToken })).toEqual({
      status: 200,
      body: {}
    })
  })

  it("adding an existing Client invites them: pending until they accept (ADR 033)", async () => {
    const coach = await api.signupAs("Coach")
    const client = await api.signupAs("Client", "Kim Client")
    const answer = await add(coach, client.email)
    expect(answer).toEqual({
      status: 200,
      body: { [`pending:${client.email}`]: { name: client.email, pending: true } }
    })
    await acceptInvitationFrom(api.server().url, client, coach)
    const table = await api.call("GET", `/beta/api/getAllClients/${coach.id}`, { token: coach.idToken })
    expect(table.body).toEqual({ [String(client.id)]: { name: "Kim Client", pending: false } })
  })

  it("adding a client by an email typed in capitals invites the same address", async () => {
    const coach = await api.signupAs("Coach")
    const client = await api.signupAs("Client", "Lee Client")
    const answer = await add(coach, client.email.toUpperCase())
    expect(Object.keys(answer.body)).toEqual([`pending:${client.email}`])
  })

  it("adding an email with no account records a pending invitation, idempotently", async () => {
    const coach = await api.signupAs("Coach")
    const first = await add(coach, "future.client@tests.dev")
    const second = await add(coach, "future.client@tests.dev")
    const expected = { "pending:future.client@tests.dev": { name: "future.client@tests.dev", pending: true } }
    expect(first).toEqual({ status: 200, body: expected })
    expect(second).toEqual({ status: 200, body: expected })
  })

  it("a coach's address is ADR 015's 409; another coach's client is invited like anyone else (ADR 033)", async () => {
    const coach = await api.signupAs("Coach")
    const otherCoach = await api.signupAs("Coach")
    const othersClient = await api.clientOf(otherCoach)
    expect(await add(coach, otherCoach.email)).toEqual({
      status: 409,
      body: { error: "That email can't be added to your list" }
    })
    const invited = await add(coach, othersClient.email)
    expect(invited).toEqual({
      status: 200,
      body: { [`pending:${othersClient.email}`]: { name: othersClient.email, pending: true } }
    })
  })

  it("adding a client already on the list is a 409", async () => {
    const coach = await api.signupAs("Coach")
    const client = await api.clientOf(coach)
    expect(await add(coach, client.email)).toEqual({ status: 409, body: { error: expect.stringContaining("already") } })
  })

  it("inviting another coach's client does not move them", async () => {
    const coach = await api.signupAs("Coach")
    const otherCoach = await api.signupAs("Coach")
    const client = await api.clientOf(otherCoach)
    expect((await add(coach, client.email)).status).toBe(200)
    const othersTable = await api.call("GET", `/beta/api/getAllClients/${otherCoach.id}`, { token: otherCoach.idToken })
    expect(Object.keys(othersTable.body)).toEqual([String(client.id)])
  })

  it("the table lists linked clients and pending invitations side by side", async () => {
    const coach = await api.signupAs("Coach")
    const client = await api.clientOf(coach, "Mo Client")
    await add(coach, "pending.person@tests.dev")
    const table = await api.call("GET", `/beta/api/getAllClients/${coach.id}`, { token: coach.idToken })
    expect(table.body).toEqual({
      [String(client.id)]: { name: "Mo Client", pending: false },
      "pending:pending.person@tests.dev": { name: "pending.person@tests.dev", pending: true }
    })
  })
})
