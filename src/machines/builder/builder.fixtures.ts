import type { IsoDate } from "#domain/calendar.ts"
import { UserId } from "#domain/ids.ts"
import { DEFAULT_FIELD_INPUTS } from "#domain/set-fields.ts"
import { buildSets } from "#domain/workout.ts"
import type { BuilderPorts } from "./builder.actors.ts"
import {
  initialBuilderContext,
  type BuilderContext,
  type BuilderInput,
  type BuilderStart,
  type DraftExercise
} from "./builder.types.ts"

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

export const draftContext = (overrides: Partial<BuilderContext> = {}): BuilderContext => ({
  ...initialBuilderContext(builderInput),
  category: "Strength",
  exercises: [squat, benchAmsap],
  inputs: DEFAULT_FIELD_INPUTS,
  ...overrides
})

/** A save that never answers and no storage or navigation, so a story stays in the state it shows. */
export const storyBuilderPorts: BuilderPorts = {
  gateway: () => new Promise<never>(() => undefined),
  storeDraft: () => undefined,
  forgetDraft: () => undefined,
  showDay: () => undefined
}
