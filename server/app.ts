import * as ByteSize from "effect/ByteSize"
import * as Context from "effect/Context"
import * as Layer from "effect/Layer"
import * as ErrorReporter from "effect/ErrorReporter"
import * as HttpApiBuilder from "effect/http-api/HttpApiBuilder"
import * as HttpIncomingMessage from "effect/http/HttpIncomingMessage"
import * as HttpRouter from "effect/http/HttpRouter"
import * as HttpServer from "effect/http/HttpServer"
import { API_STAGE } from "#domain/api.ts"
import { ServerApi } from "./api.ts"
import { AuthenticationLive } from "./auth/authentication.ts"
import { ChatLive } from "./chat/handlers.ts"
import type { SessionCutOffs } from "./auth/session-cut-offs.ts"
import type { TokenVerifier } from "./auth/token-verifier.ts"
import { ClientsLive } from "./clients/handlers.ts"
import { RosterLive } from "./clients/roster-import.ts"
import { CoachingLive, CoachLinksLive } from "./coaching/handlers.ts"
import { DoneWorkLive } from "./progress/handlers.ts"
import { CommentsLive } from "./comments/handlers.ts"
import { ExercisesLive } from "./exercises/handlers.ts"
import { ImportsLive } from "./imports/handlers.ts"
import type { Db } from "./db/client.ts"
import { RETRY_AFTER_SECONDS, UNAVAILABLE_MESSAGE_TEXT } from "./db/unavailable.ts"
import { InputValidationLive } from "./input-validation.ts"
import { MaxesLive } from "./maxes/handlers.ts"
import { OverviewLive } from "./overview/handlers.ts"
import { ProgrammingLive } from "./programming/handlers.ts"
import { ProgramsLive } from "./programming/program-import.ts"
import { PreferencesLive } from "./preferences/handlers.ts"
import { RequestDeadline } from "./deadline.ts"
import { makeDocs } from "./docs.ts"
import { defectReporter, log, RequestId } from "./log.ts"
import { CutOffs, Database, Mail, type MailSettings, Tokens } from "./services.ts"
import { UsersLive } from "./users/handlers.ts"
import { WorkoutEditsLive } from "./workouts/edit-handlers.ts"
import { WorkoutsLive } from "./workouts/handlers.ts"
import { VideosLive } from "./videos/handlers.ts"
import { Videos, type VideoSettings } from "./videos/settings.ts"

export const DOCS_PATH = `${API_STAGE}/docs` as const
export const OPENAPI_PATH = `${API_STAGE}/docs/openapi.json` as const
export const DEFAULT_MAX_BODY_BYTES = 256 * 1024
/** Past this an API request is answered 503, whatever it waits on (database, token checks). */
export const DEFAULT_REQUEST_DEADLINE_MS = 10_000

export interface ApiHandlerOptions {
  readonly db: Db
  readonly tokens: TokenVerifier
  /** Each uid's session cut-off, as this instance remembers it (server/auth/session-cut-offs.ts). */
  readonly cutOffs: SessionCutOffs
  /** Outgoing email (invitations). Default: none, links to 127.0.0.1. */
  readonly mail?: MailSettings
  /** Form-check clips: their store, the quota and the links' key (server/videos). */
  readonly videos: VideoSettings
  /** Request bodies above this many bytes answer 413. */
  readonly maxBodyBytes?: number
  /** An answer not ready after this many ms is replaced by a 503. */
  readonly requestDeadlineMs?: number
}

export interface ApiHandler {
  /** A fetch handler for everything under /beta; `requestId` tags what it logs. */
  readonly handler: (request: Request, requestId: string) => Promise<Response>
  readonly dispose: () => Promise<void>
}

const NO_MAIL: MailSettings = { mailer: undefined, appOrigin: () => "http://127.0.0.1" }

const jsonError = (status: number, error: string, headers?: HeadersInit) =>
  Response.json({ error }, { status, ...(headers === undefined ? {} : { headers }) })

// Bodies the framework answers on its own (unknown route, body too large) come back
// empty; the contract promises {"error": ...} on every failure.
const UNSUPPORTED_BODY = "Send the request body as application/json"
const TOO_LARGE = "The request body is too large"

const FALLBACK_MESSAGES: Partial<Record<number, string>> = {
  400: "The request could not be read",
  404: "No such API call",
  405: "This API call does not accept that method",
  413: TOO_LARGE,
  415: UNSUPPORTED_BODY
}

const isJsonBody = (request: Request) => {
  const type = request.headers.get("content-type")
  return type === null || /^application\/json\b/i.test(type.trim())
}

// Read from the method and headers only: touching `request.body` makes @hono/node-server
// build a whole web Request around Node's (~7 % of a logging request's CPU).
const mayHaveBody = (request: Request) => request.method !== "GET" && request.method !== "HEAD"

/** The body's declared length; undefined when it has none (no body, or sent in chunks). */
const declaredLength = (request: Request): number | undefined => {
  const header = request.headers.get("content-length")
  return header !== null && /^\d+$/.test(header) ? Number(header) : undefined
}

/**
 * The answer, or a 503 once the deadline has passed. The deadline also stops the work's
 * database calls and rolls its transactions back (server/deadline.ts), so the 503 means
 * nothing was kept; a request already committing is answered when its commit is done.
 */
async function withinDeadline(
  answer: Promise<Response>,
  deadline: RequestDeadline,
  abort: () => void
): Promise<Response> {
  let timer: ReturnType<typeof setTimeout> | undefined
  const late = new Promise<Response>((done) => {
    timer = setTimeout(
      () => {
        abort()
        if (!deadline.committing)
          done(jsonError(503, UNAVAILABLE_MESSAGE_TEXT, { "retry-after": String(RETRY_AFTER_SECONDS) }))
      },
      Math.max(0, deadline.at - Date.now())
    )
  })
  try {
    return await Promise.race([answer, late])
  } finally {
    clearTimeout(timer)
  }
}

/** The contract served as a fetch handler (HttpRouter.toWebHandler), with docs at /beta/docs (server/docs.ts). */
export function makeApiHandler(options: ApiHandlerOptions): ApiHandler {
  const ApiLive = HttpApiBuilder.layer(ServerApi, { openapiPath: OPENAPI_PATH }).pipe(
    Layer.provide([
      UsersLive,
      ClientsLive,
      WorkoutsLive,
      WorkoutEditsLive,
      ProgrammingLive,
      OverviewLive,
      MaxesLive,
      ExercisesLive,
      PreferencesLive,
      ChatLive,
      CommentsLive,
      CoachingLive,
      DoneWorkLive,
      CoachLinksLive,
      ImportsLive,
      RosterLive,
      ProgramsLive,
      VideosLive
    ]),
    Layer.provide([AuthenticationLive, InputValidationLive]),
    Layer.provide(Layer.succeed(Database)(options.db)),
    Layer.provide(Layer.succeed(Tokens)(options.tokens)),
    Layer.provide(Layer.succeed(CutOffs)(options.cutOffs)),
    Layer.provide(Layer.succeed(Mail)(options.mail ?? NO_MAIL)),
    Layer.provide(Layer.succeed(Videos)(options.videos)),
    Layer.provide(HttpServer.layerServices)
  )
  const maxBodyBytes = options.maxBodyBytes ?? DEFAULT_MAX_BODY_BYTES
  const maxBodySize = ByteSize.bytes(maxBodyBytes)
  // The docs page and its scripts: compressed, cached, from this origin only (server/docs.ts).
  const docs = makeDocs(ServerApi, DOCS_PATH)
  const web = HttpRouter.toWebHandler(Layer.mergeAll(ApiLive, ErrorReporter.layer([defectReporter])), {
    disableLogger: true
  })
  const handler = async (request: Request, requestId: string): Promise<Response> => {
    const page = await docs.answer(request)
    if (page !== undefined) return page
    if (mayHaveBody(request) && !isJsonBody(request)) {
      return jsonError(415, UNSUPPORTED_BODY)
    }
    // The size limit: a declared length over it is refused before reading (Node's parser
    // never hands on more than the declared length, so within it the body is read whole,
    // on @hono/node-server's direct path); a body sent in chunks is counted as it is read.
    const length = mayHaveBody(request) ? declaredLength(request) : 0
    if (length !== undefined && length > maxBodyBytes) return jsonError(413, TOO_LARGE, { connection: "close" })
    let response: Response
    try {
      const stop = new AbortController()
      const deadline: RequestDeadline = {
        signal: stop.signal,
        at: Date.now() + (options.requestDeadlineMs ?? DEFAULT_REQUEST_DEADLINE_MS),
        committing: false
      }
      // The id reaches Effect's logger through the request's context (server/log.ts), and
      // the deadline the repositories the same way (makeRun, server/services.ts).
      const ids = Context.add(Context.make(RequestId, requestId), RequestDeadline, deadline)
      const context = (
        length === undefined ? Context.add(ids, HttpIncomingMessage.MaxBodySize, maxBodySize) : ids
      ) as Context.Context<never>
      response = await withinDeadline(web.handler(request, context), deadline, () => stop.abort())
    } catch (error) {
      log.error({ requestId, err: error }, "API handler failed")
      return jsonError(500, "Something went wrong on our side; try again")
    }
    if (response.status >= 400 && !response.headers.get("content-type")?.includes("json")) {
      const message =
        FALLBACK_MESSAGES[response.status] ??
        (response.status >= 500 ? "Something went wrong on our side; try again" : "The request failed")
      // A 413 is answered before the body is read: close the connection so the unread
      // rest of the body is not taken for the next request.
      return jsonError(response.status, message, response.status === 413 ? { connection: "close" } : undefined)
    }
    return response
  }
  return { handler, dispose: web.dispose }
}
