/**
 * What a new workout's first paint (step 1, the categories) does without: the later steps
 * and an edit's unreadable or missing workout. One chunk, fetched once the page is idle.
 */
export { closeListOnClickOutside } from "./exercise-combobox.tsx"
export { BuilderExerciseStep } from "./builder-exercise-step.tsx"
export { BuilderFieldEditor } from "./builder-field-editor.tsx"
export { SavedWorkoutRead } from "./builder-saved-read.tsx"
export { BuilderSetStep } from "./builder-set-step.tsx"
export { BuilderWorkoutStep } from "./builder-workout-step.tsx"
