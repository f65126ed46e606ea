import { startServer } from "../main.ts"
import { seedDemo } from "../../scripts/seed.ts"
const s = await startServer({ port: 0, dataDir: "memory://", hostname: "127.0.0.1", databaseUrl: "" })
let t = Date.now(); await seedDemo({ baseUrl: s.url }); console.log("first", Date.now() - t)
t = Date.now(); await seedDemo({ baseUrl: s.url }); console.log("second", Date.now() - t)
const { emulatorSignIn } = await import("../../scripts/seed.ts")
const c = await emulatorSignIn("client1@demo.test", "demo-password")
const chk = await (await fetch(`${s.url}/beta/api/user/check?email=client1@demo.test&firebaseId=${c.uid}`, { headers: { authorization: `Bearer ${c.idToken}` } })).json() as any
const rows = await (await fetch(`${s.url}/beta/api/workouts/${chk[0].id}`, { headers: { authorization: `Bearer ${c.idToken}` } })).json() as any[]
const res = await (await fetch(`${s.url}/beta/api/workoutResults/${chk[0].id}`, { headers: { authorization: `Bearer ${c.idToken}` } })).json() as any[]
console.log(rows.length, res.length, new Set(rows.map(r => r.date)).size)
await s.close()
