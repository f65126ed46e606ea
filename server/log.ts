import * as Cause from "effect/Cause"
import * as Context from "effect/Context"
import * as ErrorReporter from "effect/ErrorReporter"
import * as HttpServerError from "effect/http/HttpServerError"
import * as HttpServerResponse from "effect/http/HttpServerResponse"
import { pino, type Logger as Pino } from "pino"

/**
 * The server's one structured log: JSON lines on stdout (pino). What goes in: the request
 * id, method, path (never the query: it can hold an email), status, time taken, and a
 * defect's stack. What never goes in: tokens, passwords, request bodies.
 */
export const log: Pino = pino(
  {
    level: process.env.LOG_LEVEL ?? "info",
    base: undefined,
    // Belt and braces: nothing below should ever carry these, but if it does, it is cut.
    redact: {
      paths: ["authorization", "*.authorization", "password", "*.password", "idToken", "*.idToken"],
      censor: "[redacted]"
    }
  },
  // Through process.stdout (not a separate fd writer) so a test can read what is logged.
  process.stdout
)

/** The id of the request an Effect fiber is answering (handed to the web handler per request). */
export class RequestId extends Context.Service<RequestId, string>()("strength-coach/server/RequestId") {}

const REQUEST_ID_HEADER = /^[A-Za-z0-9._:-]{8,64}$/

/** The caller's X-Request-Id when it is a sane token (a proxy's), otherwise a new one. */
export const requestIdFor = (incoming: string | null): string =>
  incoming !== null && REQUEST_ID_HEADER.test(incoming) ? incoming : crypto.randomUUID()

/** drizzle's query errors list the bound values (emails, names): the stack keeps the SQL, not them. */
const withoutQueryParameters = (text: string) => text.replace(/^(\s*)params: .*$/gm, "$1params: [redacted]")

/**
 * Defects effect/http reports when it answers 500 go to the structured log with their
 * stack, tagged with the request id. A response used as a defect (the 503 of
 * server/services.ts) is an answer, not a fault, and is left to the request's log line.
 */
const isCallersMistake = (defect: unknown) =>
  ErrorReporter.isIgnored(defect) ||
  (HttpServerError.isHttpServerError(defect) && defect.reason._tag === "RequestParseError")

export const defectReporter = ErrorReporter.make(({ cause, fiber }) => {
  // Failures are the contract's declared errors (401, 404...), answered as such. A
  // response used as a defect is an answer; effect/http marks the caller's mistakes (a
  // body over the limit, a request that does not parse) as not worth reporting.
  const faults = cause.reasons.filter(
    (reason) =>
      Cause.isDieReason(reason) &&
      !HttpServerResponse.isHttpServerResponse(reason.defect) &&
      !isCallersMistake(reason.defect)
  )
  if (faults.length === 0) return
  const requestId = Context.getOption(fiber.context, RequestId)
  log.error(
    {
      requestId: requestId._tag === "Some" ? requestId.value : undefined,
      err: withoutQueryParameters(Cause.pretty(Cause.fromReasons(faults)))
    },
    "API request failed"
  )
})
