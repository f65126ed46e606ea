import * as Effect from "effect/Effect"
import * as HttpApiBuilder from "effect/http-api/HttpApiBuilder"
import { requireAccessToClient } from "../account.ts"
import { ServerApi } from "../api.ts"
import { Database, makeRun } from "../services.ts"
import { doneBefore, doneSetsIn } from "./repository.ts"

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
        const [sets, loggedBefore] = yield* run((db) =>
          Promise.all([doneSetsIn(db, clientId, query), doneBefore(db, clientId, query)])
        )
        return { sets, loggedBefore }
      })
    )
  })
)
