import { defineConfig, devices } from "@playwright/test"
import { chromiumLaunchOptions } from "./test/chromium.ts"
import { distDir, e2ePort, outputDir } from "./test/e2e/support/run-folders.ts"

// Chromium comes from the OS (test/chromium.ts): no test tool may download a browser.
// The stack under test is real: the Auth emulator (already running, named by
// FIREBASE_AUTH_EMULATOR_HOST / GCLOUD_PROJECT), and the API server serving a fresh
// build of the SPA on a fresh in-memory database (scripts/e2e-server.ts).
// E2E_BASE_URL points the tests at a stack started some other way instead.
const emulatorHost = process.env["FIREBASE_AUTH_EMULATOR_HOST"] ?? "127.0.0.1:9099"
const projectId = process.env["GCLOUD_PROJECT"] ?? "demo-strength-coach"
const externalStack = process.env["E2E_BASE_URL"]
const port = e2ePort

const instancesProject = {
  name: "instances",
  testMatch: /chat-instances\.spec\.ts$/,
  use: { ...devices["Desktop Chrome"], launchOptions: chromiumLaunchOptions }
}

export default defineConfig({
  testDir: "test/e2e",
  // Two files at a time on the two cores, each file's tests in order. Every test signs up
  // people of its own, so files share the one server and database without meeting.
  fullyParallel: false,
  workers: 2,
  forbidOnly: true,
  // One retry, reported as "flaky" in the list, never silently (docs/architecture.md, "Known flakes").
  retries: 1,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: process.env["CI"] === undefined ? "list" : [["list"], ["html", { open: "never" }]],
  outputDir,
  ...(externalStack === undefined
    ? {
        webServer: {
          command: `npx vite build --logLevel warn --outDir ${distDir} && npx tsx scripts/e2e-server.ts`,
          url: `http://127.0.0.1:${port}/login`,
          env: {
            VITE_FIREBASE_AUTH_EMULATOR_HOST: emulatorHost,
            VITE_FIREBASE_PROJECT_ID: projectId,
            FIREBASE_AUTH_EMULATOR_HOST: emulatorHost,
            GCLOUD_PROJECT: projectId,
            E2E_PORT: port,
            E2E_DIST: distDir,
            // The e2e stack is local-only: it may trust the Auth emulator (server/main.ts).
            ALLOW_AUTH_EMULATOR: "1"
          },
          // A fresh build and an empty database every run.
          reuseExistingServer: false,
          timeout: 240_000,
          stdout: "pipe",
          stderr: "pipe"
        }
      }
    : {}),
  use: {
    baseURL: externalStack ?? `http://127.0.0.1:${port}`,
    trace: "retain-on-failure",
    screenshot: "only-on-failure"
  },
  projects: [
    {
      name: "chromium",
      // Needs PostgreSQL: the project below runs it when there is one.
      testIgnore: /chat-instances\.spec\.ts$/,
      use: {
        ...devices["Desktop Chrome"],
        launchOptions: chromiumLaunchOptions
      }
    },
    // Two server instances sharing one PostgreSQL: only with DATABASE_URL, which
    // .ci/run sets when PostgreSQL answers. PGlite is one process: nothing crosses instances.
    ...(process.env["DATABASE_URL"] ? [instancesProject] : [])
  ]
})
