// How the library groups exercises (docs/decisions/019). Kept apart from the catalogue's data so
// the contract (exercises.ts) can name the kinds without downloading every exercise.
// Plain data, no Effect.

/** Movement patterns, for grouping and filtering in the library. */
export const EXERCISE_CATEGORIES = [
  "squat",
  "hinge",
  "lunge",
  "horizontal press",
  "vertical press",
  "horizontal pull",
  "vertical pull",
  "shoulders",
  "arms",
  "legs",
  "calves",
  "core",
  "carry",
  "olympic",
  "plyometric",
  "conditioning",
  "other"
] as const
export type ExerciseCategory = (typeof EXERCISE_CATEGORIES)[number]

/** What the exercise is done with. A trap bar or landmine counts as a barbell: it takes plates. */
export const EQUIPMENT = [
  "barbell",
  "dumbbell",
  "machine",
  "cable",
  "kettlebell",
  "bodyweight",
  "band",
  "other"
] as const
export type Equipment = (typeof EQUIPMENT)[number]
