import * as Context from "effect/Context"
import * as Effect from "effect/Effect"
import * as HttpServerResponse from "effect/http/HttpServerResponse"
import type { Db } from "./db/client.ts"
import { isDatabaseUnavailable, RETRY_AFTER_SECONDS, UNAVAILABLE_MESSAGE_TEXT } from "./db/unavailable.ts"
import type { SessionCutOffs } from "./auth/session-cut-offs.ts"
import type { TokenVerifier } from "./auth/token-verifier.ts"
import { DeadlinePassed, RequestDeadline, withinRequestDeadline } from "./deadline.ts"
import { LimitReached, limitResponse } from "./limits.ts"
import type { Mailer } from "./mail/mailer.ts"

export class Database extends Context.Service<Database, Db>()("strength-coach/server/Database") {}

export class Tokens extends Context.Service<Tokens, TokenVerifier>()("strength-coach/server/Tokens") {}

export class CutOffs extends Context.Service<CutOffs, SessionCutOffs>()("strength-coach/server/CutOffs") {}

/** The server's outgoing email: no mailer when SMTP_URL is unset (invitations are still recorded). */
export interface MailSettings {
  readonly mailer: Mailer | undefined
  /** Where links in emails point: APP_ORIGIN, else the server's own URL (known once it listens). */
  readonly appOrigin: () => string
}

export class Mail extends Context.Service<Mail, MailSettings>()("strength-coach/server/Mail") {}

export type Run = <A>(work: (db: Db) => Promise<A>) => Effect.Effect<A>

/** 503 with Retry-After: the answer while the database cannot be reached. */
export const serviceUnavailable = () =>
  HttpServerResponse.jsonUnsafe(
    { error: UNAVAILABLE_MESSAGE_TEXT },
    { status: 503, headers: { "retry-after": String(RETRY_AFTER_SECONDS) } }
  )

/**
 * Runs repository calls against the database the group layer was built with. A
 * database that cannot answer is a 503 the client may retry; a bound a coach reached
 * (LimitReached, server/limits.ts) is a 400; any other database failure is a defect (500),
 * never blamed on the client. A defect that is a response is sent as it is (effect/http's
 * causeResponse). Within a request the work is bound by its deadline (server/deadline.ts):
 * past it, it stops and rolls back, answered 503 like a database that cannot answer.
 */
export const makeRun =
  (db: Db): Run =>
  (work) =>
    Effect.flatMap(Effect.service(RequestDeadline), (deadline) =>
      Effect.tryPromise({
        try: () => work(deadline === undefined ? db : withinRequestDeadline(db, deadline)),
        catch: (error) => error
      })
    ).pipe(
      Effect.catch((error) =>
        Effect.die(
          error instanceof LimitReached
            ? limitResponse(error)
            : error instanceof DeadlinePassed || isDatabaseUnavailable(error)
              ? serviceUnavailable()
              : error
        )
      )
    )
