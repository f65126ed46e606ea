import type { ActorRefFrom, SnapshotFrom } from "xstate"
import { formatLongUsDate, isoToRouteDate } from "#domain/calendar.ts"
import { FIELD_DEFINITIONS, FIELD_NAMES, validateFieldInput, type FieldName } from "#domain/set-fields.ts"
import type { SetId } from "#domain/ids.ts"
import type { BuilderMachine } from "./builder.machine.ts"
import { BUILDER_STEPS, WORKOUT_CATEGORIES, type BuilderStep, type WorkoutCategory } from "./builder.types.ts"
import { draftSetId } from "./builder.loads.ts"
import { describeDraftSet, weightFieldLabel, weightFieldUnit, weightRangeMessage } from "./builder.units.ts"
import { addSetsBlocker, openSetCount, setsToAdd, workoutProblem } from "./builder.workout.ts"

export type BuilderSnapshot = SnapshotFrom<BuilderMachine>
export type BuilderActorRef = ActorRefFrom<BuilderMachine>

export const selectStep = (snapshot: BuilderSnapshot): BuilderStep =>
  BUILDER_STEPS.find((step) => snapshot.matches(step)) ?? "saved"

export interface StepCounterView {
  readonly step: BuilderStep
  /** "Step 2 of 5", or null once saved. */
  readonly counter: string | null
}

export const selectStepCounter = (snapshot: BuilderSnapshot): StepCounterView => {
  const step = selectStep(snapshot)
  return {
    step,
    counter: step === "saved" ? null : `Step ${BUILDER_STEPS.indexOf(step) + 1} of ${BUILDER_STEPS.length}`
  }
}

export interface BuilderHeaderView {
  readonly dateLabel: string
  /** {userId}/{MM-DD-YYYY} of /coach/workouts: where the builder came from. */
  readonly userId: string
  readonly routeDate: string
}

export const selectHeader = (snapshot: BuilderSnapshot): BuilderHeaderView => {
  const { clientId, date } = snapshot.context
  return { dateLabel: formatLongUsDate(date), userId: String(clientId), routeDate: isoToRouteDate(date) }
}

export interface CategoriesView {
  readonly categories: ReadonlyArray<{ readonly name: WorkoutCategory; readonly chosen: boolean }>
}

export const selectCategories = (snapshot: BuilderSnapshot): CategoriesView => ({
  categories: WORKOUT_CATEGORIES.map((name) => ({ name, chosen: snapshot.context.category === name }))
})

export interface WorkoutStepView {
  readonly category: string
  readonly exercises: ReadonlyArray<{
    readonly name: string
    readonly sets: ReadonlyArray<string>
    readonly canOpen: boolean
    readonly canDelete: boolean
  }>
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

export const selectWorkoutStep = (snapshot: BuilderSnapshot): WorkoutStepView => ({
  category: snapshot.context.category ?? "Strength",
  exercises: snapshot.context.exercises.map((exercise, index) => ({
    name: exercise.name,
    sets: exercise.sets.map(describeDraftSet),
    canOpen: snapshot.can({ type: "exercise.open", index }),
    canDelete: snapshot.can({ type: "exercise.delete", index })
  })),
  saving: snapshot.matches({ workout: "saving" }),
  canAddExercise: snapshot.can({ type: "exercise.add" }),
  capNotice:
    snapshot.context.exercises.length >= snapshot.context.caps.exercises
      ? `A workout holds at most ${snapshot.context.caps.exercises} exercises.`
      : null,
  canGoBack: snapshot.can({ type: "step.back" }),
  problem: snapshot.matches({ workout: "incomplete" }) ? workoutProblem(snapshot.context.exercises) : null,
  saveError: snapshot.matches({ workout: "failed" }) ? snapshot.context.saveError : null
})

export interface ExerciseSetsView {
  /** Each set in words, and the id its worked-out load goes by (builder.loads.ts). */
  readonly sets: ReadonlyArray<{ readonly text: string; readonly setId: SetId }>
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
      text: describeDraftSet(set) || "Set (no fields)",
      setId: draftSetId(editing ?? 0, index)
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
  a.sets.every((set, i) => set.text === b.sets.at(i)?.text && set.setId === b.sets.at(i)?.setId)

export const selectExerciseStep = (snapshot: BuilderSnapshot): ExerciseStepView => ({
  name: selectExerciseName(snapshot),
  ...selectExerciseSets(snapshot)
})

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
  return {
    exerciseName: selectExerciseStep(snapshot).name,
    amsap,
    count,
    canDecrement: snapshot.can({ type: "count.decrement" }),
    canIncrement,
    capNotice: setCapNotice(room, cap, amsap || canIncrement),
    fields,
    canAdd: snapshot.can({ type: "sets.add" }),
    addBlocked: addSetsBlocker(snapshot.context),
    addLabel: amsap ? "Add 1 AMSAP set" : `Add ${adding} ${adding === 1 ? "set" : "sets"}`
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
