// The deployment the busy evening runs through (scripts/bench-evening.ts), as README's
// "Running behind the proxy" runs it: each instance its own `node --import tsx
// server/main.ts` process with TRUST_PROXY=1, and Debian's Caddy with deploy/Caddyfile in
// front (only addresses from the environment, `tls internal`, its state in a temporary
// folder), started by scripts/caddy-proxy.ts as test/server/proxy-deploy.test.ts starts it.
import { spawn } from "node:child_process"
import { fileURLToPath } from "node:url"
import { tailOf } from "./caddy-proxy.ts"

const ROOT = fileURLToPath(new URL("..", import.meta.url))
const STARTUP_MS = 60_000

export interface Instance {
  readonly name: string
  readonly port: number
  readonly pid: number
  /** SIGTERM, as a deploy stops it: it answers what it started (DRAIN_MS), then exits. */
  readonly stop: () => Promise<void>
}

/** One app instance in a process of its own, resolved once it listens on `port`. */
export async function startInstance(name: string, port: number, env: NodeJS.ProcessEnv): Promise<Instance> {
  // BENCH_PROFILE=<folder>: each instance writes its CPU profile there when it exits.
  const profile = process.env.BENCH_PROFILE ? ["--cpu-prof", `--cpu-prof-dir=${process.env.BENCH_PROFILE}`] : []
  const child = spawn(process.execPath, [...profile, "--import", "tsx", "server/main.ts"], {
    cwd: ROOT,
    env: { ...process.env, ...env, PORT: String(port), HOST: "127.0.0.1", TRUST_PROXY: "1" },
    stdio: ["ignore", "pipe", "pipe"]
  })
  const exited = new Promise<number | null>((done) => child.once("exit", (code) => done(code)))
  const stderr = tailOf(child, "stderr")
  let said = ""
  await new Promise<void>((ready, failed) => {
    const timer = setTimeout(() => failed(new Error(`${name} did not listen within ${STARTUP_MS} ms`)), STARTUP_MS)
    tailOf(child, "stdout", (text) => {
      said += text
      if (said.includes("API and app on")) {
        clearTimeout(timer)
        ready()
      }
    })
    void exited.then((code) => {
      clearTimeout(timer)
      failed(new Error(`${name} exited (${code}) before listening:\n${stderr()}`))
    })
  })
  const pid = child.pid
  if (pid === undefined) throw new Error(`${name} has no pid`)
  return {
    name,
    port,
    pid,
    stop: async () => {
      if (child.exitCode === null && child.signalCode === null) child.kill("SIGTERM")
      await exited
    }
  }
}

/**
 * Has every instance check every token once, straight (not through Caddy), `concurrency`
 * at a time. On the Auth emulator firebase-admin looks the account up on every token it
 * has not seen (production checks a token's signature locally), and the emulator answers
 * a few hundred lookups a second: 5,000 lifters arriving at once would measure the
 * emulator. A real evening's tokens arrive over hours; this stands for that.
 */
export async function introduceTokens(
  ports: ReadonlyArray<number>,
  people: ReadonlyArray<{ readonly token: string; readonly userId: number }>,
  concurrency = 32
): Promise<void> {
  const work = ports.flatMap((port) => people.map((person) => ({ port, ...person })))
  let next = 0
  const worker = async () => {
    for (let item = work[next++]; item !== undefined; item = work[next++]) {
      const answer = await fetch(`http://127.0.0.1:${item.port}/beta/api/preferences/${item.userId}`, {
        headers: { authorization: `Bearer ${item.token}` }
      })
      await answer.arrayBuffer()
      if (!answer.ok) throw new Error(`instance on ${item.port} answered ${answer.status} to a token check`)
    }
  }
  await Promise.all(Array.from({ length: concurrency }, worker))
}
