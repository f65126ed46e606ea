import * as Context from "effect/Context"
import * as Effect from "effect/Effect"
import type { Db } from "./db/client.ts"
import type { TokenVerifier } from "./auth/token-verifier.ts"

export class Database extends Context.Service<Database, Db>()("strength-coach/server/Database") {}

export class Tokens extends Context.Service<Tokens, TokenVerifier>()("strength-coach/server/Tokens") {}

export type Run = <A>(work: (db: Db) => Promise<A>) => Effect.Effect<A>

/**
 * Runs repository calls against the database the group layer was built with. A
 * database failure is a defect (500), never blamed on the client.
 */
export const makeRun =
  (db: Db): Run =>
  (work) =>
    Effect.promise(() => work(db))
