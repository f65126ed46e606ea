import * as Schema from "effect/Schema"
import * as Struct from "effect/Struct"
import { ExerciseId } from "#domain/exercises.ts"
import { UnitSchema } from "#domain/preferences.ts"
import { FieldName } from "#domain/set-fields.ts"
import { SetId } from "#domain/ids.ts"
import { IdempotencyKey } from "#domain/workout.ts"
import { EditedSet, WorkoutOrder } from "#domain/workout-edits.ts"
import {
  BUILDER_STEPS,
  DRAFT_TEXT_BOUNDS,
  WORKOUT_CATEGORIES,
  type BuilderDraft,
  type BuilderInput,
  type BuilderResume,
  type BuilderStart,
  type EditingStep
} from "./builder.types.ts"

/*
 * A half-built workout survives a reload: the machine hands the draft (the step and the
 * context) to its storeDraft action on every change, the route writes it to browser
 * storage, and restores it on mount. What comes back out of storage is decoded like any
 * other untrusted input; a draft that does not decode is ignored.
 *
 * The draft carries its idempotency key (version 2), so the save a reload retries is the
 * same save to the server. A version 1 draft, stored before keys, gets the fresh key.
 *
 * An edit of a saved workout (docs/decisions/024) is stored under its own key, with its sets' ids,
 * the ids the client logged and the set open in the set builder.
 */

const FieldInput = Schema.String.check(Schema.isMaxLength(50))
/** Text the draft keeps as typed, up to the bound the machine holds it to. */
const DraftText = (bound: number) => Schema.optionalKey(Schema.String.check(Schema.isMaxLength(bound)))

const StoredDraft = Schema.Struct({
  version: Schema.Literals([1, 2]),
  saveKey: Schema.optionalKey(IdempotencyKey),
  step: Schema.Literals(BUILDER_STEPS),
  category: Schema.NullOr(Schema.Literals(WORKOUT_CATEGORIES)),
  // A draft stored before titles and coaching details has none of them: the draft had none.
  title: DraftText(DRAFT_TEXT_BOUNDS.title),
  // A draft stored before the library (docs/decisions/019) has no exerciseId: its names are typed ones.
  exercises: Schema.Array(
    Schema.Struct({
      name: Schema.String.check(Schema.isMaxLength(100)),
      exerciseId: Schema.optionalKey(ExerciseId),
      sets: Schema.Array(EditedSet),
      superset: DraftText(DRAFT_TEXT_BOUNDS.superset),
      rest: DraftText(DRAFT_TEXT_BOUNDS.rest),
      tempo: DraftText(DRAFT_TEXT_BOUNDS.tempo),
      note: DraftText(DRAFT_TEXT_BOUNDS.note)
    })
  ),
  edit: Schema.optionalKey(
    Schema.NullOr(Schema.Struct({ workoutOrder: WorkoutOrder, loggedSetIds: Schema.Array(SetId) }))
  ),
  editingSet: Schema.optionalKey(Schema.NullOr(Schema.Int)),
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
  }),
  // The typed weight's unit (docs/decisions/018); a draft stored before units typed it in lb. The
  // coach's unit itself is read again on every visit, so it is not kept.
  weightUnit: Schema.optionalKey(UnitSchema)
})
type StoredDraft = typeof StoredDraft.Type

const decodeDraft = Schema.decodeUnknownOption(StoredDraft)

/** Where the draft for one client and day lives. */
export const draftKey = ({ clientId, date, workoutOrder }: BuilderInput): string =>
  `strength-coach:workout-draft:${clientId}:${date}${workoutOrder === undefined ? "" : `:workout-${workoutOrder}`}`

// What of the context a stored draft keeps; the rest is read again on every visit.
const STORED_KEYS = [
  "saveKey",
  "category",
  "title",
  "exercises",
  "editing",
  "amsap",
  "count",
  "enabledFields",
  "inputs",
  "weightUnit",
  "edit",
  "editingSet"
] as const

/** The draft to store, or null when there is nothing worth keeping (nothing chosen yet). */
export const toStoredDraft = ({ step, context }: BuilderDraft): string | null => {
  if (context.category === null && context.exercises.length === 0) return null
  const draft: StoredDraft = { version: 2, step, ...Struct.pick(context, STORED_KEYS) }
  return JSON.stringify(draft)
}

/** The step to reopen: one that needs an open exercise (or set) falls back to the workout. */
const resumeStepOf = (draft: StoredDraft): EditingStep => {
  const opensExercise = draft.editing !== null && draft.editing >= 0 && draft.editing < draft.exercises.length
  if (draft.step === "workout" || (!opensExercise && draft.step !== "categories")) return "workout"
  return draft.step
}

/** The open set is one of the open exercise's, or none. */
const openSetOf = (draft: StoredDraft): number | null => {
  const sets = draft.editing === null ? 0 : (draft.exercises[draft.editing]?.sets.length ?? 0)
  const set = draft.editingSet ?? null
  return set !== null && set >= 0 && set < sets ? set : null
}

/** The builder's start with the stored draft to resume, or a fresh start when nothing (readable) was stored. */
export const restoreBuilderStart = (input: BuilderStart, stored: string | null): BuilderStart => {
  if (stored === null) return input
  let parsed: unknown
  try {
    parsed = JSON.parse(stored)
  } catch {
    return input
  }
  const decoded = decodeDraft(parsed)
  // A draft of another workout (or of a new one, for an edit) is not this builder's.
  if (decoded._tag === "None" || decoded.value.edit?.workoutOrder !== input.workoutOrder) return input
  const { version: _version, step: _step, saveKey = input.saveKey, edit, editingSet: _set, ...draft } = decoded.value
  const resume: BuilderResume = {
    step: resumeStepOf(decoded.value),
    context: {
      ...draft,
      saveKey,
      editingSet: openSetOf(decoded.value),
      ...(edit === undefined ? {} : { edit })
    }
  }
  return { ...input, resume }
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

export const writeDraft = (storage: DraftStorage, key: string, draft: BuilderDraft): void => {
  try {
    const stored = toStoredDraft(draft)
    if (stored === null) storage.removeItem(key)
    else storage.setItem(key, stored)
  } catch {
    // Storage full or blocked: the draft lives on in memory for this visit.
  }
}

export const removeDraft = (storage: DraftStorage, key: string): void => {
  try {
    storage.removeItem(key)
  } catch {
    // Blocked storage: nothing was kept there either.
  }
}

/**
 * A new draft's idempotency key: 128 random bits as hex. getRandomValues, unlike
 * randomUUID, is there on plain http too (a phone on the LAN during development).
 */
export const newSaveKey = (): string =>
  Array.from(crypto.getRandomValues(new Uint8Array(16)), (byte) => byte.toString(16).padStart(2, "0")).join("")

/**
 * One client's day's draft in `storage` (or one saved workout's, for an edit): what the route
 * starts the builder with (the day and a fresh key, or the stored draft with its own), and
 * the builder's draft ports.
 */
export const draftStorage = (storage: DraftStorage, input: BuilderInput, makeKey: () => string = newSaveKey) => {
  const key = draftKey(input)
  const start: BuilderStart = { ...input, saveKey: makeKey() }
  return {
    start,
    restore: (): BuilderStart => restoreBuilderStart(start, readDraft(storage, key)),
    store: (draft: BuilderDraft): void => writeDraft(storage, key, draft),
    forget: (): void => removeDraft(storage, key)
  }
}
