import { fork, type ChildProcess } from "node:child_process"
import { randomInt } from "node:crypto"
import { fileURLToPath } from "node:url"
import type { HalfOpenShape, HolderPlan, HolderReady, HolderReport, HolderRequest } from "./half-open-holder.ts"

export type { HalfOpenShape } from "./half-open-holder.ts"

const holderFile = fileURLToPath(new URL("./half-open-holder.ts", import.meta.url))

/** Connections per holder process: well under the 20,000 files a process may open here. */
const PER_HOLDER = 5_000

export interface HalfOpenOptions {
  readonly host?: string
  /** Connection i goes to targets[i % targets.length]. */
  readonly targets: ReadonlyArray<{ readonly port: number; readonly shape: HalfOpenShape }>
  readonly count: number
  /** Connections each holder is opening at any moment (default 100: more opens them no faster). */
  readonly inFlight?: number
}

/** What all holders together hold, and what their peers did. */
export interface HalfOpenTotals {
  readonly holders: number
  readonly open: number
  readonly failed: Record<string, number>
  /** Per connection the peer closed: ms from its opening to its close, as its holder saw them. */
  readonly closedAfterMs: ReadonlyArray<number>
  readonly answers: Record<string, number>
  /** The slowest holder's time to open its share, in ms. */
  readonly openingMs: number
}

export interface HalfOpenHolders {
  /** The totals once every holder had tried to open its share. */
  readonly opened: HalfOpenTotals
  readonly report: () => Promise<HalfOpenTotals>
  /** Reports every `pollMs` until no connection is open or `ms` passed; the last report. */
  readonly untilAllClosed: (ms: number, pollMs?: number) => Promise<HalfOpenTotals>
  /** Ends the holders and with them every connection still open. */
  readonly stop: () => Promise<void>
}

const add = (into: Record<string, number>, from: Record<string, number>) => {
  for (const [key, count] of Object.entries(from)) into[key] = (into[key] ?? 0) + count
}

const totalOf = (reports: ReadonlyArray<HolderReport>): HalfOpenTotals => {
  const failed: Record<string, number> = {}
  const answers: Record<string, number> = {}
  for (const report of reports) {
    add(failed, report.failed)
    add(answers, report.answers)
  }
  return {
    holders: reports.length,
    open: reports.reduce((sum, { open }) => sum + open, 0),
    failed,
    closedAfterMs: reports.flatMap(({ closedAfterMs }) => closedAfterMs),
    answers,
    openingMs: Math.max(0, ...reports.map(({ openingMs }) => openingMs))
  }
}

/** The next message of `type` from a holder; rejects if it exits first. */
const nextMessage = <T extends HolderReport | HolderReady>(child: ChildProcess, type: T["type"]): Promise<T> =>
  new Promise((resolve, reject) => {
    const onMessage = (message: T) => {
      if (message.type !== type) return
      child.off("message", onMessage)
      child.off("exit", onExit)
      resolve(message)
    }
    const onExit = (code: number | null) => {
      child.off("message", onMessage)
      reject(new Error(`a half-open holder exited (${code}) before its ${type} report`))
    }
    child.on("message", onMessage)
    child.once("exit", onExit)
  })

/**
 * Opens `count` half-open connections from child processes of PER_HOLDER each, every
 * holder from its own loopback address (127.0.b.1, .2, …: Linux routes all of 127/8 to
 * this host), and resolves once all of them tried. The holders start opening together,
 * once all are loaded. Each holder ends with this process.
 */
export async function holdHalfOpen(options: HalfOpenOptions): Promise<HalfOpenHolders> {
  const children: Array<ChildProcess> = []
  const holders = Math.ceil(options.count / PER_HOLDER)
  // A fresh block of addresses each time: ports this side closed (TIME_WAIT, 60 s) are
  // slow to skip when a holder binds its address again. Never 127.0.0.x, the tests' clients.
  const block = randomInt(1, 255)
  for (let index = 0; index < holders; index++) {
    const plan: HolderPlan = {
      host: options.host ?? "127.0.0.1",
      targets: options.targets,
      count: Math.min(PER_HOLDER, options.count - index * PER_HOLDER),
      localAddress: `127.0.${block}.${index + 1}`,
      inFlight: options.inFlight ?? 100
    }
    children.push(
      fork(holderFile, [JSON.stringify(plan)], {
        execArgv: ["--import", "tsx"],
        stdio: ["ignore", "inherit", "inherit", "ipc"]
      })
    )
  }
  const stop = async () => {
    await Promise.all(
      children.map(
        (child) =>
          new Promise<void>((done) => {
            if (child.exitCode !== null || child.signalCode !== null) {
              done()
              return
            }
            child.once("exit", () => done())
            if (child.connected) child.send({ type: "exit" } satisfies HolderRequest)
            else child.kill()
          })
      )
    )
  }
  try {
    await Promise.all(children.map((child) => nextMessage<HolderReady>(child, "ready")))
    const opening = children.map((child) => nextMessage<HolderReport>(child, "opened"))
    for (const child of children) child.send({ type: "open" } satisfies HolderRequest)
    const opened = totalOf(await Promise.all(opening))
    const report = async () =>
      totalOf(
        await Promise.all(
          children.map((child) => {
            const answered = nextMessage<HolderReport>(child, "report")
            child.send({ type: "report" } satisfies HolderRequest)
            return answered
          })
        )
      )
    const untilAllClosed = async (ms: number, pollMs = 250) => {
      const deadline = performance.now() + ms
      for (;;) {
        const totals = await report()
        if (totals.open === 0 || performance.now() > deadline) return totals
        await new Promise((done) => setTimeout(done, pollMs))
      }
    }
    return { opened, report, untilAllClosed, stop }
  } catch (error) {
    await stop()
    throw error
  }
}
