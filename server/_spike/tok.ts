import { makeFirebaseTokenVerifier } from "../auth/token-verifier.ts"
const r = await fetch("http://127.0.0.1:9099/identitytoolkit.googleapis.com/v1/accounts:signUp?key=fake", { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ email: `t${Date.now()}@x.test`, password: "secret123", returnSecureToken: true }) })
const j: any = await r.json()
const v = makeFirebaseTokenVerifier()
console.log(await v.verify(j.idToken))
console.log(await v.verify("garbage"))
const [h, p] = j.idToken.split(".")
const payload = JSON.parse(Buffer.from(p, "base64url").toString())
console.log(JSON.parse(Buffer.from(h, "base64url").toString()), payload)
payload.exp = Math.floor(Date.now() / 1000) - 10; payload.iat = payload.exp - 3600
const expired = [h, Buffer.from(JSON.stringify(payload)).toString("base64url"), ""].join(".")
console.log(await v.verify(expired))
