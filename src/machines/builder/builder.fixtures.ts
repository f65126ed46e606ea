import type { IsoDate } from "#domain/calendar.ts"
import { UserId } from "#domain/ids.ts"
import { loggedRowFixture, workoutRowFixture } from "#domain/workout-row-fixture.ts"
import { DEFAULT_FIELD_INPUTS } from "#domain/set-fields.ts"
import {
  buildSets,
  groupRowsByDate,
  type LoggedRows,
  type WorkoutByDateResponse,
  type WorkoutRows
} from "#domain/workout.ts"
import { findWorkout, loadedWorkout, type LoadedWorkout } from "./builder.edit.ts"
import type { BuilderPorts } from "./builder.actors.ts"
import {
  initialBuilderContext,
  type BuilderContext,
  type BuilderInput,
  type BuilderStart,
  type DraftExercise
} from "./builder.types.ts"
import { unansweredCalls } from "#gateway/lazy-calls.ts"

// Sample drafts for stories and tests. No network.

export const builderDay: BuilderInput = { clientId: UserId.make(7), date: "2026-03-02" as IsoDate }
/** A fixed idempotency key, so stories and tests compare contexts exactly. */
export const builderInput: BuilderStart = { ...builderDay, saveKey: "draft-key-0123456789abcdef" }

export const squat: DraftExercise = {
  name: "Back Squat",
  exerciseId: "back-squat",
  sets: buildSets({
    startIndex: 0,
    count: 3,
    amsap: false,
    enabledFields: ["reps", "rpe", "weight"],
    inputs: { reps: "5", rpe: "8", weight: "225" }
  })
}

export const benchAmsap: DraftExercise = {
  name: "Bench Press",
  sets: buildSets({ startIndex: 0, count: 1, amsap: true, enabledFields: ["reps"], inputs: { reps: "AMRAP" } })
}

export const unsetDeadlift: DraftExercise = { name: "Deadlift", sets: [] }

/** Superset A of a titled workout: pull-ups with no rest before the dips, then 1:30 (exercise-details.ts). */
export const pullUpA1: DraftExercise = {
  name: "Pull-Up",
  exerciseId: "pull-up",
  sets: buildSets({ startIndex: 0, count: 3, amsap: false, enabledFields: ["reps"], inputs: { reps: "8" } }),
  superset: "A",
  rest: "0",
  tempo: "21X1",
  note: "full hang"
}
export const dipA2: DraftExercise = {
  name: "Dip",
  exerciseId: "dip",
  sets: buildSets({ startIndex: 0, count: 3, amsap: false, enabledFields: ["reps"], inputs: { reps: "10" } }),
  superset: "A",
  rest: "90"
}

export const draftContext = (overrides: Partial<BuilderContext> = {}): BuilderContext => ({
  ...initialBuilderContext(builderInput),
  category: "Strength",
  exercises: [squat, benchAmsap],
  inputs: DEFAULT_FIELD_INPUTS,
  ...overrides
})

/** A save that never answers and no storage or navigation, so a story stays in the state it shows. */
export const storyBuilderPorts: BuilderPorts = {
  gateway: unansweredCalls(),
  coachId: () => null,
  storeDraft: () => undefined,
  forgetDraft: () => undefined,
  showDay: () => undefined
}

/**
 * A saved day: workout 0 is Back Squat, 2 sets of 5 at 225 lbs, then Bench Press,
 * 1 AMRAP set; the client logged the first squat.
 */
export const savedSquatRows: WorkoutRows = [
  ...[0, 1].map((set) =>
    workoutRowFixture({
      id: 501 + set,
      date: builderDay.date,
      exercise: "Back Squat",
      set,
      reps: 5,
      rpe: 8,
      weight: 225
    })
  ),
  workoutRowFixture({ id: 503, date: builderDay.date, exercise: "Bench Press", exercise_order: 1, reps: "AMRAP" })
]

export const savedDay: WorkoutByDateResponse = { data: groupRowsByDate(savedSquatRows) }

export const loggedSquat: LoggedRows = [loggedRowFixture(savedSquatRows[0], { reps: 5, rpe: 8, weight: 225 })]

/** The saved day as the builder reads it to edit workout 0. */
const savedWorkout = findWorkout(savedDay, builderDay.date, 0)
export const loadedSquat: LoadedWorkout =
  savedWorkout === null ? { exercises: [], loggedSetIds: [] } : loadedWorkout(savedWorkout, loggedSquat)

/** The builder editing workout 0 of the saved day, as read. */
export const editContext = (overrides: Partial<BuilderContext> = {}): BuilderContext => ({
  ...initialBuilderContext({ ...builderInput, workoutOrder: 0 }),
  exercises: loadedSquat.exercises,
  edit: { workoutOrder: 0, loggedSetIds: loadedSquat.loggedSetIds },
  enabledFields: ["reps", "rpe", "weight"],
  clientName: { status: "known", name: "Jane Doe" },
  ...overrides
})
