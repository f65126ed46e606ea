// The load generator of `npm run bench:api`, in a process of its own: run in
// the server's process, autocannon's request building and writes shared its event loop
// and every figure was low by an unknown amount. Reads one LoadPlan as JSON on stdin,
// writes one LoadResult as JSON on stdout.
//
// Saturation is autocannon's closed loop. A rate is an open loop of our own: autocannon's
// `overallRate` lets each connection send its whole second's quota back to back when the
// second starts, so 200/s arrived as one burst of 200 and measured the queue behind it.
// Here request i is due at start + i/rate, whatever came back, and its latency counts from
// when it was due, so a slow answer also delays (and is charged to) the ones behind it.
import http from "node:http"
import { createRequire } from "node:module"
import { setTimeout as sleep } from "node:timers/promises"

/** One request of a plan; with `bodies`, each send takes the next body, round and round. */
export interface LoadStep {
  readonly method: string
  readonly path: string
  readonly headers: Record<string, string>
  readonly bodies?: ReadonlyArray<string>
}

export interface LoadPlan {
  readonly url: string
  readonly connections: number
  readonly seconds: number
  /** Requests per second, evenly spaced over at most `connections` sockets; absent means as fast as the server answers. */
  readonly overallRate?: number
  /** Each connection sends these in turn, round and round: a mix is several steps. */
  readonly steps: ReadonlyArray<LoadStep>
}

export interface LoadResult {
  readonly rps: number
  readonly p50: number
  readonly p90: number
  readonly p99: number
  readonly non2xx: number
  readonly errors: number
}

interface AutocannonRequest {
  method?: string
  path?: string
  headers?: Record<string, string>
  body?: string
}
interface AutocannonResult {
  readonly requests: { readonly average: number }
  readonly latency: { readonly p50: number; readonly p90: number; readonly p99: number }
  readonly non2xx: number
  readonly errors: number
}
type Autocannon = (options: {
  url: string
  connections: number
  duration: number
  requests: ReadonlyArray<AutocannonRequest & { setupRequest?: (request: AutocannonRequest) => AutocannonRequest }>
}) => Promise<AutocannonResult>

const autocannon = createRequire(import.meta.url)("autocannon") as Autocannon

const readStdin = async (): Promise<string> => {
  const chunks: Array<Buffer> = []
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer)
  return Buffer.concat(chunks).toString("utf8")
}

/** The next body of a step, round and round. */
const bodyTurns = (steps: ReadonlyArray<LoadStep>) => {
  const turns = steps.map(() => 0)
  return (index: number): string | undefined => {
    const bodies = steps[index]?.bodies
    if (bodies === undefined || bodies.length === 0) return undefined
    const turn = turns[index] ?? 0
    turns[index] = turn + 1
    return bodies[turn % bodies.length]
  }
}

async function saturation(plan: LoadPlan): Promise<LoadResult> {
  const nextBody = bodyTurns(plan.steps)
  const requests = plan.steps.map((step, index) => ({
    method: step.method,
    path: step.path,
    headers: step.headers,
    ...(step.bodies === undefined || step.bodies.length === 0
      ? {}
      : { setupRequest: (request: AutocannonRequest) => ({ ...request, body: nextBody(index) }) })
  }))
  const result = await autocannon({ url: plan.url, connections: plan.connections, duration: plan.seconds, requests })
  return {
    rps: Math.round(result.requests.average),
    p50: result.latency.p50,
    p90: result.latency.p90,
    p99: result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors
  }
}

const percentile = (sorted: ReadonlyArray<number>, share: number) =>
  sorted.length === 0 ? 0 : (sorted[Math.min(sorted.length - 1, Math.ceil(share * sorted.length) - 1)] ?? 0)

async function openLoop(plan: LoadPlan, rate: number): Promise<LoadResult> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: plan.connections })
  const nextBody = bodyTurns(plan.steps)
  const latencies: Array<number> = []
  let non2xx = 0
  let errors = 0
  const send = (stepIndex: number, due: number, counted: boolean) =>
    new Promise<void>((done) => {
      const step = plan.steps[stepIndex]
      if (step === undefined) {
        done()
        return
      }
      const body = nextBody(stepIndex)
      const request = http.request(new URL(step.path, plan.url), { method: step.method, headers: step.headers, agent })
      request.on("response", (response) => {
        response.resume()
        response.on("end", () => {
          if (counted) latencies.push(performance.now() - due)
          if ((response.statusCode ?? 0) >= 300) non2xx++
          done()
        })
      })
      request.on("error", () => {
        errors++
        done()
      })
      request.end(body)
    })
  // The first second is not counted: the server opens its database connections and warms up.
  const warmup = Math.round(rate)
  const total = warmup + Math.round(rate * plan.seconds)
  const start = performance.now()
  const answers: Array<Promise<void>> = []
  for (let i = 0; i < total; i++) {
    const due = start + (i * 1000) / rate
    const wait = due - performance.now()
    if (wait >= 1) await sleep(wait)
    answers.push(send(i % plan.steps.length, due, i >= warmup))
  }
  await Promise.all(answers)
  const elapsedSeconds = (performance.now() - start) / 1000 - warmup / rate
  agent.destroy()
  const sorted = latencies.sort((a, b) => a - b)
  const round = (ms: number) => Math.round(ms * 10) / 10
  return {
    rps: Math.round(latencies.length / elapsedSeconds),
    p50: round(percentile(sorted, 0.5)),
    p90: round(percentile(sorted, 0.9)),
    p99: round(percentile(sorted, 0.99)),
    non2xx,
    errors
  }
}

const plan = JSON.parse(await readStdin()) as LoadPlan
const answer = plan.overallRate === undefined ? await saturation(plan) : await openLoop(plan, plan.overallRate)
process.stdout.write(JSON.stringify(answer))
