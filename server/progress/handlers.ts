import * as Effect from "effect/Effect"
import * as HttpApiBuilder from "effect/http-api/HttpApiBuilder"
import type { DoneWork } from "#domain/done-work.ts"
import { requireAccessToClient } from "../account.ts"
import { ServerApi } from "../api.ts"
import { Database, makeRun } from "../services.ts"
import { doneBefore, doneSetsIn, type DoneSetRecord } from "./repository.ts"

// Rows leave through the DoneSet schema, which checks every field on the way out.
const asDoneWork = (sets: ReadonlyArray<DoneSetRecord>, loggedBefore: boolean) =>
  ({ sets, loggedBefore }) as unknown as DoneWork

/*
 * What a client did, by the day it was done (docs/decisions/042): the client and their
 * coach read it (the same access as /workoutResults), for progress and the working e1RM.
 */
export const DoneWorkLive = HttpApiBuilder.group(ServerApi, "doneWork", (handlers) =>
  Effect.gen(function* () {
    const run = makeRun(yield* Database)
    return handlers.handle("doneSets", ({ params: { clientId }, query }) =>
      Effect.gen(function* () {
        yield* requireAccessToClient(run, clientId, "logged sets")
        const [sets, before] = yield* run((db) =>
          Promise.all([doneSetsIn(db, clientId, query), doneBefore(db, clientId, query)])
        )
        return asDoneWork(sets, before)
      })
    )
  })
)
