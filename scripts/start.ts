// `npm start` / `npm run dev`: the whole local stack on one port.
// Runs inside `firebase emulators:exec` (package.json), so the Auth emulator is up and
// FIREBASE_AUTH_EMULATOR_HOST is set before we get here.
import { spawn } from "node:child_process"
import { existsSync } from "node:fs"
import { startServer } from "#server/main.ts"
import { startMailCatcher } from "./mail-catcher.ts"
import { DEMO_ACCOUNTS, seedDemo } from "./seed.ts"

const dev = process.argv.includes("--dev")
const port = Number(process.env.PORT ?? 3000)
const emulatorHost = process.env.FIREBASE_AUTH_EMULATOR_HOST ?? "127.0.0.1:9099"

const run = (cmd: string, args: ReadonlyArray<string>, env: NodeJS.ProcessEnv) =>
  new Promise<void>((resolve, reject) => {
    const child = spawn(cmd, args, { stdio: "inherit", env })
    child.on("exit", (code) => (code === 0 ? resolve() : reject(new Error(`${cmd} exited with ${code}`))))
  })

const viteEnv = { ...process.env, VITE_FIREBASE_AUTH_EMULATOR_HOST: emulatorHost }

if (!dev && (process.env.SKIP_BUILD !== "1" || !existsSync("dist/index.html"))) {
  await run("npx", ["vite", "build", "--logLevel", "warn"], viteEnv)
}

const apiPort = dev ? port + 1 : port
// The Auth emulator keeps its accounts in .data/auth (see package.json), the database in .data/db.
// Email the app sends (invitations) is caught here and readable over HTTP, unless
// SMTP_URL names a mail server of the developer's own.
const catcher = process.env.SMTP_URL ? undefined : await startMailCatcher({ httpPort: 0 })
const server = await startServer({
  port: apiPort,
  ...(dev ? {} : { staticDir: "dist" }),
  ...(catcher === undefined ? {} : { smtpUrl: catcher.smtpUrl }),
  // Links in emails open the app, which under --dev is Vite's port, not the API's.
  appOrigin: process.env.APP_ORIGIN || `http://127.0.0.1:${port}`
})
await seedDemo({ baseUrl: server.url })

if (dev) {
  spawn("npx", ["vite", "--port", String(port), "--strictPort"], {
    stdio: "inherit",
    env: { ...viteEnv, API_PORT: String(apiPort) },
  })
}

const url = `http://127.0.0.1:${port}/`
console.log(`\nStrength Coach is running at ${url}\n\nDemo accounts (password for all: ${DEMO_ACCOUNTS.password}):`)
for (const account of DEMO_ACCOUNTS.users) console.log(`  ${account.role.padEnd(6)} ${account.email}`)
if (catcher !== undefined)
  console.log(`\nEmail the app sends (invitations) is caught, not delivered: ${catcher.httpUrl ?? ""}/messages`)
console.log("\nPress Ctrl+C to stop.")

await new Promise<void>((resolve) => {
  process.once("SIGINT", resolve)
  process.once("SIGTERM", resolve)
})
await server.close()
await catcher?.close()
