// `npm run bench:api`: the API on loopback under autocannon, next to a bare fetch handler
// served by the same stack (@hono/node-server) in the same run, so the ratio holds across
// machines. PostgreSQL when DATABASE_URL is set, otherwise PGlite in memory.
// Env: BENCH_CLIENTS (50), BENCH_DAYS (730), BENCH_SECONDS (10), BENCH_CONNECTIONS (32).
import { serve } from "@hono/node-server"
import { createRequire } from "node:module"
import { cpus } from "node:os"
import { addDays, todayIso } from "#domain/calendar.ts"
import { dropPostgresSchema } from "#server/db/client.ts"
import { startServer } from "#server/main.ts"
import { emulatorSignIn } from "./seed.ts"
import { seedBenchData } from "./seed-bench.ts"

interface AutocannonResult {
  readonly requests: { readonly average: number }
  readonly latency: { readonly p50: number; readonly p99: number }
  readonly non2xx: number
  readonly errors: number
}
interface AutocannonRequest {
  method?: string
  path?: string
  headers?: Record<string, string>
  body?: string
}
type Autocannon = (options: {
  url: string
  connections: number
  duration: number
  method?: string
  headers?: Record<string, string>
  body?: string
  requests?: ReadonlyArray<AutocannonRequest & { setupRequest?: (request: AutocannonRequest) => AutocannonRequest }>
}) => Promise<AutocannonResult>

const autocannon = createRequire(import.meta.url)("autocannon") as Autocannon

const clients = Number(process.env.BENCH_CLIENTS ?? 50)
const days = Number(process.env.BENCH_DAYS ?? 730)
const duration = Number(process.env.BENCH_SECONDS ?? 10)
const connections = Number(process.env.BENCH_CONNECTIONS ?? 32)
const databaseUrl = process.env.DATABASE_URL
const schemaName = `bench_${Date.now().toString(36)}`
const today = todayIso(new Date())

const stamp = Date.now().toString(36)
const coachUser = await emulatorSignIn(`bench-coach-${stamp}@bench.dev`, "bench-password")
const clientUser = await emulatorSignIn(`bench-client-${stamp}@bench.dev`, "bench-password")

const server = await startServer({
  port: 0,
  hostname: "127.0.0.1",
  databaseUrl: databaseUrl ?? "",
  dataDir: "memory://",
  schemaName: databaseUrl ? schemaName : undefined,
  maxConnections: connections,
  // One user floods every scenario on purpose: the per-user limits would answer 429.
  rateLimits: false
})
const bare = await new Promise<{ url: string; close: () => void }>((done) => {
  const s = serve({ fetch: () => Response.json({ ok: true }), port: 0, hostname: "127.0.0.1" }, (info) =>
    done({ url: `http://127.0.0.1:${info.port}`, close: () => s.close() })
  )
})

try {
  console.log(`seeding ${clients} clients x ${days} days on ${server.database.kind}...`)
  const t0 = Date.now()
  const seed = await seedBenchData(server.database.db, {
    coach: { uid: coachUser.uid, email: coachUser.email },
    client: { uid: clientUser.uid, email: clientUser.email },
    clients,
    days,
    today
  })
  console.log(`seeded in ${((Date.now() - t0) / 1000).toFixed(1)} s`)

  const from = addDays(today, -14)
  const to = addDays(today, 13)
  const coachAuth = { authorization: `Bearer ${coachUser.idToken}` }
  const clientAuth = { authorization: `Bearer ${clientUser.idToken}` }
  const workouts28 = `${server.url}/beta/api/workouts/${seed.clientId}?from=${from}&to=${to}`
  const answer = await fetch(workouts28, { headers: coachAuth })
  const answerBytes = (await answer.arrayBuffer()).byteLength

  let logged = 0
  const nextLog = () => {
    const id = seed.setIds[logged++ % seed.setIds.length] ?? seed.setId
    return JSON.stringify({ id, reps: 5 + (logged % 3), rir: 2, weight: 205 })
  }
  const scenarios = [
    { name: "bare fetch handler", url: bare.url },
    {
      // A client logs each set once or twice: the updates spread over the client's sets.
      name: "updateWorkoutResult",
      url: `${server.url}/beta/api/updateWorkoutResult`,
      method: "PUT",
      headers: { ...clientAuth, "content-type": "application/json" },
      requests: [{ setupRequest: (request: AutocannonRequest) => ({ ...request, body: nextLog() }) }]
    },
    {
      // Worst case, not real use: every connection rewrites the same row, so each
      // update waits for the previous one's commit (row lock + WAL flush).
      name: "updateWorkoutResult, one set from all connections",
      url: `${server.url}/beta/api/updateWorkoutResult`,
      method: "PUT",
      headers: { ...clientAuth, "content-type": "application/json" },
      body: JSON.stringify({ id: seed.setId, reps: 5, rir: 2, weight: 205 })
    },
    {
      name: "workoutByDate",
      url: `${server.url}/beta/api/workoutByDate?clientId=${seed.clientId}&date=${today}`,
      headers: clientAuth
    },
    { name: "workouts (28 days)", url: workouts28, headers: coachAuth }
  ]
  const rows: Array<{ name: string; rps: number; p50: number; p99: number; errors: number }> = []
  for (const scenario of scenarios) {
    const result = await autocannon({ connections, duration, ...scenario })
    rows.push({
      name: scenario.name,
      rps: Math.round(result.requests.average),
      p50: result.latency.p50,
      p99: result.latency.p99,
      errors: result.non2xx + result.errors
    })
  }
  const bareRps = rows[0]?.rps ?? 1
  console.log(
    `\n${server.database.kind}, ${connections} connections, ${duration} s each, ${cpus().length} CPUs (${cpus()[0]?.model ?? "?"}), Node ${process.version}`
  )
  console.log("| call | req/s | % of bare | p50 ms | p99 ms | non-2xx/errors |")
  console.log("|---|---|---|---|---|---|")
  for (const row of rows) {
    console.log(
      `| ${row.name} | ${row.rps} | ${Math.round((row.rps / bareRps) * 100)}% | ${row.p50} | ${row.p99} | ${row.errors} |`
    )
  }
  console.log(`\n28-day workouts answer: ${(answerBytes / 1024).toFixed(1)} KB (${answer.status})`)
} finally {
  bare.close()
  await server.close()
  if (databaseUrl) await dropPostgresSchema(databaseUrl, schemaName)
}
