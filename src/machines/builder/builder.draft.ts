import * as Schema from "effect/Schema"
import { FieldName } from "#domain/set-fields.ts"
import { BuiltSet } from "#domain/workout.ts"
import { builderMachine } from "./builder.machine.ts"
import type { BuilderSnapshot } from "./builder.selectors.ts"
import { selectStep } from "./builder.selectors.ts"
import { initialBuilderContext, WORKOUT_CATEGORIES, type BuilderContext, type BuilderInput } from "./builder.types.ts"

/*
 * A half-built workout survives a reload: the route writes the draft (the step and the
 * context) on every change and restores it on mount. What comes back out of storage is
 * decoded like any other untrusted input; a draft that does not decode is ignored.
 */

const EDITING_STEPS = ["categories", "workout", "exercise", "setBuilder", "fieldEditor"] as const

const FieldInput = Schema.String.check(Schema.isMaxLength(50))

const StoredDraft = Schema.Struct({
  version: Schema.Literal(1),
  step: Schema.Literals(EDITING_STEPS),
  category: Schema.NullOr(Schema.Literals(WORKOUT_CATEGORIES)),
  exercises: Schema.Array(Schema.Struct({ name: Schema.String.check(Schema.isMaxLength(100)), sets: Schema.Array(BuiltSet) })),
  editing: Schema.NullOr(Schema.Int),
  amsap: Schema.Boolean,
  count: Schema.Int.check(Schema.isBetween({ minimum: 0, maximum: 100 })),
  enabledFields: Schema.Array(FieldName),
  inputs: Schema.Struct({
    reps: FieldInput,
    rpe: FieldInput,
    backoff_percent: FieldInput,
    e1rm_percent: FieldInput,
    max_percent: FieldInput,
    weight: FieldInput
  })
})
type StoredDraft = typeof StoredDraft.Type

const decodeDraft = Schema.decodeUnknownOption(StoredDraft)

/** Where the draft for one client and day lives. */
export const draftKey = ({ clientId, date }: BuilderInput): string => `strength-coach:workout-draft:${clientId}:${date}`

/** The draft to store, or null when there is nothing worth keeping (nothing chosen yet, or saved). */
export const toStoredDraft = (snapshot: BuilderSnapshot): string | null => {
  const step = selectStep(snapshot)
  const { category, exercises, editing, amsap, count, enabledFields, inputs } = snapshot.context
  if (step === "saved" || (category === null && exercises.length === 0)) return null
  const draft: StoredDraft = { version: 1, step, category, exercises, editing, amsap, count, enabledFields, inputs }
  return JSON.stringify(draft)
}

const stateValueOf = (draft: StoredDraft) => {
  const opensExercise = draft.editing !== null && draft.editing >= 0 && draft.editing < draft.exercises.length
  if (draft.step === "workout" || (!opensExercise && draft.step !== "categories")) return { workout: "editing" }
  return draft.step
}

/** The builder as the coach left it, or a fresh one when nothing (readable) was stored. */
export const restoreBuilderSnapshot = (input: BuilderInput, stored: string | null): BuilderSnapshot | undefined => {
  if (stored === null) return undefined
  let parsed: unknown
  try {
    parsed = JSON.parse(stored)
  } catch {
    return undefined
  }
  const decoded = decodeDraft(parsed)
  if (decoded._tag === "None") return undefined
  const { version: _version, step: _step, ...draft } = decoded.value
  const context: BuilderContext = { ...initialBuilderContext(input), ...draft, saveError: null }
  return builderMachine.resolveState({ value: stateValueOf(decoded.value), context })
}

/** The browser storage the route uses; a blocked storage (private mode, quota) never breaks building. */
export interface DraftStorage {
  readonly getItem: (key: string) => string | null
  readonly setItem: (key: string, value: string) => void
  readonly removeItem: (key: string) => void
}

export const readDraft = (storage: DraftStorage, key: string): string | null => {
  try {
    return storage.getItem(key)
  } catch {
    return null
  }
}

export const writeDraft = (storage: DraftStorage, key: string, snapshot: BuilderSnapshot): void => {
  try {
    const draft = toStoredDraft(snapshot)
    if (draft === null) storage.removeItem(key)
    else storage.setItem(key, draft)
  } catch {
    // Storage full or blocked: the draft lives on in memory for this visit.
  }
}
