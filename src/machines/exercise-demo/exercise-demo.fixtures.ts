import { unansweredCalls } from "#gateway/lazy-calls.ts"
import type { ExerciseDemoPorts } from "./exercise-demo.actors.ts"

/** A gateway that never answers, so a story stays in the state it shows. */
export const storyExerciseDemoPorts: ExerciseDemoPorts = { gateway: unansweredCalls(), daySaved: () => undefined }
