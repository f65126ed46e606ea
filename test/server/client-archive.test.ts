/* eslint-disable @typescript-eslint/no-unsafe-member-access, @typescript-eslint/no-unsafe-assignment, @typescript-eslint/no-unsafe-argument -- these tests read the raw JSON answers the way any API client would; the assertions check their shape */
// A coach archives a linked client and restores them (src/domain/client-archive.ts): still
// linked, their history readable and the lifter logging as before, but marked archived on the
// coach's list and left out of the coach overview until restored. Both databases.
import { describe, expect, it } from "vitest"
import { addDays, todayIso } from "#domain/calendar.ts"
import { useApiUnderTest, type Account } from "./support/api-under-test.ts"
import { databasesUnderTest } from "./support/databases.ts"

const today = todayIso(new Date())
const threeDaysAgo = addDays(today, -3)

describe.each(databasesUnderTest)("archiving a client on $name", (database) => {
  const api = useApiUnderTest(database)
  const archive = (caller: { idToken: string } | undefined, body: unknown) =>
    api.call("POST", "/beta/api/clients/archive", { token: caller?.idToken, body })
  const restore = (caller: { idToken: string } | undefined, body: unknown) =>
    api.call("POST", "/beta/api/clients/restore", { token: caller?.idToken, body })
  const listOf = (coach: Account) => api.call("GET", `/beta/api/getAllClients/${coach.id}`, { token: coach.idToken })
  const overviewOf = async (coach: Account) => {
    const answer = await api.call("GET", `/beta/api/coachOverview?today=${today}`, { token: coach.idToken })
    expect(answer.status).toBe(200)
    return answer.body as {
      clients: ReadonlyArray<{ clientId: number; compliance: { last28Days: { done: number; scheduled: number } } }>
      compliance: { last28Days: { done: number; scheduled: number } }
    }
  }

  it("marks the client archived on the coach's list, idempotently; the list keeps SPEC's shape for everyone else", async () => {
    const coach = await api.signupAs("Coach")
    const sam = await api.clientOf(coach, "Sam Archived")
    const kim = await api.clientOf(coach, "Kim Kept")
    const expected = {
      [String(sam.id)]: { name: "Sam Archived", pending: false, archived: true },
      [String(kim.id)]: { name: "Kim Kept", pending: false }
    }
    expect(await archive(coach, { clientId: sam.id })).toEqual({ status: 200, body: expected })
    expect(await archive(coach, { clientId: sam.id })).toEqual({ status: 200, body: expected })
    expect(await listOf(coach)).toEqual({ status: 200, body: expected })
  })

  it("leaves the client out of the overview's rows and its compliance; restoring brings them back", async () => {
    const coach = await api.signupAs("Coach")
    const sam = await api.clientOf(coach, "Sam Archived")
    const kim = await api.clientOf(coach, "Kim Kept")
    for (const client of [sam, sam, kim]) expect((await api.saveWorkout(coach, client, threeDaysAgo)).status).toBe(200)
    const before = await overviewOf(coach)
    expect(before.clients.map((row) => row.clientId).sort()).toEqual([sam.id, kim.id].sort())
    expect(before.compliance.last28Days).toEqual({ done: 0, scheduled: 3 })

    expect((await archive(coach, { clientId: sam.id })).status).toBe(200)
    const archived = await overviewOf(coach)
    expect(archived.clients.map((row) => row.clientId)).toEqual([kim.id])
    expect(archived.compliance.last28Days).toEqual({ done: 0, scheduled: 1 })

    const restored = await restore(coach, { clientId: sam.id })
    expect(restored.status).toBe(200)
    expect(restored.body[String(sam.id)]).toEqual({ name: "Sam Archived", pending: false })
    const after = await overviewOf(coach)
    expect(after.clients.map((row) => row.clientId).sort()).toEqual([sam.id, kim.id].sort())
    expect(after.compliance.last28Days).toEqual({ done: 0, scheduled: 3 })
    // Restoring a client who is not archived answers the list as it is.
    expect(await restore(coach, { clientId: sam.id })).toEqual({ status: 200, body: restored.body })
  })

  it("keeps the history readable by the coach and the lifter logging and coached as before", async () => {
    const coach = await api.signupAs("Coach", "Cora Coach")
    const sam = await api.clientOf(coach, "Sam Archived")
    const saved = await api.saveWorkout(coach, sam, threeDaysAgo)
    expect(saved.status).toBe(200)
    expect((await archive(coach, { clientId: sam.id })).status).toBe(200)

    const range = `from=${threeDaysAgo}&to=${today}`
    const workouts = await api.call("GET", `/beta/api/workouts/${sam.id}?${range}`, { token: coach.idToken })
    expect(workouts.status).toBe(200)
    const ids = (rows: ReadonlyArray<{ id: number }>) => rows.map((row) => row.id)
    expect(ids(workouts.body)).toEqual(ids(saved.body))
    const day = await api.call("GET", `/beta/api/workoutByDate?clientId=${sam.id}&date=${threeDaysAgo}`, {
      token: coach.idToken
    })
    expect(day.status).toBe(200)
    expect(day.body.data[threeDaysAgo]).toHaveLength(1)

    // The lifter sees nothing different: their coach, and their sets to log.
    const coaching = await api.call("GET", "/beta/api/coaching", { token: sam.idToken })
    expect(coaching.body.coach).toMatchObject({ name: "Cora Coach" })
    const logged = await api.call("PUT", "/beta/api/updateWorkoutResult", {
      token: sam.idToken,
      body: { id: saved.body[0].id, reps: 5, weight: 225 }
    })
    expect(logged.status).toBe(200)
    const results = await api.call("GET", `/beta/api/workoutResults/${sam.id}?${range}`, { token: coach.idToken })
    expect(results.status).toBe(200)
    expect(results.body).toHaveLength(1)
    // The coach may still program them.
    expect((await api.saveWorkout(coach, sam, today)).status).toBe(200)
  })

  it("bad input is a 400 naming the field", async () => {
    const coach = await api.signupAs("Coach")
    for (const call of [archive, restore]) {
      for (const body of [{}, { clientId: 0 }, { clientId: "7" }, { clientId: 1.5 }]) {
        const answer = await call(coach, body)
        expect(answer.status).toBe(400)
        expect(answer.body.error).toMatch(/^clientId/)
      }
    }
  })

  it("without a token is a 401", async () => {
    expect((await archive(undefined, { clientId: 1 })).status).toBe(401)
    expect((await restore(undefined, { clientId: 1 })).status).toBe(401)
  })

  it("a client is refused with 403", async () => {
    const coach = await api.signupAs("Coach")
    const sam = await api.clientOf(coach)
    for (const call of [archive, restore]) {
      const answer = await call(sam, { clientId: sam.id })
      expect(answer.status).toBe(403)
    }
  })

  it("another coach's client, a client whose coaching ended, an invitee or no one is a 404 and changes nothing", async () => {
    const coach = await api.signupAs("Coach")
    const other = await api.signupAs("Coach")
    const theirs = await api.clientOf(other, "Theo Theirs")
    const gone = await api.clientOf(coach, "Gus Gone")
    expect((await api.call("DELETE", `/beta/api/clients/${gone.id}`, { token: coach.idToken })).status).toBe(200)
    const invitee = await api.signupAs("Client")
    const invited = await api.call("POST", "/beta/api/addClient", {
      token: coach.idToken,
      body: { data: { coachId: coach.id, clientEmail: invitee.email } }
    })
    expect(invited.status).toBe(200)
    for (const call of [archive, restore]) {
      for (const clientId of [theirs.id, gone.id, invitee.id, coach.id, 2_000_000_000]) {
        expect(await call(coach, { clientId })).toEqual({
          status: 404,
          body: { error: `clientId: no client with id ${clientId} on your client list`, code: "ClientNotFound" }
        })
      }
    }
    expect((await listOf(other)).body).toEqual({ [String(theirs.id)]: { name: "Theo Theirs", pending: false } })
    expect((await overviewOf(other)).clients.map((row) => row.clientId)).toEqual([theirs.id])
  })
})
