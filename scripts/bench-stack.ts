// What the browser benches share (bench:web, bench:combobox): running under the Auth
// emulator, a production build of the app, the real server on an in-memory database with
// the demo accounts, and the OS's Chromium. Figures, not assertions: nothing here fails.
import { chromium, type Browser } from "@playwright/test"
import { execFileSync, spawnSync } from "node:child_process"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { startServer, type RunningServer } from "#server/main.ts"
import { seedDemo } from "./seed.ts"

/**
 * Without FIREBASE_AUTH_EMULATOR_HOST, runs `script` again under `firebase emulators:exec`
 * (as `npm test` does) and exits with its status; with it, returns and the bench goes on.
 */
export function runUnderAuthEmulator(script: string): void {
  if (process.env.FIREBASE_AUTH_EMULATOR_HOST !== undefined) return
  const result = spawnSync(
    "npx",
    [
      "firebase",
      "emulators:exec",
      "--config",
      "firebase.test.json",
      "--only",
      "auth",
      "--project",
      "demo-strength-test",
      `npx tsx ${script}`
    ],
    { stdio: "inherit" }
  )
  process.exit(result.status ?? 1)
}

/** The app built into a temporary folder `name`, started on a fresh in-memory database and seeded. */
export async function startSeededStack(name: string): Promise<RunningServer> {
  // BENCH_DIST=<dir>: measure a build a bench made before (same emulator settings) instead of building again.
  const distDir = process.env.BENCH_DIST ?? join(tmpdir(), name)
  if (process.env.BENCH_DIST === undefined) {
    console.log(`${name}: building the app...`)
    execFileSync("npx", ["vite", "build", "--logLevel", "warn", "--outDir", distDir, "--emptyOutDir"], {
      stdio: "inherit",
      env: {
        ...process.env,
        VITE_FIREBASE_AUTH_EMULATOR_HOST: process.env.FIREBASE_AUTH_EMULATOR_HOST,
        VITE_FIREBASE_PROJECT_ID: process.env.GCLOUD_PROJECT ?? "demo-strength-coach"
      }
    })
  }
  const server = await startServer({
    port: 0,
    hostname: "127.0.0.1",
    databaseUrl: "",
    dataDir: "memory://",
    staticDir: distDir
  })
  await seedDemo({ baseUrl: server.url })
  return server
}

export const launchChromium = (): Promise<Browser> =>
  chromium.launch({
    executablePath: "/usr/bin/chromium",
    args: [
      "--headless",
      "--no-sandbox",
      "--disable-gpu",
      "--disable-background-networking",
      "--disable-component-update"
    ]
  })

/** "Chromium 1xx..." as the OS's binary says it. */
export const chromiumVersion = (): string =>
  execFileSync("/usr/bin/chromium", ["--version"], { stdio: ["ignore", "pipe", "ignore"] })
    .toString()
    .trim()
