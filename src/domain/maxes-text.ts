import { catalogueExercise } from "#domain/exercise-catalogue.ts"

/** The library's name for an exercise; the id itself if the library no longer has it. */
export const exerciseName = (id: string): string => catalogueExercise(id)?.name ?? id
