/* eslint-disable @typescript-eslint/no-unsafe-member-access, @typescript-eslint/no-unsafe-assignment -- these tests read the raw JSON answers the way any API client would; the assertions check their shape */
import { randomUUID } from "node:crypto"
import pg from "pg"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { dropPostgresSchema } from "#server/db/client.ts"
import { startServer, type RunningServer } from "#server/main.ts"
import { acceptInvitationFrom, call, signupPath } from "./support/api-under-test.ts"
import { databasesUnderTest, freshSchemaName } from "./support/databases.ts"
import { createEmulatorUser, type EmulatorUser } from "./support/emulator-users.ts"
import { dropListeners } from "./support/listeners.ts"
import { type LiveReader, openLiveReader } from "./support/live-reader.ts"

const postgresUrl = databasesUnderTest.find((database) => database.name === "PostgreSQL")?.databaseUrl

/** Several instances share one PostgreSQL: an event written through one reaches streams on the others. */
describe.runIf(postgresUrl !== undefined)("live events across two instances on one PostgreSQL database", () => {
  const schemaName = freshSchemaName()
  let first: RunningServer
  let second: RunningServer
  let coach: EmulatorUser & { id: number }
  let client: EmulatorUser & { id: number }
  const readers: Array<LiveReader> = []

  const signUp = async (server: RunningServer, userType: "Coach" | "Client", name: string) => {
    const user = await createEmulatorUser(userType.toLowerCase())
    const answer = await call(server.url, "POST", signupPath(user, name, userType), { token: user.idToken })
    expect(answer.status).toBe(200)
    return { ...user, id: answer.body.id as number }
  }

  beforeAll(async () => {
    const start = () => startServer({ port: 0, hostname: "127.0.0.1", databaseUrl: postgresUrl, schemaName })
    ;[first, second] = await Promise.all([start(), start()])
    coach = await signUp(first, "Coach", "Two Instance Coach")
    client = await signUp(second, "Client", "Two Instance Client")
    const added = await call(first.url, "POST", "/beta/api/addClient", {
      token: coach.idToken,
      body: { data: { coachId: coach.id, clientEmail: client.email } }
    })
    expect(added.status).toBe(200)
    await acceptInvitationFrom(second.url, client, coach)
  })
  afterAll(async () => {
    for (const reader of readers) reader.close()
    await first.close()
    await second.close()
    await dropPostgresSchema(postgresUrl ?? "", schemaName)
  })

  it("a stream on instance A gets a message posted through instance B, and the reply the other way", async () => {
    const coachOnA = await openLiveReader(first.url, coach.idToken)
    const clientOnB = await openLiveReader(second.url, client.idToken)
    readers.push(coachOnA, clientOnB)
    const sent = await call(second.url, "POST", `/beta/api/chat/${client.id}/messages`, {
      token: client.idToken,
      body: { id: randomUUID(), body: "Posted on B" }
    })
    const [onA] = await coachOnA.waitFor(
      (event) => event.data.type === "message" && event.data.message.id === sent.body.id,
      { ms: 2_000 }
    )
    expect(onA?.data).toEqual({ type: "message", message: sent.body })
    const reply = await call(first.url, "POST", `/beta/api/chat/${client.id}/messages`, {
      token: coach.idToken,
      body: { id: randomUUID(), body: "Answered on A" }
    })
    const [onB] = await clientOnB.waitFor(
      (event) => event.data.type === "message" && event.data.message.id === reply.body.id,
      { ms: 2_000 }
    )
    expect(onB?.id).toBe(reply.body.seq)
  })

  it("a reader that moves to the other instance resumes there with Last-Event-ID", async () => {
    const onA = await openLiveReader(first.url, client.idToken)
    readers.push(onA)
    const before = await call(first.url, "POST", `/beta/api/chat/${client.id}/messages`, {
      token: coach.idToken,
      body: { id: randomUUID(), body: "before the move" }
    })
    const [last] = await onA.waitFor(
      (event) => event.data.type === "message" && event.data.message.id === before.body.id
    )
    onA.close()
    const missed = await call(first.url, "POST", `/beta/api/chat/${client.id}/messages`, {
      token: coach.idToken,
      body: { id: randomUUID(), body: "while moving" }
    })
    const onB = await openLiveReader(second.url, client.idToken, { lastEventId: last?.id ?? 0 })
    readers.push(onB)
    const [caught] = await onB.waitFor(() => true)
    expect(caught).toEqual({ id: missed.body.seq, data: { type: "message", message: missed.body } })
  })

  it("a dropped LISTEN connection is made again and the streams read what was written meanwhile", async () => {
    const coachOnA = await openLiveReader(first.url, coach.idToken)
    readers.push(coachOnA)
    expect(await dropListeners(postgresUrl ?? "", `live_events_${schemaName}`)).toEqual([true, true])
    // Written while the listeners are down: no notification reaches anyone.
    const meanwhile = await call(second.url, "POST", `/beta/api/chat/${client.id}/messages`, {
      token: client.idToken,
      body: { id: randomUUID(), body: "while nobody listened" }
    })
    const [caught] = await coachOnA.waitFor(
      (event) => event.data.type === "message" && event.data.message.id === meanwhile.body.id,
      { ms: 5_000 }
    )
    expect(caught?.id).toBe(meanwhile.body.seq)
    const after = await call(second.url, "POST", `/beta/api/chat/${client.id}/messages`, {
      token: client.idToken,
      body: { id: randomUUID(), body: "listening again" }
    })
    await coachOnA.waitFor((event) => event.data.type === "message" && event.data.message.id === after.body.id)
  })

  it("each instance holds one LISTEN connection, however many streams it serves", async () => {
    for (let tab = 0; tab < 4; tab++) {
      readers.push(await openLiveReader(first.url, coach.idToken), await openLiveReader(second.url, client.idToken))
    }
    const admin = new pg.Client({ connectionString: postgresUrl })
    await admin.connect()
    try {
      const { rows } = await admin.query<{ count: number }>(
        "select count(*)::int as count from pg_stat_activity where query = $1",
        [`listen "live_events_${schemaName}"`]
      )
      expect(rows[0]?.count).toBe(2)
    } finally {
      await admin.end()
    }
  })
})
