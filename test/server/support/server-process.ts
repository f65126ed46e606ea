import { spawn, type ChildProcess } from "node:child_process"
import { fileURLToPath } from "node:url"

/** How production starts the server: one process, or one worker per core (server/cluster.ts). */
const ENTRIES = {
  main: fileURLToPath(new URL("../../../server/main.ts", import.meta.url)),
  cluster: fileURLToPath(new URL("../../../server/cluster.ts", import.meta.url))
} as const
const READY = /API and app on (http:\/\/\S+)/

export interface ServerProcess {
  readonly url: string
  readonly pid: number
  /** Everything it has printed so far. */
  readonly output: () => string
  /** Its exit code once it has exited (null while running or when a signal ended it). */
  readonly exitCode: () => number | null
  /** Kills the process without warning: nothing gets to flush or close. */
  readonly crash: () => Promise<void>
  readonly stop: () => Promise<void>
}

const exited = (child: ChildProcess) =>
  new Promise<void>((done) => {
    if (child.exitCode !== null || child.signalCode !== null) done()
    else child.once("exit", () => done())
  })

/** Runs `server/main.ts` (or the cluster) as its own process, the way production starts it, and waits until it listens. */
export async function startServerProcess(
  env: Record<string, string | undefined>,
  entry: keyof typeof ENTRIES = "main"
): Promise<ServerProcess> {
  const child = spawn(process.execPath, ["--import", "tsx", ENTRIES[entry]], {
    env: { ...process.env, PORT: "0", HOST: "127.0.0.1", ...env },
    stdio: ["ignore", "pipe", "pipe"]
  })
  let output = ""
  const url = await new Promise<string>((done, fail) => {
    const timer = setTimeout(() => fail(new Error(`server did not start:\n${output}`)), 60_000)
    const read = (chunk: Buffer) => {
      output += chunk.toString()
      const match = READY.exec(output)
      if (match?.[1] !== undefined) {
        clearTimeout(timer)
        done(match[1])
      }
    }
    child.stdout.on("data", read)
    child.stderr.on("data", read)
    child.once("exit", (code) => {
      clearTimeout(timer)
      fail(new Error(`server exited with ${code}:\n${output}`))
    })
  })
  const pid = child.pid ?? -1
  const signal = async (name: NodeJS.Signals) => {
    const done = exited(child)
    child.kill(name)
    await done
  }
  return {
    url,
    pid,
    output: () => output,
    exitCode: () => child.exitCode,
    crash: () => signal("SIGKILL"),
    stop: () => signal("SIGTERM")
  }
}
