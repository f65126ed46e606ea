// One API server instance of several sharing one PostgreSQL (test/e2e/chat-instances.spec.ts):
// like scripts/e2e-server.ts it serves the built SPA (./run-folders.ts) and checks tokens with the Auth
// emulator, but on DATABASE_URL in the schema E2E_SCHEMA, which every instance of the run
// shares. Live events cross instances through the database (LISTEN/NOTIFY, ADR 029). The
// instance started with E2E_DROP_SCHEMA=1 drops the schema when it stops.
import { dropPostgresSchema } from "#server/db/client.ts"
import { startServer } from "#server/main.ts"
import { distDir, instancePort } from "./run-folders.ts"

const databaseUrl = process.env["DATABASE_URL"]
const schemaName = process.env["E2E_SCHEMA"]
if (databaseUrl === undefined || databaseUrl === "" || schemaName === undefined) {
  throw new Error("Set DATABASE_URL and E2E_SCHEMA: the instances share one PostgreSQL schema")
}
if (process.env["FIREBASE_AUTH_EMULATOR_HOST"] === undefined) {
  throw new Error("Set FIREBASE_AUTH_EMULATOR_HOST: end-to-end tests use the Auth emulator")
}

const server = await startServer({
  port: Number(process.env["E2E_INSTANCE_PORT"] ?? instancePort(0)),
  hostname: "127.0.0.1",
  databaseUrl,
  schemaName,
  staticDir: distDir
})
console.log(`instance ready on ${server.url} (${server.database.kind}, schema ${schemaName})`)

const stop = () =>
  void server
    .close()
    .then(async () => {
      if (process.env["E2E_DROP_SCHEMA"] === "1") await dropPostgresSchema(databaseUrl, schemaName)
    })
    .finally(() => process.exit(0))
process.once("SIGINT", stop)
process.once("SIGTERM", stop)
