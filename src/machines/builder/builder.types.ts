import type { IsoDate } from "#domain/calendar.ts"
import type { ExerciseId } from "#domain/exercises.ts"
import type { SetId, UserId } from "#domain/ids.ts"
import type { Unit } from "#domain/units.ts"
import { DEFAULT_FIELD_INPUTS, FIELD_NAMES, type FieldName } from "#domain/set-fields.ts"
import { WORKOUT_CAPS, type BuiltWorkout, type SaveWorkoutPayload, type WorkoutCaps } from "#domain/workout.ts"
import type { EditedSet, EditWorkoutPayload } from "#domain/workout-edits.ts"

/**
 * docs/product.md: the five steps, in order. The machine has one state per step (the
 * workout step holds its save in substates); the selectors, the step counter and the
 * stored draft all read this one list.
 */
export const BUILDER_STEPS = ["categories", "workout", "exercise", "setBuilder", "fieldEditor"] as const
export type EditingStep = (typeof BUILDER_STEPS)[number]
/**
 * What the screen shows: one of the five steps, the saved workout on its way back to the
 * day, or (editing a saved workout) its read under way, failed, or finding nothing.
 */
export type BuilderStep = EditingStep | "saved" | "loading" | "loadFailed" | "notFound"

/** docs/product.md: the categories of the first step. */
export const WORKOUT_CATEGORIES = ["Strength", "HIIT", "Timed"] as const
export type WorkoutCategory = (typeof WORKOUT_CATEGORIES)[number]

/** docs/product.md: default sets to add. */
export const DEFAULT_SET_COUNT = 1

/** reps and rpe have defaults (AMRAP, 8), so they start toggled on; the rest start off. */
export const DEFAULT_ENABLED_FIELDS: ReadonlyArray<FieldName> = ["reps", "rpe"]

/**
 * docs/decisions/020: a Strength set is almost always weight, reps and RPE, so
 * those start on without a visit to 'Edit fields'. HIIT and Timed keep SPEC's defaults.
 */
const STRENGTH_FIELDS: ReadonlyArray<FieldName> = ["weight", "reps", "rpe"]
export const categoryFields = (category: WorkoutCategory): ReadonlyArray<FieldName> =>
  category === "Strength" ? FIELD_NAMES.filter((name) => STRENGTH_FIELDS.includes(name)) : DEFAULT_ENABLED_FIELDS

/** An exercise while it is being built: the name may still be empty and the sets list too. */
export interface DraftExercise {
  readonly name: string
  /**
   * The library exercise the coach chose for the name (docs/decisions/019). None for a typed name:
   * the server links that by itself (a canonical name or alias to it, any other name to
   * the coach's own exercise of that name).
   */
  readonly exerciseId?: ExerciseId
  /** A set read from a saved workout keeps its id (docs/decisions/024): what was logged for it stays attached. */
  readonly sets: ReadonlyArray<EditedSet>
  /**
   * What the coach prescribes beyond the sets (exercise-details.ts), as typed or chosen:
   * raw text, so a half-typed tempo survives a reload. Checked when the workout is
   * submitted (workoutProblem); absent or empty means none.
   */
  readonly superset?: string
  /** Whole seconds as text ("90"), as the rest select gives them. */
  readonly rest?: string
  readonly tempo?: string
  readonly note?: string
}

/** The coaching details of an exercise the exercise step edits, one event each. */
export const DETAIL_NAMES = ["superset", "rest", "tempo", "note"] as const
export type DetailName = (typeof DETAIL_NAMES)[number]

/**
 * The most text the draft keeps of each: past what the contract allows (so its message
 * can say so) yet bounded, so a stored draft always reads back.
 */
export const DRAFT_TEXT_BOUNDS = { title: 200, superset: 5, rest: 5, tempo: 20, note: 1000 } as const

export type FieldInputs = { readonly [N in FieldName]: string }

export interface BuilderContext {
  readonly clientId: UserId
  readonly date: IsoDate
  /**
   * The idempotency key every save of this draft sends: made with the draft and stored
   * with it, so a retry (a failed save, a reload) can never store the workout twice.
   */
  readonly saveKey: string
  /** The contract's caps (WORKOUT_CAPS): the builder offers no more than a save may hold. */
  readonly caps: WorkoutCaps
  readonly category: WorkoutCategory | null
  /** The workout's title as typed ("Heavy lower"); empty for none. */
  readonly title: string
  readonly exercises: ReadonlyArray<DraftExercise>
  /** The exercise open in the exercise, set builder and field editor steps. */
  readonly editing: number | null
  readonly amsap: boolean
  readonly count: number
  readonly enabledFields: ReadonlyArray<FieldName>
  readonly inputs: FieldInputs
  /**
   * Said when the coach tried to leave an exercise that has sets but no name (ADR 020): it
   * is kept rather than dropped, until it is named or its sets are deleted.
   */
  readonly nameMissing: string | null
  /** Why the last save failed, shown beside the retry. */
  readonly saveError: string | null
  /** The coach's unit (docs/decisions/018): lb until their preferences say otherwise, and if they cannot be read. */
  readonly coachUnit: Unit
  /**
   * The unit of the weight typed in the set builder: the coach's unit at its first
   * keystroke, so a weight typed before their unit came in is never sent as the other one.
   */
  readonly weightUnit: Unit
  /**
   * The saved workout this draft edits (docs/decisions/024): its workout_order and the ids of its sets
   * the client has logged. Null for a new workout.
   */
  readonly edit: WorkoutEdit | null
  /** The set open in the set builder to be changed in place; null when adding sets. */
  readonly editingSet: number | null
  /** The coach confirmed removing sets that have logged results: the edit is sent with discardLogged. */
  readonly discardLogged: boolean
  /** The client's name (getAllClients), read on every visit; a name that cannot be read is left unsaid. */
  readonly clientName: ClientNameRead
  /** Why the saved workout could not be read, shown beside the retry. */
  readonly loadError: string | null
  /** The step a stored draft resumes at, until the builder has opened on it; null for a fresh one. */
  readonly resumeStep: EditingStep | null
}

export type ClientNameRead =
  { readonly status: "reading" } | { readonly status: "known"; readonly name: string } | { readonly status: "unread" }

export interface WorkoutEdit {
  readonly workoutOrder: number
  readonly loggedSetIds: ReadonlyArray<SetId>
}

/** Whose day the builder is for: the route's parameters. */
export interface BuilderInput {
  readonly clientId: UserId
  readonly date: IsoDate
  /** The saved workout to edit (?workout=): its workout_order; absent for a new workout. */
  readonly workoutOrder?: number | undefined
}

/** The saved workout the builder reads to edit. */
export interface WorkoutToLoad {
  readonly clientId: UserId
  readonly date: IsoDate
  readonly workoutOrder: number
}

/** What a submit sends: a new workout (POST /api/workout) or the new content of a saved one (PUT). */
export type BuilderSubmission =
  | { readonly kind: "save"; readonly payload: SaveWorkoutPayload }
  | { readonly kind: "edit"; readonly payload: EditWorkoutPayload }

/** What a new draft starts from: the day, its fresh idempotency key and (in tests) smaller caps. */
export interface BuilderStart extends BuilderInput {
  readonly saveKey: string
  readonly caps?: WorkoutCaps
  /** A stored draft to resume (builder.draft.ts): its step and what it held. */
  readonly resume?: BuilderResume | undefined
}

/** A stored draft as it comes back: the step to reopen and the part of the context it keeps. */
export interface BuilderResume {
  readonly step: EditingStep
  readonly context: Partial<BuilderContext>
}

export const initialBuilderContext = ({
  clientId,
  date,
  saveKey,
  caps = WORKOUT_CAPS,
  workoutOrder,
  resume
}: BuilderStart): BuilderContext => ({
  clientId,
  date,
  saveKey,
  caps,
  category: null,
  title: "",
  exercises: [],
  editing: null,
  amsap: false,
  count: DEFAULT_SET_COUNT,
  enabledFields: DEFAULT_ENABLED_FIELDS,
  inputs: DEFAULT_FIELD_INPUTS,
  nameMissing: null,
  saveError: null,
  coachUnit: "lb",
  weightUnit: "lb",
  edit: workoutOrder === undefined ? null : { workoutOrder, loggedSetIds: [] },
  editingSet: null,
  discardLogged: false,
  clientName: { status: "reading" },
  loadError: null,
  resumeStep: null,
  ...(resume === undefined ? {} : { ...resume.context, resumeStep: resume.step })
})

/** What a reload needs to resume: the step the coach was on and the draft. */
export interface BuilderDraft {
  readonly step: EditingStep
  readonly context: BuilderContext
}

export type BuilderEvent =
  | { readonly type: "category.select"; readonly category: WorkoutCategory }
  | { readonly type: "step.back" }
  | { readonly type: "exercise.add" }
  | { readonly type: "exercise.open"; readonly index: number }
  | { readonly type: "exercise.delete"; readonly index: number }
  /** The coach typed: the name is free text again, whatever was chosen before. */
  | { readonly type: "exercise.rename"; readonly name: string }
  /** The coach chose an exercise of the library (or added one): its name and id. */
  | { readonly type: "exercise.choose"; readonly name: string; readonly exerciseId: ExerciseId }
  | { readonly type: "exercise.submit" }
  | { readonly type: "set.delete"; readonly index: number }
  /** Open the set builder on this set, to change it in place (ADR 020). */
  | { readonly type: "set.edit"; readonly index: number }
  /** A copy of this set, without its id, right after it. */
  | { readonly type: "set.duplicate"; readonly index: number }
  | { readonly type: "set.move"; readonly index: number; readonly by: -1 | 1 }
  | { readonly type: "exercise.move"; readonly index: number; readonly by: -1 | 1 }
  /**
   * The workout typed as text (docs/workout-notation.md) takes the place of the draft's exercises,
   * and its "Title:" line (when it has one) of the draft's title.
   * A new workout only: typed text has no set ids, so an edit would lose what the client logged.
   */
  | { readonly type: "exercises.replace"; readonly exercises: BuiltWorkout; readonly title?: string | undefined }
  /** The workout's title, as typed. */
  | { readonly type: "title.change"; readonly value: string }
  /** The open exercise's superset letter, rest, tempo or note, as typed or chosen. */
  | { readonly type: "exercise.detail"; readonly name: DetailName; readonly value: string }
  | { readonly type: "setBuilder.open" }
  | { readonly type: "fields.edit" }
  | { readonly type: "field.toggle"; readonly name: FieldName }
  | { readonly type: "field.change"; readonly name: FieldName; readonly value: string }
  | { readonly type: "amsap.toggle" }
  | { readonly type: "count.increment" }
  | { readonly type: "count.decrement" }
  | { readonly type: "sets.add" }
  | { readonly type: "workout.submit" }
  /** Send the edit anyway, removing sets the client logged (discardLogged). */
  | { readonly type: "discard.confirm" }
  | { readonly type: "discard.cancel" }
  | { readonly type: "load.retry" }
  /** The coach's preferences were read: the weight field follows their unit. */
  | { readonly type: "unit.known"; readonly unit: Unit }
