import { startServer } from "../main.ts"
const s = await startServer({ port: 0, dataDir: "memory://", hostname: "127.0.0.1" })
const signUp = async (email: string) => {
  const r = await fetch("http://127.0.0.1:9099/identitytoolkit.googleapis.com/v1/accounts:signUp?key=fake", { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ email, password: "secret123", returnSecureToken: true }) })
  return (await r.json()) as { idToken: string; localId: string; email: string }
}
const t = Date.now()
const coach = await signUp(`coach${t}@x.test`)
const client = await signUp(`client${t}@x.test`)
const call = async (method: string, path: string, token?: string, body?: unknown) => {
  const r = await fetch(s.url + path, { method, headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...(body ? { "content-type": "application/json" } : {}) }, body: body ? JSON.stringify(body) : undefined })
  const text = await r.text()
  console.log(method, path.slice(0, 80), r.status, text.slice(0, 300))
  return text ? JSON.parse(text) : undefined
}
await call("GET", `/beta/api/user/check?email=${coach.email}&firebaseId=${coach.localId}`)
await call("GET", `/beta/api/user/check?email=${coach.email}&firebaseId=${coach.localId}`, coach.idToken)
const c = await call("POST", `/beta/api/signup/${coach.localId}?name=Coach&email=${coach.email}&firebaseId=${coach.localId}&userType=Coach`, coach.idToken)
await call("POST", `/beta/api/signup/${coach.localId}?name=Coach&email=${coach.email}&firebaseId=${coach.localId}&userType=Coach`, coach.idToken)
await call("POST", `/beta/api/addClient`, coach.idToken, { data: { coachId: c.id, clientEmail: client.email } })
const cl = await call("POST", `/beta/api/signup/${client.localId}?name=Client&email=${client.email}&firebaseId=${client.localId}&userType=Client`, client.idToken)
await call("GET", `/beta/api/getAllClients/${c.id}`, coach.idToken)
await call("POST", `/beta/api/workout`, coach.idToken, { clientId: cl.id, date: "2026-11-23", workout: [{ name: "Squat", sets: [{ set: 0, amsap: false, fields: [{ name: "reps", value: 5 }, { name: "rpe", value: 8 }] }, { set: 1, amsap: true, fields: [{ name: "reps", value: "AMRAP" }] }] }] })
await call("POST", `/beta/api/workout`, coach.idToken, { clientId: cl.id, date: "2026-11-23", workout: [{ name: "", sets: [] }] })
await call("GET", `/beta/api/workoutByDate?clientId=${cl.id}&date=2026-11-23`, client.idToken)
const rows = await call("GET", `/beta/api/workouts/${cl.id}?from=2026-11-01&to=2026-11-30`, client.idToken)
await call("PUT", `/beta/api/updateWorkoutResult`, client.idToken, { id: rows[0].id, reps: 5, rir: 2 })
await call("PUT", `/beta/api/updateWorkoutResult`, coach.idToken, { id: rows[0].id, reps: 5, rir: 2 })
await call("GET", `/beta/api/workoutResults/${cl.id}`, coach.idToken)
await call("GET", `/beta/api/workoutResults/abc`, coach.idToken)
await call("GET", `/beta/api/nothing`, coach.idToken)
await call("POST", `/beta/api/addClient`, coach.idToken, { pad: "x".repeat(300000) })
const r = await fetch(s.url + "/beta/docs"); console.log("docs", r.status, r.headers.get("content-type"))
await s.close()
