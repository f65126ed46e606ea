/* eslint-disable @typescript-eslint/no-unsafe-member-access, @typescript-eslint/no-unsafe-assignment, @typescript-eslint/no-unsafe-call -- these tests read the raw JSON answers the way any API client would; the assertions check their shape */
/**
 * Who may copy and use templates (docs/decisions/025): only coaches, only with their own clients and
 * their own templates. No token is a 401, a client is a 403, another coach's client or
 * template is a 404 that says no more than "not on your list". The property at the end is
 * the "a copy never touches another coach's client": for any mix of targets, a
 * copy naming one client that is not the caller's creates nothing for anyone.
 */
import fc from "fast-check"
import { beforeAll, describe, expect, it } from "vitest"
import { type Account, SQUAT_WORKOUT, useApiUnderTest } from "./support/api-under-test.ts"
import { databasesUnderTest } from "./support/databases.ts"

const DATE = "2026-03-02"
let keys = 0
const freshKey = () => `auth-${Date.now().toString(36)}-${(keys++).toString().padStart(6, "0")}`

describe.each(databasesUnderTest)("programming authorization on $name", (database) => {
  const api = useApiUnderTest(database)
  let coach: Account
  let client: Account
  let otherCoach: Account
  let otherClient: Account
  let theirTemplate: number
  let ownTemplate: number

  const copyBody = (source: object, targets: ReadonlyArray<{ clientId: number; start: string }>) => ({
    source,
    targets,
    repeats: [],
    idempotencyKey: freshKey()
  })
  const copy = (who: Account | undefined, body: object) =>
    api.call("POST", "/beta/api/workouts/copy", { token: who?.idToken, body })
  const daySource = (of: Account) => ({ kind: "day", clientId: of.id, date: DATE })
  const rowsOf = async (reader: Account, of: Account) =>
    (await api.call("GET", `/beta/api/workouts/${of.id}?from=2026-01-01&to=2026-12-31`, { token: reader.idToken }))
      .body as ReadonlyArray<unknown>

  beforeAll(async () => {
    coach = await api.signupAs("Coach", "Own Coach")
    client = await api.clientOf(coach, "Own Client")
    otherCoach = await api.signupAs("Coach", "Other Coach")
    otherClient = await api.clientOf(otherCoach, "Other Client")
    await api.saveWorkout(coach, client, DATE, SQUAT_WORKOUT)
    await api.saveWorkout(otherCoach, otherClient, DATE, SQUAT_WORKOUT)
    const source = (of: Account) => ({ kind: "workout", clientId: of.id, date: DATE, workoutOrder: 0 })
    ownTemplate = (
      await api.call("POST", "/beta/api/templates", {
        token: coach.idToken,
        body: { name: "Mine", source: source(client) }
      })
    ).body.id
    theirTemplate = (
      await api.call("POST", "/beta/api/templates", {
        token: otherCoach.idToken,
        body: { name: "Theirs", source: source(otherClient) }
      })
    ).body.id
  })

  it("without a token every call is a 401", async () => {
    const answers = await Promise.all([
      copy(undefined, copyBody(daySource(client), [{ clientId: client.id, start: "2026-04-01" }])),
      api.call("GET", "/beta/api/templates"),
      api.call("POST", "/beta/api/templates", {
        body: { name: "x", source: { kind: "week", clientId: client.id, from: DATE } }
      }),
      api.call("DELETE", `/beta/api/templates/${ownTemplate}`)
    ])
    expect(answers.map((answer) => answer.status)).toEqual([401, 401, 401, 401])
  })

  it("a client may do none of it: 403, and nothing changes", async () => {
    const before = await rowsOf(client, client)
    const answers = await Promise.all([
      copy(client, copyBody(daySource(client), [{ clientId: client.id, start: "2026-04-01" }])),
      api.call("GET", "/beta/api/templates", { token: client.idToken }),
      api.call("POST", "/beta/api/templates", {
        token: client.idToken,
        body: { name: "x", source: { kind: "week", clientId: client.id, from: DATE } }
      }),
      api.call("DELETE", `/beta/api/templates/${ownTemplate}`, { token: client.idToken })
    ])
    expect(answers.map((answer) => answer.status)).toEqual([403, 403, 403, 403])
    expect(answers[0].body).toEqual({ error: "Only coaches can copy workouts" })
    expect(await rowsOf(client, client)).toEqual(before)
    expect((await api.call("GET", "/beta/api/templates", { token: coach.idToken })).body).toHaveLength(1)
  })

  it("copying from another coach's client is a 404 naming source.clientId", async () => {
    expect(await copy(coach, copyBody(daySource(otherClient), [{ clientId: client.id, start: "2026-04-01" }]))).toEqual(
      {
        status: 404,
        body: {
          error: `source.clientId: no client with id ${otherClient.id} on your client list`,
          code: "ClientNotFound"
        }
      }
    )
  })

  it("a coach, or the caller themself, as a target is a 404 naming the target", async () => {
    for (const stranger of [otherCoach, coach]) {
      const answer = await copy(
        coach,
        copyBody(daySource(client), [
          { clientId: client.id, start: "2026-04-01" },
          { clientId: stranger.id, start: "2026-04-01" }
        ])
      )
      expect(answer).toEqual({
        status: 404,
        body: {
          error: `targets[1].clientId: no client with id ${stranger.id} on your client list`,
          code: "ClientNotFound"
        }
      })
    }
    expect((await rowsOf(client, client)).length).toBe(3)
  })

  it("another coach's template can be neither applied nor removed: 404, and it stays theirs", async () => {
    expect(
      await copy(
        coach,
        copyBody({ kind: "template", templateId: theirTemplate }, [{ clientId: client.id, start: "2026-04-01" }])
      )
    ).toEqual({
      status: 404,
      body: {
        error: `source.templateId: no template with id ${theirTemplate} among your templates`,
        code: "TemplateNotFound"
      }
    })
    expect(await api.call("DELETE", `/beta/api/templates/${theirTemplate}`, { token: coach.idToken })).toEqual({
      status: 404,
      body: { error: `templateId: no template with id ${theirTemplate} among your templates`, code: "TemplateNotFound" }
    })
    const theirs = (await api.call("GET", "/beta/api/templates", { token: otherCoach.idToken })).body
    expect(theirs.map((t: { id: number }) => t.id)).toEqual([theirTemplate])
    const mine = (await api.call("GET", "/beta/api/templates", { token: coach.idToken })).body
    expect(mine.map((t: { id: number }) => t.id)).toEqual([ownTemplate])
  })

  it("a template cannot be saved from another coach's client: 404 naming source.clientId", async () => {
    const answer = await api.call("POST", "/beta/api/templates", {
      token: coach.idToken,
      body: { name: "Stolen", source: { kind: "week", clientId: otherClient.id, from: "2026-03-01" } }
    })
    expect(answer).toEqual({
      status: 404,
      body: {
        error: `source.clientId: no client with id ${otherClient.id} on your client list`,
        code: "ClientNotFound"
      }
    })
  })

  it("a copy never touches another coach's client: any targets naming one create nothing for anyone", async () => {
    const theirsBefore = await rowsOf(otherCoach, otherClient)
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.record({ theirs: fc.boolean(), week: fc.integer({ min: 10, max: 40 }) }), {
          minLength: 1,
          maxLength: 4
        }),
        async (picks) => {
          const ownBefore = await rowsOf(coach, client)
          const targets = picks.map((pick) => ({
            clientId: pick.theirs ? otherClient.id : client.id,
            start: new Date(Date.UTC(2026, 0, 5 + 7 * pick.week)).toISOString().slice(0, 10)
          }))
          const answer = await copy(coach, copyBody(daySource(client), targets))
          const firstTheirs = picks.findIndex((pick) => pick.theirs)
          if (firstTheirs >= 0) {
            expect(answer.status).toBe(404)
            expect(answer.body).toEqual({
              error: `targets[${firstTheirs}].clientId: no client with id ${otherClient.id} on your client list`,
              code: "ClientNotFound"
            })
            expect(await rowsOf(coach, client)).toEqual(ownBefore)
          } else expect(answer.status).toBe(200)
          expect(await rowsOf(otherCoach, otherClient)).toEqual(theirsBefore)
        }
      ),
      { numRuns: 15 }
    )
  })
})
