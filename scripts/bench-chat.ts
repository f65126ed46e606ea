// `npm run bench:chat` (docs/decisions/029): 500 live event streams open on one instance
// (250 coach-client threads, each person listening once), then messages are posted
// through the real HTTP handler and timed from the POST until every listener of that
// thread has read it off its stream: p50 and p99, one message at a time and then with
// 20 senders at once. PostgreSQL when DATABASE_URL is set (a schema of its own, dropped
// at the end; NOTIFY and LISTEN through the database), otherwise PGlite in memory (the
// same code path in one process). Readers run in this process beside the server, so the
// figures include their parsing. Token checks are answered by a stand-in. Env:
// BENCH_THREADS (250), BENCH_MESSAGES (200).
import { randomUUID } from "node:crypto"
import { cpus } from "node:os"
import { performance } from "node:perf_hooks"
import { toFirebaseUid } from "#domain/firebase-uid.ts"
import { LIVE_EVENTS_PATH } from "#domain/live-events.ts"
import type { TokenVerifier } from "#server/auth/token-verifier.ts"
import { dropPostgresSchema } from "#server/db/client.ts"
import { coachClients, users } from "#server/db/schema.ts"
import { startServer } from "#server/main.ts"

const THREADS = Number(process.env.BENCH_THREADS ?? 250)
const MESSAGES = Number(process.env.BENCH_MESSAGES ?? 200)
const SENDERS = 20
const databaseUrl = process.env.DATABASE_URL === "" ? undefined : process.env.DATABASE_URL
const schemaName = `bench_chat_${Date.now().toString(36)}`

const tokens: TokenVerifier = {
  verify: (token) =>
    Promise.resolve(
      token.startsWith("bench-chat-")
        ? {
            uid: toFirebaseUid(token),
            email: `${token}@bench.dev`,
            emailVerified: true,
            expiresAt: Date.now() + 3_600_000
          }
        : "invalid"
    )
}

const server = await startServer({
  port: 0,
  hostname: "127.0.0.1",
  databaseUrl: databaseUrl ?? "",
  dataDir: "memory://",
  schemaName: databaseUrl === undefined ? undefined : schemaName,
  tokens,
  rateLimits: false,
  // Twenty pool connections: 500 streams share them for their reads.
  maxConnections: 20
})

/** message id -> resolvers waiting for it, one per listener of its thread */
const waiting = new Map<string, Set<() => void>>()
const streams: Array<AbortController> = []

/** Opens a stream as `token`; resolves once it is ready. Each message it reads wakes its waiter. */
async function listen(token: string): Promise<void> {
  const abort = new AbortController()
  streams.push(abort)
  const response = await fetch(`${server.url}${LIVE_EVENTS_PATH}`, {
    headers: { authorization: `Bearer ${token}` },
    signal: abort.signal
  })
  if (response.status !== 200 || response.body === null) throw new Error(`stream refused: ${response.status}`)
  const reader = response.body.pipeThrough(new TextDecoderStream()).getReader()
  let buffer = ""
  let readyDone: () => void = () => {}
  const ready = new Promise<void>((done) => (readyDone = done))
  void (async () => {
    try {
      for (;;) {
        const { value, done } = await reader.read()
        if (done) return
        buffer += value
        let end: number
        while ((end = buffer.indexOf("\n\n")) >= 0) {
          const block = buffer.slice(0, end)
          buffer = buffer.slice(end + 2)
          const data = block.split("\n").find((line) => line.startsWith("data: "))
          if (data === undefined) continue
          const event = JSON.parse(data.slice(6)) as { type: string; message?: { id: string } }
          if (event.type === "ready") readyDone()
          const id = event.message?.id
          if (id === undefined) continue
          const wake = waiting.get(id)
          const first = wake?.values().next()
          if (first !== undefined && first.done !== true) {
            wake?.delete(first.value)
            first.value()
          }
        }
      }
    } catch {
      // aborted at the end
    }
  })()
  await ready
}

const percentile = (sorted: ReadonlyArray<number>, p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN

try {
  const db = server.database.db
  const people = await db
    .insert(users)
    .values(
      Array.from({ length: THREADS * 2 }, (_, i): typeof users.$inferInsert => ({
        firebaseId: toFirebaseUid(`bench-chat-${i}`),
        name: `Bench ${i}`,
        email: `bench-chat-${i}@bench.dev`,
        userType: i % 2 === 0 ? "Coach" : "Client"
      }))
    )
    .returning({ id: users.id, firebaseId: users.firebaseId, email: users.email })
  const threads = Array.from({ length: THREADS }, (_, i) => {
    const coach = people[i * 2]
    const client = people[i * 2 + 1]
    if (coach === undefined || client === undefined) throw new Error("seeding failed")
    return { coach, client }
  })
  await db.insert(coachClients).values(
    threads.map(({ coach, client }) => ({
      coachId: coach.id,
      clientId: client.id,
      clientEmail: client.email,
      linkedAt: new Date()
    }))
  )

  const openStart = performance.now()
  for (let i = 0; i < threads.length; i += 50) {
    await Promise.all(
      threads.slice(i, i + 50).flatMap(({ coach, client }) => [listen(coach.firebaseId), listen(client.firebaseId)])
    )
  }
  const openMs = performance.now() - openStart
  const rssAfterOpen = process.memoryUsage().rss

  /** Posts one message in thread `index` and answers the ms until both listeners read it. */
  const deliver = async (index: number): Promise<number> => {
    const thread = threads[index % threads.length]
    if (thread === undefined) throw new Error("no thread")
    const id = randomUUID()
    const arrivals = new Set<() => void>()
    const both = Promise.all(
      [0, 1].map(
        () =>
          new Promise<void>((done) => {
            arrivals.add(done)
          })
      )
    )
    waiting.set(id, arrivals)
    const start = performance.now()
    const response = await fetch(`${server.url}/beta/api/chat/${thread.client.id}/messages`, {
      method: "POST",
      headers: { authorization: `Bearer ${thread.client.firebaseId}`, "content-type": "application/json" },
      body: JSON.stringify({ id, body: `bench message ${index}` })
    })
    if (response.status !== 200) throw new Error(`send failed: ${response.status} ${await response.text()}`)
    await both
    waiting.delete(id)
    return performance.now() - start
  }

  // Warm-up: statements and code paths.
  for (let i = 0; i < 10; i++) await deliver(i)

  const serial: Array<number> = []
  for (let i = 0; i < MESSAGES; i++) serial.push(await deliver(i * 7))
  const concurrent: Array<number> = []
  let next = 0
  await Promise.all(
    Array.from({ length: SENDERS }, async () => {
      while (next < MESSAGES) {
        const index = next++
        concurrent.push(await deliver(index * 13 + 1))
      }
    })
  )

  const report = (label: string, samples: Array<number>) => {
    const sorted = [...samples].sort((a, b) => a - b)
    console.log(
      `${label}: p50 ${percentile(sorted, 50).toFixed(1)} ms, p99 ${percentile(sorted, 99).toFixed(1)} ms, max ${(sorted.at(-1) ?? NaN).toFixed(1)} ms (${sorted.length} messages)`
    )
  }
  console.log(
    `bench:chat on ${server.database.kind}, ${cpus().length} cores, node ${process.version}: ${streams.length} streams open in ${openMs.toFixed(0)} ms, RSS ${(rssAfterOpen / 2 ** 20).toFixed(0)} MiB`
  )
  report("one sender, message to both listeners of its thread", serial)
  report(`${SENDERS} senders at once, message to both listeners`, concurrent)
} finally {
  for (const abort of streams) abort.abort()
  await server.close()
  if (databaseUrl !== undefined) await dropPostgresSchema(databaseUrl, schemaName)
}
