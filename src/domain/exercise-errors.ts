import * as Schema from "effect/Schema"
import { coded } from "./api-errors.ts"

/* The refusals of the exercise library's calls a screen reacts to (docs/decisions/045-domain-errors.md). */

export class ExerciseNotFound extends Schema.Error<ExerciseNotFound>("ExerciseNotFound")(coded("ExerciseNotFound"), {
  httpApiStatus: 404,
  description: "No exercise with this id among the canonical exercises and the coach's own"
}) {
  readonly _tag = "ExerciseNotFound" as const
}
