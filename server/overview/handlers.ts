import * as Effect from "effect/Effect"
import * as HttpApiBuilder from "effect/http-api/HttpApiBuilder"
import { Api } from "#domain/api.ts"

// SCAFFOLD (issue 15, replaced by the dashboard work before it lands).
export const OverviewLive = HttpApiBuilder.group(Api, "overview", (handlers) =>
  Effect.succeed(handlers.handle("coachOverview", () => Effect.die("not built")))
)
