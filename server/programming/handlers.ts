import * as Effect from "effect/Effect"
import * as HttpApiBuilder from "effect/http-api/HttpApiBuilder"
import { Api } from "#domain/api.ts"

// SCAFFOLD (issue 15, replaced by the copy and templates work before it lands).
export const ProgrammingLive = HttpApiBuilder.group(Api, "programming", (handlers) =>
  Effect.succeed(
    handlers
      .handle("copyWorkouts", () => Effect.die("not built"))
      .handle("templates", () => Effect.die("not built"))
      .handle("saveTemplate", () => Effect.die("not built"))
      .handle("removeTemplate", () => Effect.die("not built"))
  )
)
