// Production start: one API worker per core behind one port (docs/decisions/052).
//   DATABASE_URL=postgres://... node --import tsx server/cluster.ts
// Workers share nothing but PostgreSQL: live events, rate limits and idempotency keys all
// live there already. PGlite is one process's database, so without DATABASE_URL this
// serves from one process and says so.
import cluster, { type Worker } from "node:cluster"
import { availableParallelism } from "node:os"
import { pathToFileURL } from "node:url"
import { log } from "./log.ts"
import { startServer, type RunningServer, type StartServerOptions } from "./main.ts"

/** What a worker is started with: only what survives JSON (no open stores or verifiers). */
export type WorkerServerOptions = Omit<StartServerOptions, "tokens" | "videoStorage"> & {
  readonly videoStorage?: Exclude<StartServerOptions["videoStorage"], { readonly datastore: unknown }>
}

export interface ClusterOptions {
  /** Default: WEB_CONCURRENCY, else one per core (os.availableParallelism). */
  readonly workers?: number | undefined
  readonly server?: WorkerServerOptions | undefined
}

/** The primary hands each worker its options here; whatever the environment held is replaced. */
const WORKER_OPTIONS_ENV = "STRENGTH_WORKER_OPTIONS"
/** A worker that dies before listening this many times in a row stops the whole cluster. */
const MAX_FAILED_STARTS = 3
const RESTART_DELAY_MS = 1_000

type WorkerMessage = { readonly kind: "listening"; readonly url: string }

const isListening = (message: unknown): message is WorkerMessage =>
  typeof message === "object" && message !== null && (message as { kind?: unknown }).kind === "listening"

export function workerCount(env: NodeJS.ProcessEnv = process.env): number {
  const text = env.WEB_CONCURRENCY?.trim()
  if (text === undefined || text === "") return availableParallelism()
  if (!/^[1-9]\d*$/.test(text)) throw new Error(`WEB_CONCURRENCY must be a whole number of workers, not "${text}"`)
  return Number(text)
}

/** In the primary: forks the workers, replaces any that die, drains them all on SIGTERM/SIGINT. */
async function runPrimary(count: number, server: WorkerServerOptions): Promise<void> {
  const workerEnv = { [WORKER_OPTIONS_ENV]: JSON.stringify(server) }
  let stopping = false
  let failedStarts = 0
  const ready = new Set<Worker>()

  const fork = (): Promise<{ readonly worker: Worker; readonly url: string }> =>
    new Promise((listening, failed) => {
      const worker = cluster.fork(workerEnv)
      worker.on("message", (message: unknown) => {
        if (!isListening(message)) return
        failedStarts = 0
        ready.add(worker)
        listening({ worker, url: message.url })
      })
      worker.once("exit", (code, signal) => {
        const wasReady = ready.delete(worker)
        if (!wasReady)
          failed(new Error(`worker ${worker.process.pid} exited (code ${code}, signal ${signal}) before listening`))
        if (stopping || worker.exitedAfterDisconnect) return
        // A crash: the others keep serving; a worker that cannot start at all stops the cluster.
        if (!wasReady && ++failedStarts >= MAX_FAILED_STARTS) {
          log.error({ failedStarts }, "cluster: workers keep failing to start; stopping")
          void stop(1)
          return
        }
        log.warn({ pid: worker.process.pid, code, signal }, "cluster: worker died; starting another")
        setTimeout(() => void fork().catch(() => undefined), RESTART_DELAY_MS)
      })
    })

  const stop = async (exitCode: number) => {
    if (stopping) return
    stopping = true
    // Each worker answers what it has started (DRAIN_MS), then closes its pool.
    const exits = Object.values(cluster.workers ?? {}).map(
      (worker) =>
        new Promise<void>((done) => {
          if (worker === undefined || worker.isDead()) {
            done()
            return
          }
          worker.once("exit", () => done())
          worker.process.kill("SIGTERM")
        })
    )
    await Promise.all(exits)
    process.exit(exitCode)
  }

  // A deploy: each worker in turn is replaced by a new one that listens first, so the port
  // never goes unanswered.
  let rolling = false
  const roll = async () => {
    if (rolling || stopping) return
    rolling = true
    try {
      // Every worker there is, a starting one too: none of the old code may stay.
      const replaced = Object.values(cluster.workers ?? {}).filter(
        (worker): worker is Worker => worker !== undefined && !worker.isDead()
      )
      for (const old of replaced) {
        await fork()
        if (old.isDead()) continue
        const gone = new Promise<void>((done) => old.once("exit", () => done()))
        old.disconnect()
        old.process.kill("SIGTERM")
        await gone
      }
      log.info({ workers: ready.size }, "cluster: every worker replaced")
    } catch (error) {
      log.error({ err: error }, "cluster: a replacement did not start; the remaining workers keep serving")
    } finally {
      rolling = false
    }
  }

  process.once("SIGINT", () => void stop(0))
  process.once("SIGTERM", () => void stop(0))
  process.on("SIGHUP", () => void roll())

  const first = await Promise.allSettled(Array.from({ length: count }, fork))
  const started = first.filter((outcome) => outcome.status === "fulfilled")
  const [one] = started
  if (one === undefined) {
    log.error("cluster: no worker started")
    return stop(1)
  }
  console.log(`API and app on ${one.value.url} (postgres, ${started.length} workers, primary pid ${process.pid})`)
}

/** In a worker: serves with the primary's options and tells it once listening. */
async function runWorker(): Promise<void> {
  const options = JSON.parse(process.env[WORKER_OPTIONS_ENV] ?? "{}") as WorkerServerOptions
  const running: RunningServer = await startServer(options)
  process.send?.({ kind: "listening", url: running.url } satisfies WorkerMessage)
  // The primary sends SIGTERM; SIGINT and SIGHUP reach every process of a terminal's group
  // at once, so a worker ignores them and waits for the primary's word.
  process.on("SIGINT", () => undefined)
  process.on("SIGHUP", () => undefined)
  process.once("SIGTERM", () => void running.close().then(() => process.exit(0)))
}

/**
 * Serves the app: with PostgreSQL, `workers` processes behind one port (node:cluster: the
 * primary accepts and hands each connection to a worker in turn); with PGlite, this process.
 */
export async function runCluster(options: ClusterOptions = {}): Promise<void> {
  if (cluster.isWorker) return runWorker()
  const server = options.server ?? {}
  const databaseUrl = server.databaseUrl ?? process.env.DATABASE_URL
  if (!databaseUrl) {
    log.warn("PGlite (no DATABASE_URL) is one process's database: serving from one process, not one per core")
    const running = await startServer(server)
    console.log(`API and app on ${running.url} (${running.database.kind}, one process)`)
    const stop = () => void running.close().then(() => process.exit(0))
    process.once("SIGINT", stop)
    process.once("SIGTERM", stop)
    return
  }
  return runPrimary(options.workers ?? workerCount(), server)
}

if (process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href) {
  await runCluster({ server: { staticDir: process.env.STATIC_DIR ?? "dist" } })
}
