import { fromPromise } from "xstate"
import type { ExerciseLibrary, LibraryExercise, NewCustomExercise } from "#domain/exercises.ts"
import type { Gateway } from "#gateway/gateway.ts"
import { searchOf } from "./exercise-library.options.ts"

/** What the combobox needs from outside: two calls, and the text box it suggests for. */
export interface ExerciseLibraryPorts {
  readonly gateway: Pick<Gateway, "exercises" | "addExercise">
  /** The coach chose (or just added) this exercise: it becomes the exercise's name and id. */
  readonly choose: (exercise: LibraryExercise) => void
  /** Escape on a closed list: the text box empties. */
  readonly clearText: () => void
}

/** The combobox's real actors and actions, for `exerciseLibraryMachine.provide(...)`. */
export function exerciseLibraryImplementations(ports: ExerciseLibraryPorts) {
  return {
    actors: {
      loadLibrary: fromPromise<ExerciseLibrary>(async () => {
        const library = await ports.gateway.exercises()
        // The index is built as the library arrives, not on the coach's first keystroke.
        searchOf(library)
        return library
      }),
      addExercise: fromPromise<LibraryExercise, NewCustomExercise>(async ({ input }) =>
        ports.gateway.addExercise(input)
      )
    },
    actions: {
      choose: (_: unknown, { exercise }: { exercise: LibraryExercise | null }) => {
        if (exercise !== null) ports.choose(exercise)
      },
      clearText: () => ports.clearText()
    }
  }
}
