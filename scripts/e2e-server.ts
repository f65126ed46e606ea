// The stack the end-to-end tests drive (playwright.config.ts starts it after `vite build`):
// the real API server serving ./dist, on a fresh in-memory PGlite so every run starts
// empty, checking tokens with the Auth emulator named by FIREBASE_AUTH_EMULATOR_HOST.
// Its email goes to an in-process mail catcher whose messages the specs read over HTTP at
// port E2E_PORT + 1000 (test/e2e/invitation-email.spec.ts).
import { startServer } from "#server/main.ts"
import { startMailCatcher } from "./mail-catcher.ts"

if (process.env.FIREBASE_AUTH_EMULATOR_HOST === undefined) {
  throw new Error("Set FIREBASE_AUTH_EMULATOR_HOST (e.g. 127.0.0.1:9099): end-to-end tests use the Auth emulator")
}

const port = Number(process.env.E2E_PORT ?? 4173)
const catcher = await startMailCatcher({ httpPort: port + 1000 })
const server = await startServer({
  port,
  hostname: "127.0.0.1",
  // Never the shared DATABASE_URL: a run must not see another run's accounts.
  databaseUrl: "",
  dataDir: "memory://",
  staticDir: process.env.E2E_DIST ?? "dist",
  smtpUrl: catcher.smtpUrl
})
console.log(
  `e2e stack on ${server.url} (${server.database.kind}, emulator ${process.env.FIREBASE_AUTH_EMULATOR_HOST}, mail at ${catcher.httpUrl ?? ""}/messages)`
)

const stop = () =>
  void server
    .close()
    .then(() => catcher.close())
    .then(() => process.exit(0))
process.once("SIGINT", stop)
process.once("SIGTERM", stop)
