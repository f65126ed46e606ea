import * as Effect from "effect/Effect"
import { VerifiedIdentity } from "#domain/api.ts"
import type { FirebaseUid, UserId } from "#domain/ids.ts"
import { requireAccessToClient } from "../account.ts"
import type { Db } from "../db/client.ts"
import type { Run } from "../services.ts"

/**
 * Reads a client's records with the caller's access folded into the query (one round
 * trip). An empty answer is either "nothing in range" or "not yours": only then is
 * access checked separately, to deny with the right status (naming `what` was asked for).
 */
export const readReadable = <A>(
  run: Run,
  clientId: UserId,
  read: (db: Db, callerUid: FirebaseUid) => Promise<ReadonlyArray<A>>,
  what = "workouts"
) =>
  Effect.gen(function* () {
    const identity = yield* VerifiedIdentity
    const rows = yield* run((db) => read(db, identity.firebaseId))
    if (rows.length === 0) yield* requireAccessToClient(run, clientId, what)
    return rows
  })
