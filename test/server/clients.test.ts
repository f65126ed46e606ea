/* eslint-disable @typescript-eslint/no-unsafe-member-access, @typescript-eslint/no-unsafe-assignment, @typescript-eslint/no-unsafe-argument -- these tests read the raw JSON answers the way any API client would; the assertions check their shape */
import { describe, expect, it } from "vitest"
import { useApiUnderTest } from "./support/api-under-test.ts"
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

  it("adding an existing Client links them and answers the updated table", async () => {
    const coach = await api.signupAs("Coach")
    const client = await api.signupAs("Client", "Kim Client")
    const answer = await add(coach, client.email)
    expect(answer).toEqual({ status: 200, body: { [String(client.id)]: { name: "Kim Client", pending: false } } })
  })

  it("adding a client by an email typed in capitals still finds them", async () => {
    const coach = await api.signupAs("Coach")
    const client = await api.signupAs("Client", "Lee Client")
    const answer = await add(coach, client.email.toUpperCase())
    expect(answer.body[String(client.id)]).toEqual({ name: "Lee Client", pending: false })
  })

  it("adding an email with no account records a pending invitation, idempotently", async () => {
    const coach = await api.signupAs("Coach")
    const first = await add(coach, "future.client@tests.dev")
    const second = await add(coach, "future.client@tests.dev")
    const expected = { "pending:future.client@tests.dev": { name: "future.client@tests.dev", pending: true } }
    expect(first).toEqual({ status: 200, body: expected })
    expect(second).toEqual({ status: 200, body: expected })
  })

  it("a coach's address and another coach's client get the same 409, so neither can be told apart (ADR 015)", async () => {
    const coach = await api.signupAs("Coach")
    const otherCoach = await api.signupAs("Coach")
    const othersClient = await api.clientOf(otherCoach)
    const unavailable = { status: 409, body: { error: "That email can't be added to your list" } }
    expect(await add(coach, otherCoach.email)).toEqual(unavailable)
    expect(await add(coach, othersClient.email)).toEqual(unavailable)
  })

  it("adding a client already on the list is a 409", async () => {
    const coach = await api.signupAs("Coach")
    const client = await api.clientOf(coach)
    expect(await add(coach, client.email)).toEqual({ status: 409, body: { error: expect.stringContaining("already") } })
  })

  it("adding another coach's client is a 409 and does not move them", async () => {
    const coach = await api.signupAs("Coach")
    const otherCoach = await api.signupAs("Coach")
    const client = await api.clientOf(otherCoach)
    expect((await add(coach, client.email)).status).toBe(409)
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
