import type { ActorRefFrom, SnapshotFrom } from "xstate"
import type { ExerciseId } from "#domain/exercises.ts"
import type { ExerciseDemoMachine } from "./exercise-demo.machine.ts"

export type ExerciseDemoSnapshot = SnapshotFrom<ExerciseDemoMachine>
export type ExerciseDemoActorRef = ActorRefFrom<ExerciseDemoMachine>

export type ExerciseDemoView =
  | { readonly status: "idle" }
  | {
      readonly status: "editing" | "saving" | "failed"
      readonly exerciseId: ExerciseId
      /** "Demo video for Back Squat" */
      readonly heading: string
      readonly draft: string
      /** Saving takes the link away (the coach pressed Remove). */
      readonly removing: boolean
      readonly error: string | null
    }

export const selectExerciseDemo = (snapshot: ExerciseDemoSnapshot): ExerciseDemoView => {
  const { exerciseId, name, draft, error } = snapshot.context
  if (snapshot.matches("idle") || exerciseId === null) return { status: "idle" }
  const status = snapshot.matches("editing") ? "editing" : snapshot.matches("saving") ? "saving" : "failed"
  return { status, exerciseId, heading: `Demo video for ${name}`, draft: draft ?? "", removing: draft === null, error }
}
