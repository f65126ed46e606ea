import { performance } from "node:perf_hooks"
import { todayIso } from "#domain/calendar.ts"
import { dropPostgresSchema } from "#server/db/client.ts"
import { startServer } from "#server/main.ts"
import { findUserByFirebaseId } from "#server/users/repository.ts"
import { logPerformed, prescribedRows } from "#server/workouts/repository.ts"
import { emulatorSignIn } from "../scripts/seed.ts"
import { seedBenchData } from "../scripts/seed-bench.ts"

const databaseUrl = process.env.DATABASE_URL
const schemaName = `prof_${Date.now().toString(36)}`
const today = todayIso(new Date())
const stamp = Date.now().toString(36)
const coachUser = await emulatorSignIn(`prof-coach-${stamp}@bench.dev`, "bench-password")
const clientUser = await emulatorSignIn(`prof-client-${stamp}@bench.dev`, "bench-password")
const server = await startServer({ port: 0, hostname: "127.0.0.1", databaseUrl: databaseUrl ?? "", dataDir: "memory://", schemaName: databaseUrl ? schemaName : undefined, maxConnections: 4 })
const N = Number(process.env.N ?? 300)
const time = async (name: string, f: () => Promise<unknown>) => {
  for (let i = 0; i < 30; i++) await f()
  const samples: number[] = []
  for (let i = 0; i < N; i++) { const t = performance.now(); await f(); samples.push(performance.now() - t) }
  samples.sort((a, b) => a - b)
  console.log(`${name.padEnd(34)} median ${samples[N >> 1]!.toFixed(2)} ms  p90 ${samples[Math.floor(N * 0.9)]!.toFixed(2)} ms`)
}
try {
  const seed = await seedBenchData(server.database.db, { coach: coachUser, client: clientUser, clients: 3, days: 730, today })
  const db = server.database.db
  const clientAuth = { authorization: `Bearer ${clientUser.idToken}` }
  await time("db: select 1", () => db.execute("select 1" as never))
  await time("db: findUserByFirebaseId", () => findUserByFirebaseId(db, clientUser.uid))
  await time("db: prescribedRows 1 day", () => prescribedRows(db, seed.clientId, { from: today, to: today }))
  await time("db: logPerformed", () => logPerformed(db, seed.clientId, { setId: seed.setId, reps: 5, rir: 2, weight: 205 }))
  await time("http: bare 404 (no auth)", () => fetch(`${server.url}/beta/api/nothing`).then((r) => r.arrayBuffer()))
  await time("http: updateWorkoutResult", () => fetch(`${server.url}/beta/api/updateWorkoutResult`, { method: "PUT", headers: { ...clientAuth, "content-type": "application/json" }, body: JSON.stringify({ id: seed.setId, reps: 5, rir: 2, weight: 205 }) }).then((r) => r.arrayBuffer()))
  await time("http: workoutByDate", () => fetch(`${server.url}/beta/api/workoutByDate?clientId=${seed.clientId}&date=${today}`, { headers: clientAuth }).then((r) => r.arrayBuffer()))
} finally {
  await server.close()
  if (databaseUrl) await dropPostgresSchema(databaseUrl, schemaName)
}
