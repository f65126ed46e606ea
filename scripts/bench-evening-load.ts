// The load generator of `npm run bench:evening` (scripts/bench-evening.ts), in a process of
// its own: reads one EveningPlan as JSON on stdin, and writes newline-delimited JSON on
// stdout: a `phase` line when the measured window starts and when it ends (the parent reads
// the processes' CPU then), and one `result` line last.
//
// An open loop, as scripts/bench-load.ts's: every lifter and coach has its own schedule,
// each request is sent when it is due whatever came back before, and its latency counts
// from when it was due, so a stall is charged to every request it delays. Everything goes
// over HTTPS to Caddy on keep-alive connections, trusting Caddy's root certificate only.
//
// What each one does (docs/performance.md, "A busy evening"), the evening already under way
// when the run starts: each lifter's first act at a random moment of its first interval.
// A lifter acts every 20-40 s (uniform): it logs a set (PUT updateWorkoutResult with the
// body autosave sends: the set's id and the fields entered; one time in five the set just
// logged again, corrected), or, once every `setsPerOpen` sets, opens the logging page,
// which makes the reads the page makes on mount and no more (it does not poll: news comes
// on the live stream). A coach looks every `coachEvery` seconds: the overview, and 5 s
// later one of their lifters' day (the day page's reads and its worked-out loads'). Live
// streams are opened over the first 5 s and held; one the server ends is opened again
// after ~3 s with Last-Event-ID, as the app's is.
import { Agent, request } from "node:https"
import type { IncomingMessage } from "node:http"
import { addDays, type IsoDate } from "#domain/calendar.ts"
import { API_STAGE } from "#domain/api-stage.ts"
import { E1RM_WINDOW_DAYS } from "#domain/set-loads.ts"
import { requestProxiedStream, sseParser } from "../test/server/support/sse-reader.ts"

export interface EveningLifter {
  readonly token: string
  readonly clientId: number
  /** tonight's set ids in the order they are logged */
  readonly sets: ReadonlyArray<number>
}

export interface EveningCoach {
  readonly token: string
  readonly coachId: number
  readonly clients: ReadonlyArray<number>
}

export interface EveningPlan {
  readonly port: number
  /** Caddy's root certificate (PEM) */
  readonly ca: string
  readonly today: IsoDate
  readonly warmupSeconds: number
  readonly seconds: number
  readonly lifters: ReadonlyArray<EveningLifter>
  readonly coaches: ReadonlyArray<EveningCoach>
  /** one live event stream held open per token, for the whole run */
  readonly streamTokens: ReadonlyArray<string>
  /** a coach looks again after this many seconds, uniform between the two */
  readonly coachEvery: readonly [number, number]
  /** a lifter opens the logging page once every this many sets */
  readonly setsPerOpen: number
  /** keep-alive connections to Caddy for the calls, at most (the streams have their own) */
  readonly sockets: number
  /** A write answered 502 (Caddy found an instance gone) is sent once more, as the app's outbox would. */
  readonly retryWrites: boolean
}

/** One call's figures. Latencies are of the requests due in the window that were answered. */
export interface CallFigures {
  readonly call: string
  /** requests due in the measured window */
  readonly due: number
  /** answers that came in the window, whenever they were due */
  readonly answered: number
  /** the same per second: the throughput */
  readonly answeredPerSecond: number
  /** null: none of them was answered */
  readonly p50: number | null
  readonly p90: number | null
  readonly p99: number | null
  readonly max: number | null
  readonly non2xx: number
  readonly errors: number
  /** due in the window, and still unanswered when the generator stopped waiting */
  readonly unanswered: number
}

/**
 * One set write: [set id, weight sent, final status (0: an error, -1: still unanswered when
 * the generator stopped), attempts, sent at (ms from the window's start)].
 */
export type WriteRecord = [number, number, number, number, number]
/** One failure: [ms from the window's start, call, status or error code, attempt]. */
export type FailureRecord = readonly [number, string, string, number]

export interface EveningResult {
  readonly calls: ReadonlyArray<CallFigures>
  readonly all: CallFigures
  readonly streams: {
    readonly wanted: number
    readonly openAtStart: number
    readonly openAtEnd: number
    readonly opened: number
    readonly ended: number
    readonly refused: number
  }
  readonly writes: ReadonlyArray<WriteRecord>
  readonly failures: ReadonlyArray<FailureRecord>
  readonly retriedWrites: number
  readonly connections: number
  /** How late the generator sent requests against their due time, ms (p99, max): its own lag. */
  readonly lateness: { readonly p99: number; readonly max: number }
  /** requests still unanswered when the generator stopped waiting */
  readonly unanswered: number
}

export type EveningMessage =
  | { readonly kind: "phase"; readonly phase: "measuring" | "ended" }
  | { readonly kind: "result"; readonly result: EveningResult }

const STREAM_RAMP_MS = 5_000
const REQUEST_TIMEOUT_MS = 30_000
/** How long the end waits for requests still in flight. */
const DRAIN_MS = 15_000
const RETRY_DELAY_MS = 250
const MAX_FAILURES_KEPT = 20_000
/** What the live stream asks before a reconnect (RECONNECT_MS), with the app's jitter. */
const RECONNECT_MS = 3_000

const readStdin = async (): Promise<string> => {
  const chunks: Array<Buffer> = []
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer)
  return Buffer.concat(chunks).toString("utf8")
}

const say = (message: EveningMessage) => process.stdout.write(`${JSON.stringify(message)}\n`)

const uniform = (low: number, high: number) => low + Math.random() * (high - low)

const percentile = (sorted: ReadonlyArray<number>, share: number) =>
  sorted.length === 0 ? 0 : (sorted[Math.min(sorted.length - 1, Math.ceil(share * sorted.length) - 1)] ?? 0)

const round = (ms: number) => Math.round(ms * 10) / 10

const plan = JSON.parse(await readStdin()) as EveningPlan
const host = `localhost:${plan.port}`
const api = `${API_STAGE}/api`
// Keep-alive connections shared by everyone, as many as are busy at once up to `sockets`: a
// phone would hold its own, but an idle connection costs the proxy little, and a new one a TLS
// handshake. Without the cap a stall made hundreds of new connections whose handshakes stalled
// this process further. A request waiting for a connection is late, and its latency says so.
const agent = new Agent({ keepAlive: true, maxSockets: plan.sockets, ca: plan.ca, servername: "localhost" })
// Each stream holds its connection for the run; one agent lets reconnects resume TLS sessions.
const streamAgent = new Agent({ keepAlive: false, maxSockets: Infinity, ca: plan.ca, servername: "localhost" })
const sockets = new WeakSet<object>()
let connections = 0

const start = performance.now()
const measureFrom = start + plan.warmupSeconds * 1000
const measureTo = measureFrom + plan.seconds * 1000
let stopping = false
let inFlight = 0
interface CallStats {
  due: number
  answeredInWindow: number
  non2xx: number
  errors: number
  readonly latencies: Array<number>
}
const stats = new Map<string, CallStats>()
const statsOf = (call: string): CallStats => {
  const found = stats.get(call)
  if (found !== undefined) return found
  const made = { due: 0, answeredInWindow: 0, non2xx: 0, errors: 0, latencies: [] }
  stats.set(call, made)
  return made
}
const lateBy: Array<number> = []
const writes: Array<WriteRecord> = []
const failures: Array<FailureRecord> = []
let retriedWrites = 0
const sinceWindow = () => Math.round(performance.now() - measureFrom)
const fail = (call: string, what: string, attempt: number) => {
  if (failures.length < MAX_FAILURES_KEPT) failures.push([sinceWindow(), call, what, attempt])
}

interface Answer {
  readonly status: number
  /** an error's code, or who answered a 5xx: the app tags each answer with x-request-id, Caddy does not */
  readonly code?: string
}

/** One request; resolves with its status, or 0 and the error's code. Never rejects. */
const send = (method: string, path: string, token: string, body?: string): Promise<Answer> =>
  new Promise((resolve) => {
    inFlight++
    let settled = false
    const settle = (answer: Answer) => {
      if (settled) return
      settled = true
      inFlight--
      resolve(answer)
    }
    const sent = request(
      {
        host: "127.0.0.1",
        port: plan.port,
        method,
        path,
        agent,
        headers: {
          host,
          authorization: `Bearer ${token}`,
          accept: "application/json",
          "accept-encoding": "gzip, deflate, br, zstd",
          ...(body === undefined
            ? {}
            : { "content-type": "application/json", "content-length": String(Buffer.byteLength(body)) })
        }
      },
      (answer: IncomingMessage) => {
        answer.resume()
        const status = answer.statusCode ?? 0
        const by = answer.headers["x-request-id"] === undefined ? "Caddy" : "the app"
        answer.on("end", () => settle(status >= 500 ? { status, code: `${status} from ${by}` } : { status }))
        answer.on("error", (error: NodeJS.ErrnoException) => settle({ status: 0, code: error.code ?? "error" }))
      }
    )
    sent.on("socket", (socket) => {
      if (sockets.has(socket)) return
      sockets.add(socket)
      connections++
    })
    sent.setTimeout(REQUEST_TIMEOUT_MS, () => {
      settle({ status: 0, code: "timeout" })
      sent.destroy()
    })
    sent.on("error", (error: NodeJS.ErrnoException) => settle({ status: 0, code: error.code ?? "error" }))
    sent.end(body)
  })

const counted = (due: number) => due >= measureFrom && due < measureTo

/** A request of `call` falls due (its timer fired: how late that was is the generator's own lag). */
const falls = (call: string, due: number) => {
  if (!counted(due)) return
  statsOf(call).due++
  lateBy.push(performance.now() - due)
}

const note = (call: string, due: number, answer: Answer, attempt: number) => {
  const ok = answer.status >= 200 && answer.status < 300
  if (!ok) fail(call, answer.code ?? String(answer.status), attempt)
  const now = performance.now()
  const figures = statsOf(call)
  if (now >= measureFrom && now < measureTo) figures.answeredInWindow++
  if (!counted(due)) return
  if (answer.status === 0) figures.errors++
  else if (!ok) figures.non2xx++
  figures.latencies.push(now - due)
}

/** A read the screen makes, due at `due`. */
const read = async (call: string, path: string, token: string, due: number) => {
  falls(call, due)
  note(call, due, await send("GET", path, token), 1)
}

interface LifterState {
  /** the next event's index: opens fall on every (setsPerOpen + 1)th */
  event: number
  /** index into tonight's sets of the last set logged */
  lastSet: number
  /** writes sent so far: each write's weight is unique to it */
  sent: number
}

const logSet = async (lifter: EveningLifter, state: LifterState, due: number) => {
  // Now and then the lifter corrects the set just logged (a rep miscounted): the same set again.
  const set = Math.random() < 0.2 ? state.lastSet : (state.lastSet + 1) % lifter.sets.length
  state.lastSet = set
  const setId = lifter.sets[set] ?? 0
  const weight = 100 + state.sent * 0.5
  state.sent++
  const body = JSON.stringify({ id: setId, reps: 5, rir: 2, weight })
  falls("updateWorkoutResult", due)
  // Kept from the moment it is sent: a write still unanswered at the end may be stored all the same.
  const record: WriteRecord = [setId, weight, -1, 1, sinceWindow()]
  writes.push(record)
  let answer = await send("PUT", `${api}/updateWorkoutResult`, lifter.token, body)
  if (answer.status === 502 && plan.retryWrites) {
    fail("updateWorkoutResult", answer.code ?? "502", 1)
    retriedWrites++
    record[3] = 2
    await new Promise((done) => setTimeout(done, RETRY_DELAY_MS))
    answer = await send("PUT", `${api}/updateWorkoutResult`, lifter.token, body)
  }
  record[2] = answer.status
  note("updateWorkoutResult", due, answer, record[3])
}

const openLoggingPage = (lifter: EveningLifter, due: number) => {
  const id = lifter.clientId
  const e1rm = { from: addDays(plan.today, -E1RM_WINDOW_DAYS), to: addDays(plan.today, -1) }
  void read("workoutByDate", `${api}/workoutByDate?clientId=${id}&date=${plan.today}`, lifter.token, due)
  void read("maxes", `${api}/maxes/${id}`, lifter.token, due)
  void read("preferences", `${api}/preferences/${id}`, lifter.token, due)
  void read(
    "workoutResults (56 days)",
    `${api}/workoutResults/${id}?from=${e1rm.from}&to=${e1rm.to}`,
    lifter.token,
    due
  )
  void read("dayComments", `${api}/comments/${id}?date=${plan.today}`, lifter.token, due)
  void read("dayVideos", `${api}/videos/${id}?date=${plan.today}`, lifter.token, due)
}

/** `act` at `first`, then again every `low`-`high` seconds (uniform), until the window ends. */
const every = (low: number, high: number, first: number, act: (due: number) => void) => {
  const at = (due: number) => {
    if (stopping || due >= measureTo) return
    setTimeout(
      () => {
        if (stopping) return
        act(due)
        at(due + uniform(low, high) * 1000)
      },
      Math.max(0, due - performance.now())
    )
  }
  at(first)
}

for (const lifter of plan.lifters) {
  const cycle = plan.setsPerOpen + 1
  const state: LifterState = {
    event: Math.floor(Math.random() * cycle),
    lastSet: Math.floor(Math.random() * lifter.sets.length),
    sent: 0
  }
  every(20, 40, start + uniform(0, uniform(20, 40)) * 1000, (due) => {
    if (state.event++ % cycle === 0) openLoggingPage(lifter, due)
    else void logSet(lifter, state, due)
  })
}

// A coach looks at the overview, then taps a lifter: the day page's reads and its worked-out loads'.
const clientDay = (coach: EveningCoach, due: number) => {
  const id = coach.clients[Math.floor(Math.random() * coach.clients.length)] ?? 0
  const day = `from=${plan.today}&to=${plan.today}`
  const e1rm = { from: addDays(plan.today, -E1RM_WINDOW_DAYS), to: addDays(plan.today, -1) }
  void read("workoutByDate", `${api}/workoutByDate?clientId=${id}&date=${plan.today}`, coach.token, due)
  void read("workoutResults (day)", `${api}/workoutResults/${id}?${day}`, coach.token, due)
  void read("workoutCompletions (day)", `${api}/workoutCompletions/${id}?${day}`, coach.token, due)
  void read("getAllClients", `${api}/getAllClients/${coach.coachId}`, coach.token, due)
  void read("maxes", `${api}/maxes/${id}`, coach.token, due)
  void read("preferences", `${api}/preferences/${id}`, coach.token, due)
  void read("workoutResults (56 days)", `${api}/workoutResults/${id}?from=${e1rm.from}&to=${e1rm.to}`, coach.token, due)
}

for (const coach of plan.coaches) {
  const [low, high] = plan.coachEvery
  every(low, high, start + uniform(0, uniform(low, high)) * 1000, (due) => {
    void read("coachOverview", `${api}/coachOverview?today=${plan.today}&utcOffset=0`, coach.token, due)
    const dayDue = due + 5_000
    setTimeout(() => !stopping && clientDay(coach, dayDue), Math.max(0, dayDue - performance.now()))
  })
}

// The live streams: one connection each, held; one that ends reconnects with Last-Event-ID, as the app's does.
const streams = { open: 0, opened: 0, ended: 0, refused: 0 }
const streamRequests = new Set<ReturnType<typeof request>>()
const openStream = (token: string, after: number | undefined) => {
  if (stopping) return
  let cursor = after
  let isOpen = false
  const again = (ms: number) => setTimeout(() => openStream(token, cursor), ms * (1 + Math.random() / 2))
  const sent = requestProxiedStream(
    {
      port: plan.port,
      token,
      trust: { agent: streamAgent },
      acceptEncoding: "gzip, deflate, br, zstd",
      lastEventId: cursor
    },
    (answer) => {
      if (answer.statusCode !== 200) {
        streams.refused++
        fail("live stream", String(answer.statusCode), 1)
        answer.resume()
        answer.on("end", () => again(RECONNECT_MS))
        return
      }
      answer.setEncoding("utf8")
      answer.on(
        "data",
        sseParser(({ id, data }) => {
          if (id !== undefined) cursor = id
          if (data !== undefined && !isOpen && data.includes('"ready"')) {
            const ready = JSON.parse(data) as { cursor?: number }
            cursor ??= ready.cursor
            isOpen = true
            streams.open++
            streams.opened++
          }
        })
      )
      const ended = () => {
        streamRequests.delete(sent)
        if (isOpen) {
          isOpen = false
          streams.open--
          streams.ended++
        }
        if (!stopping) again(RECONNECT_MS)
      }
      answer.on("close", ended)
      answer.on("error", () => undefined)
    }
  )
  streamRequests.add(sent)
  sent.on("error", (error: NodeJS.ErrnoException) => {
    streamRequests.delete(sent)
    if (stopping) return
    fail("live stream", error.code ?? "error", 1)
    if (!isOpen) again(RECONNECT_MS)
  })
  sent.end()
}
plan.streamTokens.forEach((token, i) =>
  setTimeout(() => openStream(token, undefined), (i * STREAM_RAMP_MS) / Math.max(1, plan.streamTokens.length))
)

await new Promise((done) => setTimeout(done, Math.max(0, measureFrom - performance.now())))
const openAtStart = streams.open
say({ kind: "phase", phase: "measuring" })
await new Promise((done) => setTimeout(done, Math.max(0, measureTo - performance.now())))
const openAtEnd = streams.open
say({ kind: "phase", phase: "ended" })
stopping = true
const drainUntil = performance.now() + DRAIN_MS
while (inFlight > 0 && performance.now() < drainUntil) await new Promise((done) => setTimeout(done, 100))
const unansweredAtEnd = inFlight
for (const sent of streamRequests) sent.destroy()
agent.destroy()
streamAgent.destroy()

const figures = (call: string, of: CallStats): CallFigures => {
  const sorted = [...of.latencies].sort((a, b) => a - b)
  return {
    call,
    due: of.due,
    answered: of.answeredInWindow,
    answeredPerSecond: Math.round((of.answeredInWindow / plan.seconds) * 10) / 10,
    p50: sorted.length === 0 ? null : round(percentile(sorted, 0.5)),
    p90: sorted.length === 0 ? null : round(percentile(sorted, 0.9)),
    p99: sorted.length === 0 ? null : round(percentile(sorted, 0.99)),
    max: sorted.length === 0 ? null : round(sorted.at(-1) ?? 0),
    non2xx: of.non2xx,
    errors: of.errors,
    unanswered: of.due - sorted.length
  }
}
const calls = [...stats.keys()].sort().map((call) => figures(call, statsOf(call)))
const allStats = [...stats.values()]
const sum = (pick: (of: CallStats) => number) => allStats.reduce((total, of) => total + pick(of), 0)
const all = figures("all calls", {
  due: sum((of) => of.due),
  answeredInWindow: sum((of) => of.answeredInWindow),
  non2xx: sum((of) => of.non2xx),
  errors: sum((of) => of.errors),
  latencies: allStats.flatMap((of) => of.latencies)
})
const lateSorted = lateBy.sort((a, b) => a - b)
say({
  kind: "result",
  result: {
    calls,
    all,
    streams: {
      wanted: plan.streamTokens.length,
      openAtStart,
      openAtEnd,
      opened: streams.opened,
      ended: streams.ended,
      refused: streams.refused
    },
    writes,
    failures,
    retriedWrites,
    connections,
    lateness: { p99: round(percentile(lateSorted, 0.99)), max: round(lateSorted.at(-1) ?? 0) },
    unanswered: unansweredAtEnd
  }
})
// Exits once stdout has taken the result: a pipe is written asynchronously, and exiting earlier cuts it short.
process.stdout.write("", () => process.exit(0))
