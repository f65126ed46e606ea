import type { ActorRefFrom, SnapshotFrom } from "xstate"
import { formatLongUsDate, isoToRouteDate } from "#domain/calendar.ts"
import { FIELD_DEFINITIONS, FIELD_NAMES, validateFieldInput, type FieldName } from "#domain/set-fields.ts"
import { describeBuiltSet } from "#domain/workout.ts"
import type { BuilderMachine } from "./builder.machine.ts"
import { WORKOUT_CATEGORIES, type WorkoutCategory } from "./builder.types.ts"
import { workoutProblem } from "./builder.workout.ts"

export type BuilderSnapshot = SnapshotFrom<BuilderMachine>
export type BuilderActorRef = ActorRefFrom<BuilderMachine>

export type BuilderStep = "categories" | "workout" | "exercise" | "setBuilder" | "fieldEditor" | "saved"

export const selectStep = (snapshot: BuilderSnapshot): BuilderStep => {
  for (const step of ["categories", "workout", "exercise", "setBuilder", "fieldEditor"] as const) {
    if (snapshot.matches(step)) return step
  }
  return "saved"
}

export const selectIsSaved = (snapshot: BuilderSnapshot): boolean => snapshot.matches("saved")

export interface BuilderHeaderView {
  readonly dateLabel: string
  /** /coach/workouts/{userId}/{MM-DD-YYYY}: where the builder came from and returns to. */
  readonly dayPath: string
  readonly userId: string
  readonly routeDate: string
}

export const selectHeader = (snapshot: BuilderSnapshot): BuilderHeaderView => {
  const { clientId, date } = snapshot.context
  const routeDate = isoToRouteDate(date)
  return {
    dateLabel: formatLongUsDate(date),
    dayPath: `/coach/workouts/${clientId}/${routeDate}`,
    userId: String(clientId),
    routeDate
  }
}

export interface CategoriesView {
  readonly categories: ReadonlyArray<{ readonly name: WorkoutCategory; readonly chosen: boolean }>
}

export const selectCategories = (snapshot: BuilderSnapshot): CategoriesView => ({
  categories: WORKOUT_CATEGORIES.map((name) => ({ name, chosen: snapshot.context.category === name }))
})

export interface WorkoutStepView {
  readonly category: string
  readonly exercises: ReadonlyArray<{ readonly name: string; readonly sets: ReadonlyArray<string> }>
  readonly saving: boolean
  /** The draft cannot be sent yet, and why. */
  readonly problem: string | null
  readonly saveError: string | null
}

export const selectWorkoutStep = (snapshot: BuilderSnapshot): WorkoutStepView => ({
  category: snapshot.context.category ?? "Strength",
  exercises: snapshot.context.exercises.map((exercise) => ({
    name: exercise.name,
    sets: exercise.sets.map(describeBuiltSet)
  })),
  saving: snapshot.matches({ workout: "saving" }),
  problem: snapshot.matches({ workout: "incomplete" }) ? workoutProblem(snapshot.context.exercises) : null,
  saveError: snapshot.matches({ workout: "failed" }) ? snapshot.context.saveError : null
})

export interface ExerciseStepView {
  readonly name: string
  readonly sets: ReadonlyArray<string>
}

export const selectExerciseStep = (snapshot: BuilderSnapshot): ExerciseStepView => {
  const { exercises, editing } = snapshot.context
  const exercise = editing === null ? undefined : exercises[editing]
  return { name: exercise?.name ?? "", sets: (exercise?.sets ?? []).map((set) => describeBuiltSet(set) || "Set (no fields)") }
}

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
  readonly fields: ReadonlyArray<FieldInputView>
  readonly canAdd: boolean
  /** What pressing add will do, in words: "Add 3 sets", "Add 1 AMSAP set". */
  readonly addLabel: string
}

export const selectSetBuilder = (snapshot: BuilderSnapshot): SetBuilderView => {
  const { amsap, count, enabledFields, inputs } = snapshot.context
  const fields = FIELD_NAMES.filter((name) => enabledFields.includes(name)).map((name): FieldInputView => {
    const definition = FIELD_DEFINITIONS[name]
    return {
      name,
      label: definition.label,
      input: definition.input,
      options: definition.options,
      value: inputs[name],
      error: validateFieldInput(name, inputs[name]) ?? null
    }
  })
  const adding = amsap ? 1 : count
  return {
    exerciseName: selectExerciseStep(snapshot).name,
    amsap,
    count,
    canDecrement: count > 0,
    fields,
    canAdd: fields.every((field) => field.error === null),
    addLabel: amsap ? "Add 1 AMSAP set" : `Add ${adding} ${adding === 1 ? "set" : "sets"}`
  }
}

export interface FieldEditorView {
  readonly fields: ReadonlyArray<{ readonly name: FieldName; readonly label: string; readonly enabled: boolean }>
}

export const selectFieldEditor = (snapshot: BuilderSnapshot): FieldEditorView => ({
  fields: FIELD_NAMES.map((name) => ({
    name,
    label: FIELD_DEFINITIONS[name].label,
    enabled: snapshot.context.enabledFields.includes(name)
  }))
})
