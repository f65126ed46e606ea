// `npm run bench:api`: the API on loopback under load from a process of its own
// (scripts/bench-load.ts), each call next to its raw statement's baseline in the same run
// (scripts/bench-baseline.ts: pgbench on PostgreSQL, in-process PGlite otherwise): the
// ratio is the figure that carries across machines. Two loads: saturation
// (BENCH_CONNECTIONS, as fast as the server answers) and a realistic one, BENCH_RATE
// requests/s of mixed logging and reads, evenly spaced (an open loop). A bare fetch
// handler on the same stack
// (@hono/node-server) is printed for context. PostgreSQL when DATABASE_URL is set,
// otherwise PGlite in memory.
// On PostgreSQL the load goes to the production start, one worker per core (server/cluster.ts
// through scripts/bench-cluster.ts; BENCH_WORKERS, 0 for the one in-process server).
// Env: BENCH_CLIENTS (50), BENCH_DAYS (730), BENCH_SECONDS (10), BENCH_CONNECTIONS (32), BENCH_RATE (200),
// BENCH_ONLY (one scenario by name, or "mixed"), BENCH_PROFILE (a folder: each load's CPU profile of
// this process, the server's, is written there; docs/performance.md).
import { serve } from "@hono/node-server"
import { spawn } from "node:child_process"
import { writeFileSync } from "node:fs"
import { Session } from "node:inspector/promises"
import { join } from "node:path"
import { availableParallelism, cpus } from "node:os"
import { fileURLToPath } from "node:url"
import { addDays, todayIso } from "#domain/calendar.ts"
import { dropPostgresSchema } from "#server/db/client.ts"
import { startServer } from "#server/main.ts"
import { logPerformedQuery } from "#server/workouts/log-performed.ts"
import { rowQueryText } from "#server/workouts/row-queries.ts"
import { pgbenchBaseline, pgliteBaseline, type Baseline, type BaselineValue } from "./bench-baseline.ts"
import type { LoadPlan, LoadResult, LoadStep } from "./bench-load.ts"
import { runUnderAuthEmulator } from "./bench-stack.ts"
import { emulatorSignIn } from "./seed.ts"
import { seedBenchData } from "./seed-bench.ts"

runUnderAuthEmulator("scripts/bench-api.ts")

const clients = Number(process.env.BENCH_CLIENTS ?? 50)
const days = Number(process.env.BENCH_DAYS ?? 730)
const duration = Number(process.env.BENCH_SECONDS ?? 10)
const connections = Number(process.env.BENCH_CONNECTIONS ?? 32)
const realisticRate = Number(process.env.BENCH_RATE ?? 200)
const only = process.env.BENCH_ONLY
const wanted = (name: string) => only === undefined || only === name
const databaseUrl = process.env.DATABASE_URL
const schemaName = `bench_${Date.now().toString(36)}`
const today = todayIso(new Date())
// The lifter opens a day with a workout (the seed trains Monday, Wednesday and Friday): an
// empty day is a second query, the access check that tells "nothing" from "not yours".
const trainingDay = [0, 1, 2]
  .map((ahead) => addDays(today, ahead))
  .find((date) => [1, 3, 5].includes(new Date(`${date}T00:00:00Z`).getUTCDay()))
if (trainingDay === undefined) throw new Error("no training day within three days")

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
// PGlite is one process's database: only PostgreSQL runs behind the cluster.
const workers = databaseUrl ? Number(process.env.BENCH_WORKERS ?? availableParallelism()) : 0
const clusterScript = fileURLToPath(new URL("./bench-cluster.ts", import.meta.url))

/** The cluster in a process of its own; resolves once every worker listens. */
function startCluster(): Promise<{ url: string; stop: () => Promise<void> }> {
  const child = spawn(process.execPath, ["--import", "tsx", clusterScript], {
    env: { ...process.env, BENCH_WORKERS: String(workers), DATABASE_SCHEMA: schemaName },
    stdio: ["ignore", "pipe", "inherit"]
  })
  const exited = new Promise<void>((done) => child.once("exit", () => done()))
  return new Promise((resolve, reject) => {
    let output = ""
    child.stdout.on("data", (chunk: Buffer) => {
      output += chunk.toString("utf8")
      const url = /API and app on (http:\/\/\S+)/.exec(output)?.[1]
      if (url !== undefined)
        resolve({
          url,
          stop: async () => {
            child.kill("SIGTERM")
            await exited
          }
        })
    })
    void exited.then(() => reject(new Error(`the cluster exited before listening:\n${output}`)))
  })
}
// The in-process server seeds and answers the check below; the load goes to the cluster.
const cluster = workers > 0 ? await startCluster() : undefined
const apiUrl = cluster?.url ?? server.url

const bare = await new Promise<{ url: string; close: () => void }>((done) => {
  const s = serve({ fetch: () => Response.json({ ok: true }), port: 0, hostname: "127.0.0.1" }, (info) =>
    done({ url: `http://127.0.0.1:${info.port}`, close: () => s.close() })
  )
})

const loadScript = fileURLToPath(new URL("./bench-load.ts", import.meta.url))

/** Runs `plan` in a load generator process of its own (scripts/bench-load.ts). */
function runLoad(plan: LoadPlan): Promise<LoadResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ["--import", "tsx", loadScript], { stdio: ["pipe", "pipe", "inherit"] })
    let output = ""
    child.stdout.on("data", (chunk: Buffer) => (output += chunk.toString("utf8")))
    child.on("error", reject)
    child.on("close", (code) =>
      code === 0 ? resolve(JSON.parse(output) as LoadResult) : reject(new Error(`load generator exited ${code}`))
    )
    child.stdin.end(JSON.stringify(plan))
  })
}

const profileFolder = process.env.BENCH_PROFILE

/** `runLoad`, with this process (the server) under the CPU profiler when BENCH_PROFILE names a folder. */
async function profiledLoad(name: string, plan: LoadPlan): Promise<LoadResult> {
  // The profile is of this process: with the cluster, the server is elsewhere (BENCH_WORKERS=0 to profile).
  if (profileFolder === undefined || cluster !== undefined) return runLoad(plan)
  const session = new Session()
  session.connect()
  await session.post("Profiler.enable")
  await session.post("Profiler.start")
  try {
    return await runLoad(plan)
  } finally {
    const { profile } = await session.post("Profiler.stop")
    const file = join(profileFolder, `${name.replace(/[^a-z0-9]+/gi, "-")}.cpuprofile`)
    writeFileSync(file, JSON.stringify(profile))
    console.log(`profile: ${file}`)
    session.disconnect()
  }
}

const errorsOf = (result: LoadResult) => result.non2xx + result.errors

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
  const workouts28Path = `/beta/api/workouts/${seed.clientId}?from=${from}&to=${to}`
  const answer = await fetch(`${server.url}${workouts28Path}`, { headers: coachAuth })
  const answerBytes = (await answer.arrayBuffer()).byteLength

  // A client logs each set once or twice: the updates spread over the client's sets, whose
  // ids the seed wrote in one run (the baseline draws from the same range).
  const setIds = [...seed.setIds].sort((a, b) => a - b)
  const firstSet = setIds[0] ?? seed.setId
  const lastSet = setIds.at(-1) ?? seed.setId
  if (setIds.some((id, i) => id !== firstSet + i)) throw new Error("the bench client's set ids are not one range")
  const logBodies = setIds.map((id, i) => JSON.stringify({ id, reps: 5 + (i % 3), rir: 2, weight: 205 }))
  const json = { "content-type": "application/json" }
  const logStep: LoadStep = {
    method: "PUT",
    path: "/beta/api/updateWorkoutResult",
    headers: { ...clientAuth, ...json },
    bodies: logBodies
  }
  const byDateStep: LoadStep = {
    method: "GET",
    path: `/beta/api/workoutByDate?clientId=${seed.clientId}&date=${trainingDay}`,
    headers: clientAuth
  }
  const workouts28Step: LoadStep = { method: "GET", path: workouts28Path, headers: coachAuth }

  // The same statements with the same parameters, for the baselines.
  const logValues: Record<string, BaselineValue> = {
    setId: { randomFrom: firstSet, to: lastSet },
    uid: clientUser.uid,
    reps: 5,
    rir: 2,
    rpe: null,
    weight: 205,
    weightUnit: "lb",
    skipped: false,
    givenReps: true,
    givenRir: true,
    givenRpe: false,
    givenWeight: true,
    givenUnit: true,
    givenSkipped: false
  }
  const readValues = (caller: string, range: { from: string; to: string }) => ({
    uid: caller,
    clientId: seed.clientId,
    ...range
  })
  const db = server.database.db
  const statements = {
    updateWorkoutResult: { name: "log_performed", query: logPerformedQuery, values: logValues },
    workoutByDate: {
      name: "prescribed_rows_readable_by",
      query: rowQueryText(db, "prescribed"),
      values: readValues(clientUser.uid, { from: trainingDay, to: trainingDay })
    },
    "workouts (28 days)": {
      name: "prescribed_rows_readable_by",
      query: rowQueryText(db, "prescribed"),
      values: readValues(coachUser.uid, { from, to })
    }
  }
  const baselineOf = async (call: keyof typeof statements): Promise<Baseline> => {
    const statement = statements[call]
    return databaseUrl
      ? pgbenchBaseline({ databaseUrl, schemaName, ...statement, connections, seconds: duration })
      : pgliteBaseline({ db, ...statement, seconds: duration })
  }

  const saturation: Array<{
    name: string
    steps: ReadonlyArray<LoadStep>
    url?: string
    baseline?: keyof typeof statements
  }> = [
    { name: "bare fetch handler (context)", url: bare.url, steps: [{ method: "GET", path: "/", headers: {} }] },
    { name: "updateWorkoutResult", steps: [logStep], baseline: "updateWorkoutResult" },
    {
      // Worst case, not real use: every connection rewrites the same row, so each
      // update waits for the previous one's commit (row lock + WAL flush).
      name: "updateWorkoutResult, one set from all connections",
      steps: [{ ...logStep, bodies: [JSON.stringify({ id: seed.setId, reps: 5, rir: 2, weight: 205 })] }]
    },
    { name: "workoutByDate", steps: [byDateStep], baseline: "workoutByDate" },
    { name: "workouts (28 days)", steps: [workouts28Step], baseline: "workouts (28 days)" }
  ]

  const rows: Array<string> = []
  for (const scenario of saturation.filter((each) => wanted(each.name))) {
    const result = await profiledLoad(scenario.name, {
      url: scenario.url ?? apiUrl,
      connections,
      seconds: duration,
      steps: scenario.steps
    })
    const baseline = scenario.baseline === undefined ? undefined : await baselineOf(scenario.baseline)
    rows.push(
      `| ${scenario.name} | ${result.rps} | ${result.p50} | ${result.p99} | ${errorsOf(result)} | ` +
        (baseline === undefined
          ? "| | |"
          : `${Math.round(baseline.tps)} | ${baseline.meanMs.toFixed(2)} | ${Math.round((result.rps / baseline.tps) * 100)}% |`)
    )
  }

  // 500 lifters logging at once: mostly sets logged, some opening their day, a coach's calendar now and then.
  const mixed = [
    logStep,
    logStep,
    logStep,
    byDateStep,
    logStep,
    logStep,
    logStep,
    byDateStep,
    byDateStep,
    workouts28Step
  ]
  const realistic = wanted("mixed")
    ? await profiledLoad("mixed", {
        url: apiUrl,
        connections,
        seconds: duration,
        overallRate: realisticRate,
        steps: mixed
      })
    : undefined

  console.log(
    `\n${server.database.kind}${workers > 0 ? `, ${workers} API workers (server/cluster.ts)` : ", one API process"}, ${connections} connections, ${duration} s each, ${cpus().length} CPUs (${cpus()[0]?.model ?? "?"}), Node ${process.version}`
  )
  console.log(
    `baselines: ${databaseUrl ? `pgbench -M prepared -c ${connections}` : "PGlite in process, one statement at a time"}`
  )
  console.log("\nSaturation (as fast as the server answers):")
  console.log("| call | req/s | p50 ms | p99 ms | non-2xx/errors | raw statement tps | its mean ms | API / raw |")
  console.log("|---|---|---|---|---|---|---|---|")
  for (const row of rows) console.log(row)
  if (realistic !== undefined) {
    console.log(
      `\nRealistic load: ${realisticRate} requests/s evenly spaced (open loop, first second not counted), 6 logs : 3 workoutByDate : 1 workouts (28 days):`
    )
    console.log("| load | req/s | p50 ms | p90 ms | p99 ms | non-2xx/errors |")
    console.log("|---|---|---|---|---|---|")
    console.log(
      `| mixed at ${realisticRate}/s | ${realistic.rps} | ${realistic.p50} | ${realistic.p90} | ${realistic.p99} | ${errorsOf(realistic)} |`
    )
  }
  console.log(`\n28-day workouts answer: ${(answerBytes / 1024).toFixed(1)} KB (${answer.status})`)
} finally {
  bare.close()
  await cluster?.stop()
  await server.close()
  if (databaseUrl) await dropPostgresSchema(databaseUrl, schemaName)
}
