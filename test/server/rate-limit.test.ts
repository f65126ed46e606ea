/* eslint-disable @typescript-eslint/no-unsafe-assignment -- these tests read the raw JSON answers the way any API client would; the assertions check their shape */
/**
 * One user cannot slow everyone down (docs/decisions/014): past
 * its budget a user, or before a token an address, is answered 429 with Retry-After
 * while everyone else is served; the count is shared by every instance on one
 * PostgreSQL database; and the app's own largest burst never meets the limit.
 * Counts and statuses only.
 */
import pg from "pg"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import type { UserId } from "#domain/ids.ts"
import { WORKOUT_CAPS } from "#domain/workout.ts"
import { isRateLimited } from "#gateway/gateway-defect.ts"
import { makeGateway } from "#gateway/gateway.ts"
import { sendOutbox } from "#machines/autosave/autosave.actors.ts"
import type { Outbox, OutboxEntry } from "#domain/logging-outbox.ts"
import { dropPostgresSchema, openDatabase } from "#server/db/client.ts"
import { startServer, type RunningServer } from "#server/main.ts"
import {
  DEFAULT_RATE_LIMITS,
  LARGEST_SET_EDIT_BURST,
  openRateLimiter,
  RATE_LIMIT_TABLE,
  TOO_MANY_REQUESTS,
  type RateLimits
} from "#server/rate-limit.ts"
import { call, signupPath, useApiUnderTest, type ApiAnswer } from "./support/api-under-test.ts"
import { coachedClientWithWorkout } from "./support/coached-client.ts"
import { databasesUnderTest, freshSchemaName } from "./support/databases.ts"
import { createEmulatorUser, type EmulatorUser } from "./support/emulator-users.ts"

const DATE = "2026-03-02"

interface Answer extends ApiAnswer {
  readonly retryAfter: string | null
}

/** `count` calls, `parallel` at a time, each answer with its Retry-After. */
async function flood(count: number, parallel: number, send: () => Promise<Response>): Promise<Array<Answer>> {
  const answers: Array<Answer> = []
  for (let sent = 0; sent < count; sent += parallel) {
    const batch = await Promise.all(
      Array.from({ length: Math.min(parallel, count - sent) }, async () => {
        const response = await send()
        const text = await response.text()
        return {
          status: response.status,
          retryAfter: response.headers.get("retry-after"),
          body: text === "" ? undefined : JSON.parse(text)
        }
      })
    )
    answers.push(...batch)
  }
  return answers
}

const statusCounts = (answers: ReadonlyArray<Answer>) => {
  const counts: Record<number, number> = {}
  for (const { status } of answers) counts[status] = (counts[status] ?? 0) + 1
  return counts
}

/** Every 429 says when to come back (whole seconds, within the window) and why. */
const expectWellFormedRefusals = (answers: ReadonlyArray<Answer>, windowSeconds: number) => {
  for (const refusal of answers.filter((answer) => answer.status === 429)) {
    expect(refusal.body).toEqual({ error: TOO_MANY_REQUESTS })
    expect(refusal.retryAfter).toMatch(/^\d+$/)
    expect(Number(refusal.retryAfter)).toBeGreaterThanOrEqual(1)
    expect(Number(refusal.retryAfter)).toBeLessThanOrEqual(windowSeconds)
  }
}

const get = (url: string, token?: string) =>
  fetch(url, token === undefined ? {} : { headers: { authorization: `Bearer ${token}` } })

describe.each(databasesUnderTest)("rate limits on $name", (database) => {
  describe("one account flooding /workouts", () => {
    const api = useApiUnderTest(database)

    it("gets 429 with Retry-After past its budget while another user is still served 200", async () => {
      const { coachUser, clientUser, clientId, setIds } = await coachedClientWithWorkout(api.server().url, {
        names: ["Flora Flood", "Fred Flood"],
        date: DATE,
        workout: [{ name: "Squat", sets: [{ set: 0, amsap: false, fields: [{ name: "reps", value: 5 }] }] }]
      })
      const workouts = `${api.server().url}/beta/api/workouts/${clientId}?from=${DATE}&to=${DATE}`
      const extra = 40
      const answers = await flood(DEFAULT_RATE_LIMITS.calls.points + extra, 20, () => get(workouts, clientUser.idToken))
      const counts = statusCounts(answers)
      expect(Object.keys(counts).sort()).toEqual(["200", "429"])
      // The client's sign-up, reading the coach's invitation and accepting it spent three calls of the same budget.
      expect(counts[200]).toBe(DEFAULT_RATE_LIMITS.calls.points - 3)
      expect(counts[429]).toBe(extra + 3)
      expectWellFormedRefusals(answers, DEFAULT_RATE_LIMITS.calls.durationSeconds)

      // The flooder is still refused; its coach, another user, is served.
      expect((await get(workouts, clientUser.idToken)).status).toBe(429)
      expect((await get(workouts, coachUser.idToken)).status).toBe(200)
      // Its set edits have a budget of their own: logging goes on.
      const logged = await call(api.server().url, "PUT", "/beta/api/updateWorkoutResult", {
        token: clientUser.idToken,
        body: { id: setIds[0], reps: 5 }
      })
      expect(logged.status).toBe(200)
      // The app's gateway reads the refusal as "come back later", with the server's wait.
      const gateway = makeGateway({
        baseUrl: api.server().url,
        getIdToken: () => Promise.resolve(clientUser.idToken)
      })
      const failure = await gateway
        .workouts(clientId as UserId, { from: DATE as never, to: DATE as never })
        .catch((error: unknown) => error)
      expect(isRateLimited(failure)).toBe(true)
      expect((failure as { retryAfterMs: number }).retryAfterMs).toBeGreaterThanOrEqual(1000)
    })
  })

  describe("before a token is known", () => {
    const api = useApiUnderTest(database)

    it("counts calls without a valid token per address: 401 up to the budget, then 429; a signed-in user is served", async () => {
      const member = await api.signupAs("Client", "Ada Address")
      const path = `${api.server().url}/beta/api/user/check?email=${encodeURIComponent(member.email)}&firebaseId=${member.uid}`
      const extra = 20
      let sent = 0
      // Half with no token, half with a forged one: both are "no token known".
      const answers = await flood(DEFAULT_RATE_LIMITS.address.points + extra, 10, () =>
        get(path, sent++ % 2 === 0 ? "not-a-firebase-token" : undefined)
      )
      expect(statusCounts(answers)).toEqual({ 401: DEFAULT_RATE_LIMITS.address.points, 429: extra })
      expectWellFormedRefusals(answers, DEFAULT_RATE_LIMITS.address.durationSeconds)
      // Same address, a valid token: the user's own budget.
      expect((await get(path, member.idToken)).status).toBe(200)
    })
  })

  describe("the app's own largest burst", () => {
    const api = useApiUnderTest(database)

    it("a logging screen's loads, an outbox flush of the largest workout and a minute of logging never meet 429", async () => {
      const workout = Array.from({ length: WORKOUT_CAPS.exercises }, (_, exercise) => ({
        name: `Exercise ${exercise + 1}`,
        sets: Array.from({ length: WORKOUT_CAPS.setsPerExercise }, (_, set) => ({
          set,
          amsap: false,
          fields: [
            { name: "reps", value: 5 },
            { name: "weight", value: 100 }
          ]
        }))
      }))
      const { clientUser, clientId, saved, setIds } = await coachedClientWithWorkout(api.server().url, {
        names: ["Bea Burst", "Bo Burst"],
        date: DATE,
        workout
      })
      expect(saved.status).toBe(200)
      const flushed = WORKOUT_CAPS.exercises * WORKOUT_CAPS.setsPerExercise
      expect(setIds).toHaveLength(flushed)

      const gateway = makeGateway({ baseUrl: api.server().url, getIdToken: () => Promise.resolve(clientUser.idToken) })
      // The logging screen opens: the day's workout and what is logged of it.
      await gateway.workoutByDate(clientId as UserId, DATE as never)
      await gateway.workoutResults(clientId as UserId, { from: DATE as never, to: DATE as never })
      // Back online with every set edited offline: autosave's own send loop flushes the outbox.
      const entries: Array<OutboxEntry> = setIds.map((id, index) => ({
        setId: id as never,
        version: index + 1,
        update: { id: id as never, reps: 5 as never, weight: 100 as never }
      }))
      const memoryOutbox: Outbox = {
        readAll: () => Promise.resolve(entries),
        put: () => Promise.resolve(),
        remove: () => Promise.resolve(),
        forget: () => Promise.resolve(),
        drain: () => Promise.resolve()
      }
      const results = await sendOutbox(entries, memoryOutbox, gateway)
      expect(results.filter((result) => result.outcome !== "saved")).toEqual([])
      // Then the rest of the minute's logging, one send per 300 ms debounce.
      const statuses: Array<number> = []
      for (let i = 0; i < LARGEST_SET_EDIT_BURST - flushed; i++) {
        const answer = await call(api.server().url, "PUT", "/beta/api/updateWorkoutResult", {
          token: clientUser.idToken,
          body: { id: setIds[i % flushed], reps: 6 }
        })
        statuses.push(answer.status)
      }
      expect(statuses.filter((status) => status !== 200)).toEqual([])
      expect(LARGEST_SET_EDIT_BURST).toBeLessThanOrEqual(DEFAULT_RATE_LIMITS.setEdits.points)
    }, 120_000)
  })
})

const postgresUrl = databasesUnderTest.find((database) => database.name === "PostgreSQL")?.databaseUrl

describe.runIf(postgresUrl !== undefined)("two instances on one PostgreSQL database", () => {
  const BUDGET = 5
  const limits: RateLimits = {
    setEdits: { points: BUDGET, durationSeconds: 60 },
    calls: { points: BUDGET, durationSeconds: 60 },
    address: { points: BUDGET, durationSeconds: 60 }
  }
  const schemaName = freshSchemaName()
  let first: RunningServer
  let second: RunningServer

  beforeAll(async () => {
    const start = () =>
      startServer({ port: 0, hostname: "127.0.0.1", databaseUrl: postgresUrl, schemaName, rateLimits: limits })
    // At once, as a deploy starts them: the store's table must not be created twice.
    ;[first, second] = await Promise.all([start(), start()])
  })
  afterAll(async () => {
    await first.close()
    await second.close()
    await dropPostgresSchema(postgresUrl ?? "", schemaName)
  })

  const signUp = async (server: RunningServer, name: string): Promise<EmulatorUser> => {
    const user = await createEmulatorUser("shared")
    const answer = await call(server.url, "POST", signupPath(user, name, "Client"), { token: user.idToken })
    expect(answer.status).toBe(200)
    return user
  }
  const checkPath = (user: EmulatorUser) =>
    `/beta/api/user/check?email=${encodeURIComponent(user.email)}&firebaseId=${user.uid}`

  it("share a user's count: the second refuses once the first spent the budget", async () => {
    const spender = await signUp(first, "Sid Spender")
    const bystander = await signUp(first, "Bea Bystander")
    // Sign-up spent one; the rest is spent on the first instance.
    const onFirst = await flood(BUDGET, 1, () => get(first.url + checkPath(spender), spender.idToken))
    expect(statusCounts(onFirst)).toEqual({ 200: BUDGET - 1, 429: 1 })
    const onSecond = await flood(3, 1, () => get(second.url + checkPath(spender), spender.idToken))
    expect(statusCounts(onSecond)).toEqual({ 429: 3 })
    expectWellFormedRefusals(onSecond, 60)
    // Another user is served by both.
    expect((await get(first.url + checkPath(bystander), bystander.idToken)).status).toBe(200)
    expect((await get(second.url + checkPath(bystander), bystander.idToken)).status).toBe(200)
  })

  it("share an address's count before a token", async () => {
    const onFirst = await flood(BUDGET, 1, () => get(`${first.url}/beta/api/user/check`))
    expect(statusCounts(onFirst)).toEqual({ 401: BUDGET })
    const onSecond = await flood(3, 1, () => get(`${second.url}/beta/api/user/check`))
    expect(statusCounts(onSecond)).toEqual({ 429: 3 })
  })

  it("keep the counts in an unlogged table: a count's commit waits for no WAL flush", async () => {
    const admin = new pg.Client({ connectionString: postgresUrl })
    await admin.connect()
    try {
      const { rows } = await admin.query<{ relpersistence: string }>(
        "select c.relpersistence from pg_class c join pg_namespace n on n.oid = c.relnamespace where n.nspname = $1 and c.relname = 'rate_limits'",
        [schemaName]
      )
      expect(rows).toEqual([{ relpersistence: "u" }])
    } finally {
      await admin.end()
    }
  })
})

describe.runIf(postgresUrl !== undefined)("a rate limit store that cannot answer", () => {
  const schemaName = freshSchemaName()
  afterAll(() => dropPostgresSchema(postgresUrl ?? "", schemaName))

  it("never fails a call: the instance keeps counting, in its own memory", async () => {
    const admin = new pg.Client({ connectionString: postgresUrl })
    await admin.connect()
    try {
      // The migrations make the store's table.
      await (await openDatabase({ databaseUrl: postgresUrl, schemaName })).close()
      const limiter = openRateLimiter({
        databaseUrl: postgresUrl,
        schemaName,
        limits: { ...DEFAULT_RATE_LIMITS, calls: { points: 3, durationSeconds: 60 } }
      })
      try {
        expect(limiter.kind).toBe("postgres")
        expect(await limiter.consume("calls", "uid-1")).toEqual({ allowed: true })
        // The store goes away under it.
        await admin.query(`drop table "${schemaName}"."${RATE_LIMIT_TABLE}"`)
        const verdicts = []
        for (let i = 0; i < 4; i++) verdicts.push((await limiter.consume("calls", "uid-1")).allowed)
        // Memory starts its own count: three more allowed, then refused.
        expect(verdicts).toEqual([true, true, true, false])
      } finally {
        await limiter.close()
      }
    } finally {
      await admin.end()
    }
  })
})
