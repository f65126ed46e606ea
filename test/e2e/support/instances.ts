// Starts API server instances of their own for a test (test/e2e/support/instance-server.ts),
// each a separate process on the shared PostgreSQL schema, and stops them by their pid.
import { spawn, type ChildProcess } from "node:child_process"
import { once } from "node:events"
import { EMULATOR_HOST, PROJECT_ID } from "./stack.ts"

export interface Instance {
  readonly url: string
  readonly stop: () => Promise<void>
}

/** A fresh schema name for one run: the instances share it, no other run sees it. */
export const freshSchema = () => `e2e_${Date.now().toString(36)}_${Math.random().toString(36).slice(2, 8)}`

async function answers(url: string, child: ChildProcess, ms: number): Promise<void> {
  const deadline = Date.now() + ms
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the instance on ${url} exited with ${child.exitCode}`)
    try {
      if ((await fetch(`${url}/login`)).ok) return
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`the instance on ${url} did not answer within ${ms} ms`)
    await new Promise((resolve) => setTimeout(resolve, 200))
  }
}

/** Starts one instance on `port` and waits until it serves the app. */
export async function startInstance(options: {
  readonly port: number
  readonly schema: string
  readonly dropSchemaOnStop?: boolean
}): Promise<Instance> {
  const url = `http://127.0.0.1:${options.port}`
  // Node itself with tsx as a loader: one process, so the stop signal reaches the server.
  const child = spawn(process.execPath, ["--import", "tsx", "test/e2e/support/instance-server.ts"], {
    env: {
      ...process.env,
      E2E_INSTANCE_PORT: String(options.port),
      E2E_SCHEMA: options.schema,
      E2E_DROP_SCHEMA: options.dropSchemaOnStop === true ? "1" : "0",
      FIREBASE_AUTH_EMULATOR_HOST: EMULATOR_HOST,
      GCLOUD_PROJECT: PROJECT_ID,
      ALLOW_AUTH_EMULATOR: "1",
      LOG_LEVEL: process.env["LOG_LEVEL"] ?? "warn"
    },
    stdio: ["ignore", "inherit", "inherit"]
  })
  try {
    await answers(url, child, 60_000)
  } catch (error) {
    child.kill("SIGTERM")
    throw error
  }
  return {
    url,
    stop: async () => {
      if (child.exitCode !== null) return
      const exited = once(child, "exit")
      child.kill("SIGTERM")
      await exited
    }
  }
}
