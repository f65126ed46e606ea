import { performance } from "node:perf_hooks"
import { todayIso } from "#domain/calendar.ts"
import { dropPostgresSchema, openDatabase } from "#server/db/client.ts"
import { makeApiHandler } from "#server/app.ts"
import { makeFirebaseTokenVerifier } from "#server/auth/token-verifier.ts"
import { emulatorSignIn } from "../scripts/seed.ts"
import { seedBenchData } from "../scripts/seed-bench.ts"

const databaseUrl = process.env.DATABASE_URL
const schemaName = `prof_${Date.now().toString(36)}`
const today = todayIso(new Date())
const stamp = Date.now().toString(36)
const coachUser = await emulatorSignIn(`prof-coach-${stamp}@bench.dev`, "bench-password")
const clientUser = await emulatorSignIn(`prof-client-${stamp}@bench.dev`, "bench-password")
const database = await openDatabase({ databaseUrl, schemaName: databaseUrl ? schemaName : undefined, maxConnections: 4 })
const api = makeApiHandler({ db: database.db, tokens: makeFirebaseTokenVerifier() })
const N = Number(process.env.N ?? 2000)
const time = async (name: string, f: () => Promise<unknown>) => {
  for (let i = 0; i < 50; i++) await f()
  const samples: number[] = []
  for (let i = 0; i < N; i++) { const t = performance.now(); await f(); samples.push(performance.now() - t) }
  samples.sort((a, b) => a - b)
  console.log(`${name.padEnd(34)} median ${samples[N >> 1]!.toFixed(2)} ms  p90 ${samples[Math.floor(N * 0.9)]!.toFixed(2)} ms`)
}
try {
  const seed = await seedBenchData(database.db, { coach: coachUser, client: clientUser, clients: 3, days: 730, today })
  const clientAuth = { authorization: `Bearer ${clientUser.idToken}` }
  const which = process.env.WHICH ?? "both"
  const { Session } = await import("node:inspector/promises")
  const { writeFileSync } = await import("node:fs")
  const session = new Session(); session.connect(); await session.post("Profiler.enable"); await session.post("Profiler.setSamplingInterval", { interval: 100 }); await session.post("Profiler.start")
  process.on("beforeExit", () => {})
  ;(globalThis as any).stopProf = async () => { const { profile } = await session.post("Profiler.stop"); writeFileSync(`loop-${which}.cpuprofile`, JSON.stringify(profile)) }
  if (which !== "put") await time("direct: workoutByDate", async () => { const r = await api.handler(new Request(`http://x/beta/api/workoutByDate?clientId=${seed.clientId}&date=${today}`, { headers: clientAuth })); if (r.status !== 200) throw new Error(String(r.status)); await r.arrayBuffer() })
  if (which !== "get") await time("direct: updateWorkoutResult", async () => { const r = await api.handler(new Request(`http://x/beta/api/updateWorkoutResult`, { method: "PUT", headers: { ...clientAuth, "content-type": "application/json" }, body: JSON.stringify({ id: seed.setId, reps: 5, rir: 2, weight: 205 }) })); if (r.status !== 200) throw new Error(String(r.status) + await r.text()); await r.arrayBuffer() })
  await (globalThis as any).stopProf()
} finally {
  await api.dispose(); await database.close()
  if (databaseUrl) await dropPostgresSchema(databaseUrl, schemaName)
}
