import type { ExerciseDemo, ExerciseId } from "#domain/exercises.ts"

/** The coach's day's demo links (docs/decisions/048): one exercise's link edited at a time. */
export interface ExerciseDemoContext {
  /** The exercise whose link is being edited, and its name as the day shows it. */
  readonly exerciseId: ExerciseId | null
  readonly name: string
  /** What the coach has typed; null once they chose to take the link away. */
  readonly draft: string | null
  /** Why the typed link is not one, or why the server did not take it. */
  readonly error: string | null
}

export type ExerciseDemoEvent =
  | { readonly type: "demo.edit"; readonly exerciseId: ExerciseId; readonly name: string; readonly url: string | null }
  | { readonly type: "demo.change"; readonly url: string }
  | { readonly type: "demo.save" }
  | { readonly type: "demo.remove" }
  | { readonly type: "demo.cancel" }
  | { readonly type: "demo.retry" }

export type SaveDemoInput = ExerciseDemo
