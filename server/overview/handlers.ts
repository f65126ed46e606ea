import * as Effect from "effect/Effect"
import * as HttpApiBuilder from "effect/http-api/HttpApiBuilder"
import { Api } from "#domain/api.ts"
import { CoachOverview } from "#domain/coach-overview.ts"
import { currentCoach } from "../account.ts"
import { Database, makeRun } from "../services.ts"
import { trustedAnswer } from "../trusted-answer.ts"
import { coachOverviewOf, overviewWindows } from "./overview.ts"
import { coachLifts, linkedClients, workoutsInSpan } from "./repository.ts"

/*
 * The coach's dashboard (docs/decisions/021, 042): who trained, who fell behind, who has nothing coming,
 * for every linked client, counted on the coach's own `today` and calendar. Only a coach asks it.
 */
// A hot answer: built from the server's own rows, not re-checked on the way out (server/trusted-answer.ts).
const answerOverview = trustedAnswer(CoachOverview)

export const OverviewLive = HttpApiBuilder.group(Api, "overview", (handlers) =>
  Effect.gen(function* () {
    const run = makeRun(yield* Database)
    return handlers.handle("coachOverview", ({ query: { today, utcOffset = 0 } }) =>
      Effect.gen(function* () {
        const coach = yield* currentCoach(run, "see the coach overview")
        const windows = overviewWindows(today)
        const rows = yield* run(async (db) => {
          // Work counts on the day it was done, on the coach's calendar (docs/decisions/042).
          const [clients, workouts, lifts] = await Promise.all([
            linkedClients(db, coach.id),
            workoutsInSpan(db, coach.id, windows.workouts),
            coachLifts(db, coach.id, today, windows.records, utcOffset)
          ])
          return { clients, workouts, ...lifts }
        })
        return answerOverview(coachOverviewOf(windows, rows))
      })
    )
  })
)
