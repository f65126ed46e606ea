// `npm run bench:evening`: a busy evening through the real TLS proxy (docs/performance.md,
// "A busy evening"). 5,000 lifters under 50 coaches are written straight into a fresh
// database (scripts/bench-evening-seed.ts) and given Firebase accounts and ID tokens on the
// Auth emulator (scripts/bench-evening-accounts.ts). Two app instances, each its own
// `node --import tsx server/main.ts` process with production's rate limits and
// TRUST_PROXY=1 (scripts/bench-evening-stack.ts), sit behind Caddy running deploy/Caddyfile
// (scripts/caddy-proxy.ts).
// A load generator in a process of its own (scripts/bench-evening-load.ts) plays the
// evening over HTTPS: every lifter logs a set every 20-40 s and now and then opens the
// logging page, every coach reads the overview and a lifter's day every 10-30 s, and 500
// live event streams stay open. Printed: each call's throughput, latency from when it was
// due, and failures; the instances', Caddy's and the rest's CPU per request (/proc,
// scripts/bench-evening-cpu.ts); the load average; and whether every set write answered
// 2xx is what the database holds (scripts/bench-evening-check.ts).
//
// PostgreSQL when DATABASE_URL is set (a schema of its own, dropped at the end); without it
// PGlite, which is one process's database, so one instance stands behind the proxy.
// Env: BENCH_LIFTERS (5000), BENCH_COACHES (50), BENCH_STREAMS (500), BENCH_SECONDS (60),
// BENCH_WARMUP (40), BENCH_SETS_PER_OPEN (10), BENCH_COACH_SECONDS ("10-30", how often a coach
// looks), BENCH_SOCKETS (256, the load's connections to Caddy besides the streams'),
// BENCH_ROLLING=1 (restart instance A, then B, inside the window, as README's "Running
// behind the proxy" does a deploy).
import { spawn, spawnSync } from "node:child_process"
import { mkdtempSync, readFileSync, rmSync } from "node:fs"
import { cpus, tmpdir } from "node:os"
import { join } from "node:path"
import { createInterface } from "node:readline"
import { fileURLToPath } from "node:url"
import { sql } from "drizzle-orm"
import pg from "pg"
import { todayIso } from "#domain/calendar.ts"
import { dropPostgresSchema, openDatabase, type Database } from "#server/db/client.ts"
import { createEveningAccounts } from "./bench-evening-accounts.ts"
import { checkWrites } from "./bench-evening-check.ts"
import {
  cpuSecondsOf,
  cpuSecondsOfAll,
  loadAverage,
  machineCpu,
  pidsMatching,
  reapedChildrenCpu
} from "./bench-evening-cpu.ts"
import type { EveningMessage, EveningPlan, EveningResult } from "./bench-evening-load.ts"
import { seedEvening } from "./bench-evening-seed.ts"
import { introduceTokens, startInstance, type Instance } from "./bench-evening-stack.ts"
import { runUnderAuthEmulator } from "./bench-stack.ts"
import { freePort, startCaddy, type Proxy } from "./caddy-proxy.ts"
import { INSTALL_CADDY } from "./preflight.ts"

if (spawnSync("sh", ["-c", "command -v caddy"]).status !== 0) {
  console.error(
    [
      "",
      "!".repeat(78),
      "!!  bench:evening DID NOT RUN: `caddy` is not on PATH, and the evening goes through it.",
      `!!  Install it once:  sudo sh -c '${INSTALL_CADDY}'`,
      "!".repeat(78),
      ""
    ].join("\n")
  )
  process.exit(1)
}
/**
 * The Auth emulator firebase.test.json names, when one already serves its port (npm test's,
 * another bench's): `firebase emulators:exec` could not start a second one there.
 */
async function runningTestEmulator(): Promise<string | undefined> {
  const config = JSON.parse(readFileSync(fileURLToPath(new URL("../firebase.test.json", import.meta.url)), "utf8")) as {
    readonly emulators?: { readonly auth?: { readonly host?: string; readonly port?: number } }
  }
  const host = `${config.emulators?.auth?.host ?? "127.0.0.1"}:${config.emulators?.auth?.port ?? 9099}`
  try {
    const answer = await fetch(`http://${host}/`, { signal: AbortSignal.timeout(1_000) })
    const body = (await answer.json()) as { readonly authEmulator?: unknown }
    return body.authEmulator === undefined ? undefined : host
  } catch {
    return undefined
  }
}
if (process.env.FIREBASE_AUTH_EMULATOR_HOST === undefined) {
  const running = await runningTestEmulator()
  if (running !== undefined) {
    process.env.FIREBASE_AUTH_EMULATOR_HOST = running
    // The project npm test runs it with (package.json).
    process.env.GCLOUD_PROJECT ??= "demo-strength-test"
    console.log(`using the Auth emulator already running on ${running}`)
  }
}
runUnderAuthEmulator("scripts/bench-evening.ts")

const envNumber = (name: string, fallback: number): number => {
  const value = Number(process.env[name] ?? fallback)
  if (!Number.isFinite(value) || value < 0) throw new Error(`${name} must be a number, not ${process.env[name]}`)
  return value
}
const lifterCount = envNumber("BENCH_LIFTERS", 5000)
const coachCount = Math.max(1, envNumber("BENCH_COACHES", 50))
const streamCount = envNumber("BENCH_STREAMS", 500)
const seconds = envNumber("BENCH_SECONDS", 60)
const warmupSeconds = envNumber("BENCH_WARMUP", 40)
const setsPerOpen = Math.max(1, envNumber("BENCH_SETS_PER_OPEN", 10))
const sockets = Math.max(1, envNumber("BENCH_SOCKETS", 256))
const coachEvery = ((text: string): readonly [number, number] => {
  const [low, high] = text.split("-").map(Number)
  if (low === undefined || high === undefined || !(low > 0 && high >= low)) {
    throw new Error(`BENCH_COACH_SECONDS must be "low-high" in seconds, not "${text}"`)
  }
  return [low, high]
})(process.env.BENCH_COACH_SECONDS ?? "10-30")
const rolling = process.env.BENCH_ROLLING === "1"
const databaseUrl = process.env.DATABASE_URL || undefined
const stamp = Date.now().toString(36)
const schemaName = `bench_evening_${stamp}`
const today = todayIso(new Date())
/** README's deploy: after an instance is back, wait the Caddyfile's fail_duration (5 s) before the next. */
const FAIL_DURATION_MS = 5_000
/** Into the window before the rolling restart begins: the figures have a steady start. */
const ROLLING_AFTER_MS = 5_000

const sleep = (ms: number) => new Promise((done) => setTimeout(done, ms))
const scratch = mkdtempSync(join(tmpdir(), "bench-evening-"))
const pgliteDir = join(scratch, "db")
const openData = (): Promise<Database> =>
  openDatabase(
    databaseUrl
      ? // The bulk inserts run past the app's statement deadline (5 s).
        { databaseUrl, schemaName, deadlines: { statementMs: 600_000, queryMs: 600_000 } }
      : { dataDir: pgliteDir }
  )

const instances: Array<Instance> = []
let proxy: Proxy | undefined
let removeAccounts: (() => Promise<void>) | undefined
let loadPid: number | undefined

let cleaning: Promise<void> | undefined
/** Once, whether the run ends or is interrupted: what it started, made and wrote goes. */
const cleanUp = () =>
  (cleaning ??= (async () => {
    for (const instance of instances) await instance.stop()
    await proxy?.stop()
    if (databaseUrl) await dropPostgresSchema(databaseUrl, schemaName).catch(() => undefined)
    await removeAccounts?.().catch((error: unknown) => console.error("could not remove the emulator accounts", error))
    rmSync(scratch, { recursive: true, force: true })
  })())
for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.once(signal, () => {
    // Only what this run started.
    if (loadPid !== undefined) process.kill(loadPid, "SIGTERM")
    void cleanUp().finally(() => process.exit(130))
  })
}
// A reader that went away (`| head`) must not end the run before it has cleaned up.
process.stdout.on("error", () => undefined)

/** The instances' database address, naming this run: its backends are found by it (pg_stat_activity). */
const instanceDatabaseUrl = (() => {
  if (databaseUrl === undefined) return ""
  const url = new URL(databaseUrl)
  url.searchParams.set("application_name", schemaName)
  return url.toString()
})()
const instanceEnv: NodeJS.ProcessEnv = {
  DATABASE_URL: instanceDatabaseUrl,
  ...(databaseUrl ? { DATABASE_SCHEMA: schemaName } : { DATA_DIR: pgliteDir }),
  VIDEO_DIR: join(scratch, "videos"),
  LOG_LEVEL: process.env.LOG_LEVEL ?? "warn"
}

try {
  console.log(`accounts: ${coachCount} coaches and ${lifterCount} lifters on the Auth emulator...`)
  let t0 = Date.now()
  const accounts = await createEveningAccounts({ stamp, coaches: coachCount, lifters: lifterCount })
  removeAccounts = accounts.remove
  console.log(`  made in ${((Date.now() - t0) / 1000).toFixed(1)} s`)

  t0 = Date.now()
  const seeding = await openData()
  console.log(`seeding on ${seeding.kind}...`)
  const seed = await seedEvening(seeding.db, { coaches: accounts.coaches, lifters: accounts.lifters, today })
  await seeding.close()
  console.log(
    `  ${seed.rows.workouts} workouts, ${seed.rows.sets} sets (${seed.rows.logged} logged) in ${((Date.now() - t0) / 1000).toFixed(1)} s`
  )

  // The first starts alone; PGlite is one process's database, so it has only that one.
  const names = databaseUrl ? ["A", "B"] : ["A"]
  for (const name of names) instances.push(await startInstance(name, await freePort(), instanceEnv))
  proxy = await startCaddy(instances.map((instance) => instance.port))
  console.log(
    `${instances.length} instance(s) on ports ${instances.map((i) => i.port).join(", ")}, Caddy on https://localhost:${proxy.httpsPort}`
  )

  const lifters = accounts.lifters.map((person, i) => ({
    token: accounts.tokenOf(person),
    clientId: seed.lifterIds[i] ?? 0,
    sets: seed.tonightSets[i] ?? []
  }))
  const coaches = accounts.coaches.map((person, j) => ({
    token: accounts.tokenOf(person),
    coachId: seed.coachIds[j] ?? 0,
    clients: seed.lifterIds.filter((_, i) => i % coachCount === j)
  }))
  t0 = Date.now()
  await introduceTokens(
    instances.map((instance) => instance.port),
    [
      ...coaches.map((coach) => ({ token: coach.token, userId: coach.coachId })),
      ...lifters.map((lifter) => ({ token: lifter.token, userId: lifter.clientId }))
    ]
  )
  console.log(`every token checked once by every instance in ${((Date.now() - t0) / 1000).toFixed(1)} s`)
  // The coaches' dashboards listen, and as many lifters as make up the rest.
  const streamTokens = [...coaches, ...lifters].slice(0, streamCount).map((person) => person.token)
  const plan: EveningPlan = {
    port: proxy.httpsPort,
    ca: proxy.ca,
    today,
    warmupSeconds,
    seconds,
    lifters,
    coaches,
    streamTokens,
    setsPerOpen,
    coachEvery,
    sockets,
    retryWrites: true
  }

  const loadScript = fileURLToPath(new URL("./bench-evening-load.ts", import.meta.url))
  const load = spawn(process.execPath, ["--import", "tsx", loadScript], { stdio: ["pipe", "pipe", "inherit"] })
  loadPid = load.pid
  const loadExited = new Promise<number | null>((done) => load.once("exit", (code) => done(code)))
  load.stdin.end(JSON.stringify(plan))
  console.log(
    `evening: ${warmupSeconds} s warm-up, then ${seconds} s measured${rolling ? ", rolling restart of every instance inside it" : ""}...`
  )

  interface Snapshot {
    readonly at: number
    readonly instances: number
    readonly reaped: number
    readonly caddy: number
    readonly load: number
    readonly emulator: number
    readonly postgres: ReadonlyMap<number, number>
    readonly ourBackends: ReadonlyMap<number, number>
    readonly machine: { readonly busy: number; readonly total: number }
    readonly loadAverage: string
  }
  const sumCpu = (pids: ReadonlyArray<number>) => pids.reduce((sum, pid) => sum + (cpuSecondsOf(pid) ?? 0), 0)
  // Read only, to measure: the Auth emulator stands in for Firebase, PostgreSQL is the shared cluster's.
  const emulatorPids = pidsMatching((line) => line.includes("firebase") && line.includes("emulators:"))
  const monitor = databaseUrl ? new pg.Client({ connectionString: databaseUrl }) : undefined
  await monitor?.connect()
  /** This run's PostgreSQL backends: the instances' pools, their rate limiters' and their LISTENs. */
  const ourBackends = async (): Promise<Array<number>> =>
    monitor === undefined
      ? []
      : (
          await monitor.query<{ pid: number }>("select pid from pg_stat_activity where application_name = $1", [
            schemaName
          ])
        ).rows.map((row) => row.pid)
  const snapshot = async (): Promise<Snapshot> => ({
    at: performance.now(),
    instances: sumCpu(instances.map((instance) => instance.pid)),
    reaped: reapedChildrenCpu(),
    caddy: proxy === undefined ? 0 : (cpuSecondsOf(proxy.pid) ?? 0),
    load: loadPid === undefined ? 0 : (cpuSecondsOf(loadPid) ?? 0),
    emulator: sumCpu(emulatorPids),
    postgres: cpuSecondsOfAll(databaseUrl ? pidsMatching((_, name) => name === "postgres") : []),
    ourBackends: cpuSecondsOfAll(await ourBackends()),
    machine: machineCpu(),
    loadAverage: loadAverage()
  })
  const loadBefore = loadAverage()
  let before: Snapshot | undefined
  let after: Snapshot | undefined
  let result: EveningResult | undefined
  let restart: Promise<void> | undefined
  const timeline: Array<string> = []
  const sinceStart = () => (before === undefined ? 0 : (performance.now() - before.at) / 1000)
  const mark = (what: string) => timeline.push(`${sinceStart().toFixed(1).padStart(5)} s  ${what}`)

  /** README's deploy: stop one (SIGTERM), start it again on its port, wait fail_duration, then the next. */
  const rollingRestart = async () => {
    await sleep(ROLLING_AFTER_MS)
    for (const [index, old] of instances.entries()) {
      mark(`SIGTERM to instance ${old.name} (pid ${old.pid})`)
      await old.stop()
      mark(`instance ${old.name} exited`)
      const restarted = await startInstance(old.name, old.port, instanceEnv)
      instances[index] = restarted
      mark(`instance ${old.name} listening again (pid ${restarted.pid})`)
      await sleep(FAIL_DURATION_MS)
      mark(`${FAIL_DURATION_MS / 1000} s later: Caddy tries ${old.name} again`)
    }
  }

  for await (const line of createInterface({ input: load.stdout })) {
    const message = JSON.parse(line) as EveningMessage
    if (message.kind === "phase" && message.phase === "measuring") {
      before = await snapshot()
      mark("measured window starts")
      if (rolling) restart = rollingRestart()
    } else if (message.kind === "phase") {
      after = await snapshot()
      mark("measured window ends")
    } else result = message.result
  }
  await monitor?.end()
  const loadCode = await loadExited
  loadPid = undefined
  if (result === undefined || before === undefined || after === undefined) {
    throw new Error(`the load generator exited ${loadCode} without a result`)
  }
  await restart
  if (rolling && timeline.at(-1)?.includes("measured window ends") !== true) {
    timeline.push("   (the restart outlasted the window: its last steps are not in the CPU figures)")
  }

  // Stopped before reading: every instance answers what it started, and PGlite frees its folder.
  // Caddy goes last: stopped first, it waits for its upstream connections (the streams) to end.
  for (const instance of instances.splice(0)) await instance.stop()
  await proxy.stop()
  proxy = undefined
  const checking = await openData()
  const held = await checking.db.execute<{ set_id: number; performed_weight: number | null }>(sql`
    select r.set_id, r.performed_weight
    from set_results r join sets s on s.id = r.set_id join exercises e on e.id = s.exercise_id
    join workouts w on w.id = e.workout_id
    where w.date = ${today}::date`)
  await checking.close()
  const check = checkWrites(result.writes, new Map(held.rows.map((row) => [row.set_id, row.performed_weight])))

  // ---- the report ----
  const window = (after.at - before.at) / 1000
  // Per answer that came in the window: under overload the CPU goes to requests due earlier.
  const requests = result.all.answered
  const cpuRow = (what: string, cpuSeconds: number) =>
    `| ${what} | ${cpuSeconds.toFixed(1)} | ${requests === 0 ? "-" : ((cpuSeconds * 1000) / requests).toFixed(2)} | ${(cpuSeconds / window).toFixed(2)} |`
  // An instance that exited inside the window is counted by this process's reaped children's CPU.
  const instanceCpu = after.instances + (after.reaped - before.reaped) - before.instances
  const machineBusy = after.machine.busy - before.machine.busy
  const streams = result.streams

  console.log(
    `\nA busy evening: ${lifterCount} lifters, ${coachCount} coaches, ${streams.wanted} live streams; ` +
      `${names.length} instance(s) on ${databaseUrl ? "PostgreSQL" : "PGlite (one process: one instance)"} behind Caddy (deploy/Caddyfile, HTTPS); ` +
      `${cpus().length} CPUs (${cpus()[0]?.model ?? "?"}), Node ${process.version}`
  )
  console.log(
    `${warmupSeconds} s warm-up, ${window.toFixed(1)} s measured; load average ${loadBefore} before, ${after.loadAverage} at the end` +
      (rolling ? "; rolling restart of every instance inside the window" : "")
  )
  console.log(
    `\nPer call: answers per second in the window, then the requests due in it: latency (ms) from when each was due ` +
      `over those answered, and those never answered (open loop; ${result.connections} TLS connections to Caddy besides the streams'):`
  )
  console.log("| call | answered/s | due | p50 | p90 | p99 | max | non-2xx | errors | unanswered |")
  console.log("|---|---|---|---|---|---|---|---|---|---|")
  for (const row of [...result.calls, result.all]) {
    const name = row === result.all ? `**${row.call}**` : row.call
    console.log(
      `| ${name} | ${row.answeredPerSecond} | ${row.due} | ${[row.p50, row.p90, row.p99, row.max].map((ms) => ms ?? "-").join(" | ")} | ` +
        `${row.non2xx} | ${row.errors} | ${row.unanswered} |`
    )
  }
  console.log(
    `\nLive streams: ${streams.openAtStart} of ${streams.wanted} open when the window started, ${streams.openAtEnd} at its end ` +
      `(${streams.opened} opened in all, ${streams.ended} ended by the server, ${streams.refused} refused).`
  )
  console.log(
    `The generator sent requests up to ${result.lateness.p99} ms late at p99 (max ${result.lateness.max}): its own lag, charged to the latencies above.` +
      (result.unanswered > 0 ? ` ${result.unanswered} requests were still unanswered when it stopped waiting.` : "")
  )
  console.log(`\nCPU in the window (utime + stime from /proc; per answer: ${requests} answers came in the window):`)
  console.log("| processes | CPU s | ms per request | cores busy |")
  console.log("|---|---|---|---|")
  console.log(
    cpuRow(names.length === 1 ? "app instance (1 process)" : `app instances (${names.length} processes)`, instanceCpu)
  )
  console.log(cpuRow("Caddy", after.caddy - before.caddy))
  console.log(cpuRow("load generator", after.load - before.load))
  console.log(cpuRow("Auth emulator (Firebase's part: the account checks)", after.emulator - before.emulator))
  if (databaseUrl) {
    // Of the processes there at the end: one that began inside the window counts from its start, one that
    // ended inside it (a parallel query's worker) is not seen at all; the whole machine's row has them.
    const grown = (at: ReadonlyMap<number, number>, from: ReadonlyMap<number, number>) =>
      [...at].reduce((sum, [pid, cpu]) => sum + cpu - (from.get(pid) ?? 0), 0)
    console.log(
      cpuRow("PostgreSQL, this run's backends (by application_name)", grown(after.ourBackends, before.ourBackends))
    )
    console.log(cpuRow("PostgreSQL, every process of the shared cluster", grown(after.postgres, before.postgres)))
  }
  console.log(cpuRow("whole machine (everything running on it)", machineBusy))

  console.log(
    `\nSet writes, checked against the database (each write carried its own weight; a write answered 502 was sent once more, ` +
      `as the app's outbox would: the write is idempotent):`
  )
  console.log(
    "| sent | answered 2xx | retried after 502 | sets written | holds its last 2xx | holds a later unconfirmed write | stored without a 2xx | lost | duplicated | mismatched |"
  )
  console.log("|---|---|---|---|---|---|---|---|---|---|")
  console.log(
    `| ${check.sent} | ${check.answered2xx} | ${check.retried} | ${check.sets} | ${check.exact} | ${check.laterUnconfirmed} | ` +
      `${check.storedWithout2xx} | **${check.lost}** | **${check.duplicated}** | **${check.mismatched}** |`
  )
  for (const text of check.examples) console.log(`  ${text}`)

  if (rolling) {
    console.log(
      databaseUrl
        ? "\nRolling restart (seconds from the window's start):"
        : "\nRestart (seconds from the window's start); PGlite is one process's database, so one instance: its restart is an outage:"
    )
    for (const line of timeline) console.log(`  ${line}`)
  }
  const failures = new Map<string, { count: number; first: number; last: number }>()
  for (const [at, call, what, attempt] of result.failures) {
    const key = `${call}: ${what}${attempt > 1 ? " (its retry)" : ""}`
    const seen = failures.get(key) ?? { count: 0, first: at, last: at }
    failures.set(key, { count: seen.count + 1, first: Math.min(seen.first, at), last: Math.max(seen.last, at) })
  }
  console.log(failures.size === 0 ? "\nNo failed request in the whole run." : "\nFailed requests in the whole run:")
  for (const [key, seen] of failures) {
    console.log(
      `  ${key}: ${seen.count}, from ${(seen.first / 1000).toFixed(1)} s to ${(seen.last / 1000).toFixed(1)} s`
    )
  }
  if (lifterCount < 5000) console.log(`\n(BENCH_LIFTERS=${lifterCount}: below the evening's 5,000.)`)
} finally {
  await cleanUp()
}
