import { spawn, type ChildProcess } from "node:child_process"
import { fileURLToPath } from "node:url"

const mainFile = fileURLToPath(new URL("../../../server/main.ts", import.meta.url))
const READY = /API and app on (http:\/\/\S+)/

export interface ServerProcess {
  readonly url: string
  readonly pid: number
  /** Kills the process without warning: nothing gets to flush or close. */
  readonly crash: () => Promise<void>
  readonly stop: () => Promise<void>
}

const exited = (child: ChildProcess) =>
  new Promise<void>((done) => {
    if (child.exitCode !== null || child.signalCode !== null) done()
    else child.once("exit", () => done())
  })

/** Runs `server/main.ts` as its own process (the way production starts it) and waits until it listens. */
export async function startServerProcess(env: Record<string, string | undefined>): Promise<ServerProcess> {
  const child = spawn(process.execPath, ["--import", "tsx", mainFile], {
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
  return { url, pid, crash: () => signal("SIGKILL"), stop: () => signal("SIGTERM") }
}
