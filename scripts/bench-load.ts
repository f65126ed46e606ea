// The load generator of `npm run bench:api`, in a process of its own (issue 18): run in
// the server's process, autocannon's request building and writes shared its event loop
// and every figure was low by an unknown amount. Reads one LoadPlan as JSON on stdin,
// writes one LoadResult as JSON on stdout.
import { createRequire } from "node:module"

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
  /** Requests per second over all connections; absent means as fast as the server answers. */
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
  overallRate?: number
  requests: ReadonlyArray<AutocannonRequest & { setupRequest?: (request: AutocannonRequest) => AutocannonRequest }>
}) => Promise<AutocannonResult>

const autocannon = createRequire(import.meta.url)("autocannon") as Autocannon

const readStdin = async (): Promise<string> => {
  const chunks: Array<Buffer> = []
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer)
  return Buffer.concat(chunks).toString("utf8")
}

const plan = JSON.parse(await readStdin()) as LoadPlan
const requests = plan.steps.map((step) => {
  const bodies = step.bodies
  let next = 0
  return {
    method: step.method,
    path: step.path,
    headers: step.headers,
    ...(bodies === undefined || bodies.length === 0
      ? {}
      : { setupRequest: (request: AutocannonRequest) => ({ ...request, body: bodies[next++ % bodies.length] }) })
  }
})
const result = await autocannon({
  url: plan.url,
  connections: plan.connections,
  duration: plan.seconds,
  ...(plan.overallRate === undefined ? {} : { overallRate: plan.overallRate }),
  requests
})
const answer: LoadResult = {
  rps: Math.round(result.requests.average),
  p50: result.latency.p50,
  p90: result.latency.p90,
  p99: result.latency.p99,
  non2xx: result.non2xx,
  errors: result.errors
}
process.stdout.write(JSON.stringify(answer))
