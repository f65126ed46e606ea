import { storybookTest } from "@storybook/addon-vitest/vitest-plugin"
import react from "@vitejs/plugin-react"
import { playwright } from "@vitest/browser-playwright"
import { createRequire } from "node:module"
import { dirname, join } from "node:path"
import { defineConfig } from "vitest/config"
import { chromiumLaunchOptions } from "./test/chromium.ts"

const require = createRequire(import.meta.url)
const firebaseAuthBrowserBuild = join(
  dirname(
    require.resolve("@firebase/auth/package.json", { paths: [dirname(require.resolve("firebase/package.json"))] })
  ),
  "dist/esm/index.js"
)

// `#domain/*` and friends resolve through package.json#imports, which Vite (and so
// Vitest) honours natively; no alias list to keep in sync.
export default defineConfig({
  plugins: [react()],
  test: {
    projects: [
      {
        extends: true,
        test: {
          name: "node",
          environment: "node",
          include: [
            "test/domain/**/*.test.ts",
            "test/build/**/*.test.ts",
            "test/gateway/**/*.test.ts",
            "test/server/**/*.test.ts",
            "test/machines/*.test.ts",
            "test/device/*.test.ts",
            "test/lint/*.test.ts"
          ],
          // Two files at a time, one per core, and before the DOM project, not beside it.
          // They never collide: every server under test has a schema of its own
          // (test/server/support/databases.ts) and every Auth emulator account its own address.
          pool: "forks",
          maxWorkers: 2,
          sequence: { groupOrder: 0 },
          testTimeout: 20_000,
          hookTimeout: 60_000,
          env: {
            FIREBASE_AUTH_EMULATOR_HOST: process.env["FIREBASE_AUTH_EMULATOR_HOST"] ?? "127.0.0.1:9099",
            // One info line per request would bury the test report; warnings and defects still show.
            LOG_LEVEL: process.env["LOG_LEVEL"] ?? "warn",
            // The local-only flag npm test sets (server/main.ts refuses the emulator without it),
            // here too so a single test file can run on its own.
            ALLOW_AUTH_EMULATOR: "1"
          }
        }
      },
      {
        extends: true,
        resolve: {
          // Firebase Auth's package exports hand Node its Node build, which lacks the
          // browser persistences and popup resolver the adapter uses: DOM tests get the
          // browser build, as the app does.
          alias: { "firebase/auth": firebaseAuthBrowserBuild }
        },
        test: {
          name: "dom",
          environment: "jsdom",
          include: ["test/ui/**/*.test.{ts,tsx}", "test/identity/**/*.test.ts", "test/machines/*.journeys.test.tsx"],
          setupFiles: ["test/ui/setup-dom.ts"],
          maxWorkers: 2,
          sequence: { groupOrder: 1 },
          testTimeout: 15_000,
          env: {
            // The identity adapter reads this, so its tests run against the Auth emulator.
            VITE_FIREBASE_AUTH_EMULATOR_HOST:
              process.env["VITE_FIREBASE_AUTH_EMULATOR_HOST"] ??
              process.env["FIREBASE_AUTH_EMULATOR_HOST"] ??
              "127.0.0.1:9099",
            // Under `npm test` the emulator runs a project of its own (firebase.test.json).
            VITE_FIREBASE_PROJECT_ID:
              process.env["VITE_FIREBASE_PROJECT_ID"] ?? process.env["GCLOUD_PROJECT"] ?? "demo-strength-coach"
          }
        }
      },
      {
        // Every story of .storybook/main.ts as a test in real Chromium: it renders, its play
        // function passes, axe finds no serious or critical violation (addon-a11y), and the
        // story's actor shows the machine state it declares (.storybook/machine-state.ts).
        extends: true,
        plugins: [storybookTest({ configDir: ".storybook" })],
        test: {
          name: "storybook",
          browser: {
            enabled: true,
            headless: true,
            provider: playwright({ launchOptions: chromiumLaunchOptions }),
            instances: [{ browser: "chromium" }]
          },
          // After the DOM project, not beside it: two cores.
          sequence: { groupOrder: 2 },
          testTimeout: 15_000
        }
      }
    ]
  }
})
