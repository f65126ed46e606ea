// `npm run bench:copy`: the goal "copying a 4-week block for 10 clients: one request
// each, p50 under 200 ms". A coach with 10 clients has a week of 4 workouts (5 exercises x
// 4 sets) on the first client; each request copies it to one client as a 4-week block
// (the week and 3 repeats at +2.5 %: 16 workouts, 320 sets), through the real HTTP
// handler. Each run lands 4 weeks later than the one before, so no day is ever busy.
// PostgreSQL when DATABASE_URL is set (in a schema of its own, dropped at the end),
// otherwise PGlite in memory. Token checks are answered by a stand-in: firebase-admin
// caches a good token anyway, and the figure is the copy's. Env: BENCH_RUNS (5).
import { performance } from "node:perf_hooks"
import { cpus } from "node:os"
import { addDays, type IsoDate } from "#domain/calendar.ts"
import { toFirebaseUid } from "#domain/firebase-uid.ts"
import type { TokenVerifier } from "#server/auth/token-verifier.ts"
import { dropPostgresSchema } from "#server/db/client.ts"
import { coachClients, users } from "#server/db/schema.ts"
import { startServer } from "#server/main.ts"

const CLIENTS = 10
const WEEKS = 4
const GOAL_MS = 200
const runs = Number(process.env.BENCH_RUNS ?? 5)
const databaseUrl = process.env.DATABASE_URL === "" ? undefined : process.env.DATABASE_URL
const schemaName = `bench_copy_${Date.now().toString(36)}`

const COACH_TOKEN = toFirebaseUid("bench-copy-coach")
const tokens: TokenVerifier = {
  verify: (token) =>
    Promise.resolve(
      token === COACH_TOKEN
        ? {
            uid: COACH_TOKEN,
            email: "bench-copy-coach@bench.dev",
            emailVerified: true,
            expiresAt: Date.now() + 3_600_000
          }
        : "invalid"
    )
}

const FIRST_DAY = "2027-01-04" as IsoDate
// Monday, Tuesday, Thursday, Friday.
const DAYS = [0, 1, 3, 4].map((offset) => addDays(FIRST_DAY, offset))
const SESSIONS = [
  ["Back Squat", "Bench Press", "Barbell Row", "Romanian Deadlift", "Plank"],
  ["Deadlift", "Overhead Press", "Pull-Up", "Front Squat", "Farmer's Walk"],
  ["Front Squat", "Incline Bench Press", "Barbell Row", "Hip Thrust", "Plank"],
  ["Deadlift", "Bench Press", "Lat Pulldown", "Bulgarian Split Squat", "Farmer's Walk"]
] as const
const workout = (names: ReadonlyArray<string>) =>
  names.map((name) => ({
    name,
    sets: [0, 1, 2, 3].map((set) => ({
      set,
      amsap: false,
      fields: [
        { name: "reps", value: 5 },
        { name: "rpe", value: 8 },
        { name: "weight", value: 185 + set * 10 }
      ]
    }))
  }))

const server = await startServer({
  port: 0,
  hostname: "127.0.0.1",
  databaseUrl: databaseUrl ?? "",
  dataDir: "memory://",
  schemaName: databaseUrl === undefined ? undefined : schemaName,
  tokens,
  rateLimits: false
})

const post = async (path: string, body: unknown): Promise<{ status: number; text: string; ms: number }> => {
  const start = performance.now()
  const response = await fetch(`${server.url}/beta/api${path}`, {
    method: "POST",
    headers: { authorization: `Bearer ${COACH_TOKEN}`, "content-type": "application/json" },
    body: JSON.stringify(body)
  })
  const text = await response.text()
  return { status: response.status, text, ms: performance.now() - start }
}

try {
  const db = server.database.db
  const [coach] = await db
    .insert(users)
    .values({ firebaseId: COACH_TOKEN, name: "Bench Coach", email: "bench-copy-coach@bench.dev", userType: "Coach" })
    .returning({ id: users.id })
  if (coach === undefined) throw new Error("no coach")
  const clients = await db
    .insert(users)
    .values(
      Array.from({ length: CLIENTS }, (_, i): typeof users.$inferInsert => ({
        firebaseId: toFirebaseUid(`bench-copy-client-${i}`),
        name: `Bench Client ${i}`,
        email: `bench-copy-client-${i}@bench.dev`,
        userType: "Client"
      }))
    )
    .returning({ id: users.id, email: users.email })
  await db
    .insert(coachClients)
    .values(clients.map((c) => ({ coachId: coach.id, clientId: c.id, clientEmail: c.email, linkedAt: new Date() })))
  const source = clients[0]
  if (source === undefined) throw new Error("no client")
  for (const [index, date] of DAYS.entries()) {
    const saved = await post("/workout", { clientId: source.id, date, workout: workout(SESSIONS[index] ?? []) })
    if (saved.status !== 200) throw new Error(`seeding failed: ${saved.status} ${saved.text}`)
  }

  const copyTo = (clientId: number, start: IsoDate, key: string) =>
    post("/workouts/copy", {
      source: { kind: "week", clientId: source.id, from: FIRST_DAY },
      targets: [{ clientId, start }],
      repeats: Array.from({ length: WEEKS - 1 }, () => ({ kind: "progress", loadPercent: 2.5, reps: 0, sets: 0 })),
      idempotencyKey: key
    })
  // One copy before timing: the first request pays for module and statement warm-up.
  await copyTo(source.id, addDays(FIRST_DAY, 7 * WEEKS), `bench-copy-warm-${schemaName}`)

  const timings: Array<number> = []
  let failures = 0
  for (let run = 0; run < runs; run++) {
    const start = addDays(FIRST_DAY, 7 * WEEKS * (run + 2))
    for (const client of clients) {
      const answer = await copyTo(client.id, start, `bench-copy-${run}-${client.id}-${schemaName}`)
      if (answer.status !== 200 || !answer.text.includes('"created"')) failures++
      timings.push(answer.ms)
    }
  }
  const sorted = [...timings].sort((a, b) => a - b)
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0
  console.log(
    `\nCopy a ${WEEKS}-week block (16 workouts, 320 sets) to one client per request, ${CLIENTS} clients x ${runs} runs, on ${server.database.kind}; ${cpus().length} CPUs (${cpus()[0]?.model ?? "?"}), Node ${process.version}`
  )
  console.log("| requests | p50 ms | p95 ms | max ms | failed | goal |")
  console.log("|---|---|---|---|---|---|")
  console.log(
    `| ${timings.length} | ${at(0.5).toFixed(1)} | ${at(0.95).toFixed(1)} | ${(sorted.at(-1) ?? 0).toFixed(1)} | ${failures} | p50 < ${GOAL_MS} ms |`
  )
} finally {
  await server.close()
  if (databaseUrl !== undefined) await dropPostgresSchema(databaseUrl, schemaName)
}
