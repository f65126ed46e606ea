/**
 * A child process that opens half-open connections and holds them until told to exit
 * (test/server/support/half-open-holders.ts starts it). Its own process: every process
 * here may open at most 20,000 files (`ulimit -n`, which cannot be raised), so the test
 * spreads tens of thousands of connections over several holders. Each connection sends
 * the start of a request (or nothing) and then stalls; the holder notes when the peer
 * closed it and what the peer answered before that.
 *
 * Run as `node --import tsx half-open-holder.ts '<HolderPlan as JSON>'` with an IPC
 * channel (child_process.fork); it answers the messages of HolderRequest with HolderReport.
 */
import { connect, type Socket } from "node:net"
import { pathToFileURL } from "node:url"

/** What a half-open connection sends before it stalls. */
export type HalfOpenShape = "silent" | "request-line" | "headers" | "tls-hello"

/** The bytes of each shape (an in-process test may send them itself). */
export const HALF_OPEN_BYTES: Readonly<Record<HalfOpenShape, Buffer>> = {
  silent: Buffer.alloc(0),
  "request-line": Buffer.from("GET /beta/api/user/ch"),
  headers: Buffer.from("GET /beta/api/user/check HTTP/1.1\r\nHost: localhost\r\nX-Slow: "),
  // A TLS record header announcing a 512-byte handshake message, then the start of a
  // ClientHello (type 1, length 508, version 3.3): the server waits for the rest.
  "tls-hello": Buffer.from([0x16, 0x03, 0x01, 0x02, 0x00, 0x01, 0x00, 0x01, 0xfc, 0x03, 0x03])
}

export interface HolderPlan {
  readonly host: string
  /** Connection i goes to targets[i % targets.length]. */
  readonly targets: ReadonlyArray<{ readonly port: number; readonly shape: HalfOpenShape }>
  readonly count: number
  /** The loopback address the connections leave from (each gets its own ~28,000 ephemeral ports). */
  readonly localAddress?: string | undefined
  /** Connections being opened at any moment. */
  readonly inFlight: number
}

/** "open" starts opening them (sent once every holder is loaded, so none competes with another's start). */
export type HolderRequest = { readonly type: "open" } | { readonly type: "report" } | { readonly type: "exit" }

/** Sent once, when the holder is loaded and waits for "open". */
export interface HolderReady {
  readonly type: "ready"
}

export interface HolderReport {
  readonly type: "opened" | "report"
  /** Connections open now. */
  readonly open: number
  /** Connections that could not be opened, by error code. */
  readonly failed: Record<string, number>
  /**
   * For each connection the peer closed: ms from when this holder saw it open to when it
   * saw it closed. A busy holder sees both late, so only an upper bound is worth checking.
   */
  readonly closedAfterMs: ReadonlyArray<number>
  /** What the peer answered before closing, by its first line ("" for nothing), with counts. */
  readonly answers: Record<string, number>
  /** How long opening them all took, in ms. */
  readonly openingMs: number
}

interface Held {
  readonly socket: Socket
  readonly openedAt: number
  answer: string
}

function hold(
  plan: HolderPlan,
  send: (report: HolderReport) => void
): { report: () => HolderReport; exit: () => void } {
  if (plan.targets.length === 0) throw new Error("a holder needs at least one target")
  const held = new Set<Held>()
  const failed: Record<string, number> = {}
  const closedAfterMs: Array<number> = []
  const answers: Record<string, number> = {}
  const began = performance.now()
  let openingMs = 0

  const report = (type: HolderReport["type"]): HolderReport => ({
    type,
    open: held.size,
    failed,
    closedAfterMs,
    answers,
    openingMs
  })

  const openOne = (index: number): Promise<void> =>
    new Promise((settled) => {
      const target = plan.targets[index % plan.targets.length]
      if (target === undefined) {
        settled() // never: hold() checked there is a target
        return
      }
      const socket = connect({
        host: plan.host,
        port: target.port,
        ...(plan.localAddress === undefined ? {} : { localAddress: plan.localAddress })
      })
      socket.once("error", (error: NodeJS.ErrnoException) => {
        const code = error.code ?? error.message
        failed[code] = (failed[code] ?? 0) + 1
        settled()
      })
      socket.once("connect", () => {
        const connection: Held = { socket, openedAt: performance.now(), answer: "" }
        held.add(connection)
        socket.removeAllListeners("error")
        // A reset from the peer is a close too: what arrived before it is kept.
        socket.on("error", () => undefined)
        socket.on("data", (chunk: Buffer) => {
          if (connection.answer.length < 200) connection.answer += chunk.toString("latin1")
        })
        socket.once("close", () => {
          if (!held.delete(connection)) return
          closedAfterMs.push(Math.round(performance.now() - connection.openedAt))
          const line = connection.answer.split("\r\n")[0] ?? ""
          answers[line] = (answers[line] ?? 0) + 1
        })
        const bytes = HALF_OPEN_BYTES[target.shape]
        if (bytes.length > 0) socket.write(bytes)
        settled()
      })
    })

  let next = 0
  const worker = async () => {
    while (next < plan.count) await openOne(next++)
  }
  void Promise.all(Array.from({ length: Math.min(plan.inFlight, plan.count) }, worker)).then(() => {
    openingMs = Math.round(performance.now() - began)
    send(report("opened"))
  })

  return {
    report: () => report("report"),
    exit: () => {
      // Closed by this side: not counted as closed by the peer.
      const mine = [...held]
      held.clear()
      for (const { socket } of mine) socket.destroy()
    }
  }
}

// Only when run as the program: a test imports this file for its shapes and types.
const planText = process.argv[2]
const isMain = process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href
if (isMain && planText !== undefined && process.send !== undefined) {
  const send = (message: HolderReport | HolderReady) => process.send?.(message)
  let holder: ReturnType<typeof hold> | undefined
  const exit = () => {
    holder?.exit()
    process.exit(0)
  }
  process.on("message", (request: HolderRequest) => {
    if (request.type === "open") holder ??= hold(JSON.parse(planText) as HolderPlan, send)
    else if (request.type === "report") {
      if (holder !== undefined) send(holder.report())
    } else exit()
  })
  // The test that started it is gone: nothing is left to hold them for.
  process.on("disconnect", exit)
  send({ type: "ready" })
}
