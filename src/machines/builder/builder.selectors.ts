import type { ActorRefFrom, SnapshotFrom } from "xstate"
import { formatLongUsDate, isoToRouteDate } from "#domain/calendar.ts"
import { FIELD_DEFINITIONS, FIELD_NAMES, validateFieldInput, type FieldName } from "#domain/set-fields.ts"
import type { SetId } from "#domain/ids.ts"
import type { Unit } from "#domain/units.ts"
import type { BuiltWorkout } from "#domain/workout.ts"
import type { BuilderMachine } from "./builder.machine.ts"
import { BUILDER_STEPS, WORKOUT_CATEGORIES, type BuilderStep, type WorkoutCategory } from "./builder.types.ts"
import { draftSetId } from "./builder.loads.ts"
import { describeDraftSet, weightFieldLabel, weightFieldUnit, weightRangeMessage } from "./builder.units.ts"
import { restText, tempoAndRestText } from "#domain/exercise-details.ts"
import { supersetLabels } from "#domain/workout-pages.ts"
import {
  addSetsBlocker,
  draftDetails,
  openSetCount,
  openTempoProblem,
  setsToAdd,
  workoutProblem
} from "./builder.workout.ts"
import { discardQuestion, isLoggedSet, removedLoggedSets } from "./builder.edit.ts"

export type BuilderSnapshot = SnapshotFrom<BuilderMachine>
export type BuilderActorRef = ActorRefFrom<BuilderMachine>

/** The screen before the steps: a saved workout being read (or 'opening', which never rests), missing or unreadable. */
const readingStep = (snapshot: BuilderSnapshot): BuilderStep => {
  if (snapshot.matches("saved")) return "saved"
  if (snapshot.matches("notFound")) return "notFound"
  return snapshot.matches("loadFailed") ? "loadFailed" : "loading"
}

export const selectStep = (snapshot: BuilderSnapshot): BuilderStep =>
  BUILDER_STEPS.find((step) => snapshot.matches(step)) ?? readingStep(snapshot)

export interface StepCounterView {
  readonly step: BuilderStep
  /** "Step 2 of 5", or null outside the five steps. */
  readonly counter: string | null
}

export const selectStepCounter = (snapshot: BuilderSnapshot): StepCounterView => {
  const step = selectStep(snapshot)
  const at = BUILDER_STEPS.findIndex((editing) => editing === step)
  return { step, counter: at === -1 ? null : `Step ${at + 1} of ${BUILDER_STEPS.length}` }
}

export interface BuilderHeaderView {
  /** "Workout builder", or "Edit workout" for a saved one (docs/decisions/024). */
  readonly title: string
  /** "for Jane Doe" once the client's name is read; null until then or if it cannot be. */
  readonly clientLine: string | null
  readonly dateLabel: string
  /** {userId}/{MM-DD-YYYY} of /coach/workouts: where the builder came from. */
  readonly userId: string
  readonly routeDate: string
}

export const selectHeader = (snapshot: BuilderSnapshot): BuilderHeaderView => {
  const { clientId, date, edit, clientName } = snapshot.context
  return {
    title: edit === null ? "Workout builder" : "Edit workout",
    clientLine: clientName.status === "known" ? `for ${clientName.name}` : null,
    dateLabel: formatLongUsDate(date),
    userId: String(clientId),
    routeDate: isoToRouteDate(date)
  }
}

/** Reading a saved workout: why it failed, beside the retry. */
export const selectLoadError = (snapshot: BuilderSnapshot): string | null =>
  snapshot.matches("loadFailed") ? snapshot.context.loadError : null

export interface CategoriesView {
  readonly categories: ReadonlyArray<{
    readonly name: WorkoutCategory
    readonly chosen: boolean
    /** What the category builds, said under it: HIIT and Timed are the same sets as Strength (ADR 023). */
    readonly note: string | null
  }>
}

export const SAME_SETS_NOTE =
  "Built with the same sets as Strength: each round is a set. No interval timer or time cap yet."

export const selectCategories = (snapshot: BuilderSnapshot): CategoriesView => ({
  categories: WORKOUT_CATEGORIES.map((name) => ({
    name,
    chosen: snapshot.context.category === name,
    note: name === "Strength" ? null : SAME_SETS_NOTE
  }))
})

export interface WorkoutStepView {
  /** "Strength workout", or for a saved workout (whose category is not stored) "Workout 1". */
  readonly kind: string
  readonly isEdit: boolean
  /** The title as typed. */
  readonly title: string
  readonly exercises: ReadonlyArray<{
    readonly name: string
    /** "A1", "A2" in a superset (as the lifter's pages will label it); null standing alone. */
    readonly label: string | null
    /** "Tempo 31X0 · Rest 1:30 min", or "" when neither is prescribed. */
    readonly coaching: string
    readonly note: string | null
    /** Each set in words, "logged" when the client has results for it. */
    readonly sets: ReadonlyArray<{ readonly text: string; readonly logged: boolean }>
    readonly canOpen: boolean
    readonly canDelete: boolean
    readonly canMoveUp: boolean
    readonly canMoveDown: boolean
  }>
  /** The edit removes sets the client logged: the question, while the coach is asked. */
  readonly discardQuestion: string | null
  /** A save is under way; only this disables Submit (on an incomplete draft it stays pressable). */
  readonly saving: boolean
  readonly canAddExercise: boolean
  /** Said beside 'Add exercise' once the workout holds as many exercises as a save may. */
  readonly capNotice: string | null
  readonly canGoBack: boolean
  /** The draft cannot be sent yet, and why. */
  readonly problem: string | null
  readonly saveError: string | null
}

export const selectWorkoutStep = (snapshot: BuilderSnapshot): WorkoutStepView => {
  // What would be saved: a detail the contract would refuse shows nothing until it is fixed.
  const details = snapshot.context.exercises.map(draftDetails)
  const labels = supersetLabels(details.map((detail) => detail.superset))
  return {
    kind:
      snapshot.context.edit === null
        ? `${snapshot.context.category ?? "Strength"} workout`
        : `Workout ${snapshot.context.edit.workoutOrder + 1}`,
    isEdit: snapshot.context.edit !== null,
    title: snapshot.context.title,
    exercises: snapshot.context.exercises.map((exercise, index) => ({
      name: exercise.name,
      label: labels[index] ?? null,
      coaching: tempoAndRestText(details[index] ?? {}),
      note: details[index]?.note ?? null,
      sets: exercise.sets.map((set) => ({
        text: describeDraftSet(set, snapshot.context.coachUnit),
        logged: isLoggedSet(snapshot.context, set)
      })),
      canOpen: snapshot.can({ type: "exercise.open", index }),
      canDelete: snapshot.can({ type: "exercise.delete", index }),
      canMoveUp: snapshot.can({ type: "exercise.move", index, by: -1 }),
      canMoveDown: snapshot.can({ type: "exercise.move", index, by: 1 })
    })),
    discardQuestion: snapshot.matches({ workout: "confirmingDiscard" })
      ? discardQuestion(removedLoggedSets(snapshot.context))
      : null,
    saving: snapshot.matches({ workout: "saving" }),
    canAddExercise: snapshot.can({ type: "exercise.add" }),
    capNotice:
      snapshot.context.exercises.length >= snapshot.context.caps.exercises
        ? `A workout holds at most ${snapshot.context.caps.exercises} exercises.`
        : null,
    canGoBack: snapshot.can({ type: "step.back" }),
    problem: snapshot.matches({ workout: "incomplete" }) ? workoutProblem(snapshot.context) : null,
    saveError: snapshot.matches({ workout: "failed" }) ? snapshot.context.saveError : null
  }
}

/**
 * The typed workout (docs/workout-notation.md, "In the builder"): offered on a new workout's
 * workout step only, read in the coach's unit.
 */
export interface NotationTargetView {
  readonly offered: boolean
  readonly unit: Unit
}

export const selectNotationTarget = (snapshot: BuilderSnapshot): NotationTargetView => ({
  offered: snapshot.matches("workout") && snapshot.context.edit === null,
  unit: snapshot.context.coachUnit
})

/** The typed workout may take the draft's place now: it parsed, fits the caps, and no save is under way. */
export const canReplaceExercises = (snapshot: BuilderSnapshot, exercises: BuiltWorkout | undefined): boolean =>
  exercises !== undefined && snapshot.can({ type: "exercises.replace", exercises })

export interface DraftSetView {
  readonly text: string
  /** The id its worked-out load goes by (builder.loads.ts). */
  readonly setId: SetId
  /** The client has results for this set: deleting it discards them (docs/decisions/024). */
  readonly logged: boolean
  readonly canMoveUp: boolean
  readonly canMoveDown: boolean
  readonly canDuplicate: boolean
}

export interface ExerciseSetsView {
  readonly sets: ReadonlyArray<DraftSetView>
  readonly canAddSet: boolean
  /** Said beside 'Add set' once the exercise holds as many sets as a save may. */
  readonly capNotice: string | null
  /** Why the coach is still here after trying to leave: the exercise has sets but no name. */
  readonly nameMissing: string | null
}

export interface ExerciseStepView extends ExerciseSetsView {
  readonly name: string
}

/** The open exercise's name as typed or chosen: what the exercise combobox shows. */
export const selectExerciseName = (snapshot: BuilderSnapshot): string => {
  const { exercises, editing } = snapshot.context
  return (editing === null ? undefined : exercises[editing])?.name ?? ""
}

/** The open exercise's sets and whether one more fits; a keystroke in the name changes none of it. */
export const selectExerciseSets = (snapshot: BuilderSnapshot): ExerciseSetsView => {
  const { exercises, editing } = snapshot.context
  const exercise = editing === null ? undefined : exercises[editing]
  const cap = snapshot.context.caps.setsPerExercise
  return {
    sets: (exercise?.sets ?? []).map((set, index) => ({
      text: describeDraftSet(set, snapshot.context.coachUnit) || "Set (no fields)",
      setId: draftSetId(editing ?? 0, index),
      logged: isLoggedSet(snapshot.context, set),
      canMoveUp: snapshot.can({ type: "set.move", index, by: -1 }),
      canMoveDown: snapshot.can({ type: "set.move", index, by: 1 }),
      canDuplicate: snapshot.can({ type: "set.duplicate", index })
    })),
    canAddSet: snapshot.can({ type: "setBuilder.open" }),
    capNotice: openSetCount(snapshot.context) >= cap ? `An exercise holds at most ${cap} sets.` : null,
    nameMissing: snapshot.context.nameMissing
  }
}

/** Sets views are equal when they say the same (useSelector's compare). */
export const sameExerciseSets = (a: ExerciseSetsView, b: ExerciseSetsView): boolean =>
  a.canAddSet === b.canAddSet &&
  a.capNotice === b.capNotice &&
  a.nameMissing === b.nameMissing &&
  a.sets.length === b.sets.length &&
  a.sets.every((set, i) => {
    const other = b.sets.at(i)
    return (
      other !== undefined &&
      set.text === other.text &&
      set.setId === other.setId &&
      set.logged === other.logged &&
      set.canMoveUp === other.canMoveUp &&
      set.canMoveDown === other.canMoveDown &&
      set.canDuplicate === other.canDuplicate
    )
  })

export const selectExerciseStep = (snapshot: BuilderSnapshot): ExerciseStepView => ({
  name: selectExerciseName(snapshot),
  ...selectExerciseSets(snapshot)
})

export interface DetailOption {
  readonly value: string
  readonly label: string
}

/** The open exercise's coaching details as the exercise step shows them: the text as typed, and the choices. */
export interface ExerciseDetailsView {
  readonly superset: string
  readonly supersetOptions: ReadonlyArray<DetailOption>
  readonly rest: string
  readonly restOptions: ReadonlyArray<DetailOption>
  readonly tempo: string
  /** Why the tempo typed is not one yet, said under it; null when it is one or empty. */
  readonly tempoError: string | null
  readonly note: string
}

/** The superset letters offered; a letter typed in the notation past them is offered too. */
export const SUPERSET_CHOICES = ["A", "B", "C", "D", "E", "F"] as const
/** The rests offered, in seconds; a typed rest between them is offered too. */
export const REST_CHOICES = [0, 30, 45, 60, 90, 120, 180, 240, 300] as const

const restLabel = (seconds: number): string => (seconds === 0 ? "No rest" : restText(seconds))

/** The choices, with the value held when it is not one of them (typed, or kept from a saved workout). */
const withHeld = (options: ReadonlyArray<DetailOption>, held: string, label: string): ReadonlyArray<DetailOption> =>
  options.some((option) => option.value === held) ? options : [...options, { value: held, label }]

export const selectExerciseDetails = (snapshot: BuilderSnapshot): ExerciseDetailsView => {
  const { exercises, editing } = snapshot.context
  const exercise = (editing === null ? undefined : exercises[editing]) ?? { name: "", sets: [] }
  const superset = exercise.superset ?? ""
  const rest = exercise.rest ?? ""
  const seconds = /^\d+$/.test(rest) ? Number(rest) : null
  return {
    superset,
    supersetOptions: withHeld(
      [{ value: "", label: "None" }, ...SUPERSET_CHOICES.map((letter) => ({ value: letter, label: letter }))],
      superset,
      superset
    ),
    rest,
    restOptions: withHeld(
      [
        { value: "", label: "Lifter's choice" },
        ...REST_CHOICES.map((choice) => ({ value: String(choice), label: restLabel(choice) }))
      ],
      rest,
      seconds === null ? rest : restLabel(seconds)
    ),
    tempo: exercise.tempo ?? "",
    tempoError: openTempoProblem(exercise),
    note: exercise.note ?? ""
  }
}

/** Details views are equal when the values are (the options follow from them). */
export const sameExerciseDetails = (a: ExerciseDetailsView, b: ExerciseDetailsView): boolean =>
  a.superset === b.superset &&
  a.rest === b.rest &&
  a.tempo === b.tempo &&
  a.tempoError === b.tempoError &&
  a.note === b.note

export interface FieldInputView {
  readonly name: FieldName
  readonly label: string
  readonly input: "select" | "number"
  readonly options: ReadonlyArray<string>
  readonly value: string
  readonly error: string | null
}

export interface SetBuilderView {
  readonly exerciseName: string
  /** "Edit set 2" while one set is changed in place (ADR 020); null when adding sets. */
  readonly editingSet: string | null
  readonly amsap: boolean
  readonly count: number
  readonly canDecrement: boolean
  readonly canIncrement: boolean
  /** Said beside the stepper once adding more sets would pass the exercise's cap. */
  readonly capNotice: string | null
  readonly fields: ReadonlyArray<FieldInputView>
  readonly canAdd: boolean
  /** Why add is off when it would add nothing worth keeping (no sets, no field on); null otherwise. */
  readonly addBlocked: string | null
  /** What pressing add will do, in words: "Add 3 sets", "Add 1 AMSAP set". */
  readonly addLabel: string
}

/** Nothing while more sets fit; else how many still do, out of the cap. */
const setCapNotice = (room: number, cap: number, moreFit: boolean): string | null => {
  if (room === 0) return `An exercise holds at most ${cap} sets.`
  if (moreFit) return null
  return `This exercise has room for ${room} more ${room === 1 ? "set" : "sets"} (at most ${cap}).`
}

const addLabel = (editingSet: number | null, amsap: boolean, adding: number): string => {
  if (editingSet !== null) return `Save set ${editingSet + 1}`
  return amsap ? "Add 1 AMSAP set" : `Add ${adding} ${adding === 1 ? "set" : "sets"}`
}

export const selectSetBuilder = (snapshot: BuilderSnapshot): SetBuilderView => {
  const { amsap, count, enabledFields, inputs } = snapshot.context
  const unit = weightFieldUnit(snapshot.context)
  const fields = FIELD_NAMES.filter((name) => enabledFields.includes(name)).map((name): FieldInputView => {
    const definition = FIELD_DEFINITIONS[name]
    const error = validateFieldInput(name, inputs[name]) ?? null
    return {
      name,
      label: name === "weight" ? weightFieldLabel(unit) : definition.label,
      input: definition.input,
      options: definition.options,
      value: inputs[name],
      // The range is the same number in either unit; the message names the field's.
      error: name === "weight" && error === validateFieldInput("weight", "-1") ? weightRangeMessage(unit) : error
    }
  })
  const adding = setsToAdd(snapshot.context)
  const cap = snapshot.context.caps.setsPerExercise
  const room = Math.max(0, cap - openSetCount(snapshot.context))
  const canIncrement = snapshot.can({ type: "count.increment" })
  const { editingSet } = snapshot.context
  return {
    exerciseName: selectExerciseStep(snapshot).name,
    editingSet: editingSet === null ? null : `Edit set ${editingSet + 1}`,
    amsap,
    count,
    canDecrement: snapshot.can({ type: "count.decrement" }),
    canIncrement,
    capNotice: editingSet === null ? setCapNotice(room, cap, amsap || canIncrement) : null,
    fields,
    canAdd: snapshot.can({ type: "sets.add" }),
    // An edited set is one set, whatever the count of the next add.
    addBlocked: addSetsBlocker({ amsap, count: editingSet === null ? count : 1, enabledFields }),
    addLabel: addLabel(editingSet, amsap, adding)
  }
}

export interface FieldEditorView {
  readonly fields: ReadonlyArray<{ readonly name: FieldName; readonly label: string; readonly enabled: boolean }>
}

export const selectFieldEditor = (snapshot: BuilderSnapshot): FieldEditorView => ({
  fields: FIELD_NAMES.map((name) => ({
    name,
    label: name === "weight" ? weightFieldLabel(snapshot.context.coachUnit) : FIELD_DEFINITIONS[name].label,
    enabled: snapshot.context.enabledFields.includes(name)
  }))
})
