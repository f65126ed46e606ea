import * as Effect from "effect/Effect"
import * as HttpApiBuilder from "effect/http-api/HttpApiBuilder"
import { currentAccount, currentClient } from "../account.ts"
import { ServerApi } from "../api.ts"
import { Database, makeRun } from "../services.ts"
import { importChunk, importsOf, undoImport } from "./repository.ts"

/*
 * A lifter's logbook brought in from another app, and taken back within a day
 * (docs/decisions/049-import-and-export.md). Only a lifter imports, into their own
 * logbook; the chunk names no one else, so there is nobody else's data to reach. The list
 * and the undo read the caller's own imports only: another person's import id is a 404.
 */
export const ImportsLive = HttpApiBuilder.group(ServerApi, "imports", (handlers) =>
  Effect.gen(function* () {
    const run = makeRun(yield* Database)
    return handlers
      .handle("importChunk", ({ payload }) =>
        Effect.gen(function* () {
          const lifter = yield* currentClient(run, "import a logbook")
          const outcome = yield* run((db) => importChunk(db, lifter.id, payload))
          if (outcome._tag !== "Stored") return yield* outcome
          return outcome.report
        })
      )
      .handle("imports", () =>
        Effect.gen(function* () {
          // A coach has no imports of a logbook: their list is empty, as anyone's without one.
          const account = yield* currentAccount(run)
          return yield* run((db) => importsOf(db, account.id))
        })
      )
      .handle("undoImport", ({ payload }) =>
        Effect.gen(function* () {
          const account = yield* currentAccount(run)
          const outcome = yield* run((db) => undoImport(db, account.id, payload.import_id))
          if ("_tag" in outcome) return yield* outcome
          return outcome
        })
      )
  })
)
