// The stack the end-to-end tests drive (playwright.config.ts starts it after `vite build`):
// the real API server serving ./dist, on a fresh in-memory PGlite so every run starts
// empty, checking tokens with the Auth emulator named by FIREBASE_AUTH_EMULATOR_HOST.
import { startServer } from "#server/main.ts"

if (process.env.FIREBASE_AUTH_EMULATOR_HOST === undefined) {
  throw new Error("Set FIREBASE_AUTH_EMULATOR_HOST (e.g. 127.0.0.1:9099): end-to-end tests use the Auth emulator")
}

const server = await startServer({
  port: Number(process.env.E2E_PORT ?? 4173),
  hostname: "127.0.0.1",
  // Never the shared DATABASE_URL: a run must not see another run's accounts.
  databaseUrl: "",
  dataDir: "memory://",
  staticDir: process.env.E2E_DIST ?? "dist"
})
console.log(`e2e stack on ${server.url} (${server.database.kind}, emulator ${process.env.FIREBASE_AUTH_EMULATOR_HOST})`)

const stop = () => void server.close().then(() => process.exit(0))
process.once("SIGINT", stop)
process.once("SIGTERM", stop)
