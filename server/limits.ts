import * as HttpServerResponse from "effect/http/HttpServerResponse"

/*
 * A bound on what one coach may keep, met deep inside a repository's transaction (a save
 * that would make a coach's 501st exercise): thrown, it rolls the transaction back, and
 * makeRun (server/services.ts) answers it as the 400 it is. Limits: docs/product.md.
 */
export class LimitReached extends Error {
  constructor(message: string) {
    super(message)
    this.name = "LimitReached"
  }
}

/** The 400 a LimitReached is answered with: ADR 004's body, the message as it was thrown. */
export const limitResponse = (limit: LimitReached) =>
  HttpServerResponse.jsonUnsafe({ error: limit.message }, { status: 400 })
