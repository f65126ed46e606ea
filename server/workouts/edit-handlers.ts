import * as Effect from "effect/Effect"
import * as HttpApiBuilder from "effect/http-api/HttpApiBuilder"
import { Api } from "#domain/api.ts"

// SCAFFOLD (issue 15, replaced by the edit/remove/restore work before it lands).
export const WorkoutEditsLive = HttpApiBuilder.group(Api, "workoutEdits", (handlers) =>
  Effect.succeed(
    handlers
      .handle("editWorkout", () => Effect.die("not built"))
      .handle("removeWorkout", () => Effect.die("not built"))
      .handle("restoreWorkout", () => Effect.die("not built"))
  )
)
