import { EXERCISE_CATALOGUE } from "#domain/exercise-catalogue.ts"
import type { ExerciseLibrary, LibraryExercise } from "#domain/exercises.ts"
import type { ExerciseLibraryPorts } from "./exercise-library.actors.ts"
import { initialExerciseLibraryContext, type ExerciseLibraryContext } from "./exercise-library.types.ts"
import { unansweredCalls } from "#gateway/lazy-calls.ts"

// Sample libraries for stories and tests. No network.

/** A coach's own exercise, as the server lists it after the catalogue. */
export const spotoPress: LibraryExercise = {
  id: "custom-1",
  name: "Spoto Press",
  aliases: [],
  category: "horizontal press",
  equipment: "barbell",
  custom: true
}

/** The whole catalogue, as GET /api/exercises answers it, and one exercise of the coach's. */
export const fullLibrary: ExerciseLibrary = [
  ...EXERCISE_CATALOGUE.map((exercise): LibraryExercise => ({ ...exercise, custom: false })),
  spotoPress
]

export const libraryContext = (overrides: Partial<ExerciseLibraryContext> = {}): ExerciseLibraryContext => ({
  ...initialExerciseLibraryContext,
  library: fullLibrary,
  ...overrides
})

/** Calls that never answer, so a story stays in the state it shows. */
export const storyLibraryGateway: ExerciseLibraryPorts["gateway"] = unansweredCalls()
