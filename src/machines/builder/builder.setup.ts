import { assign, setup } from "xstate"
import { DEFAULT_FIELD_INPUTS, FIELD_NAMES, validateFieldInput, type FieldName } from "#domain/set-fields.ts"
import { buildSets } from "#domain/workout.ts"
import { unconnectedBuilderActors } from "./builder.actors.ts"
import {
  DEFAULT_SET_COUNT,
  initialBuilderContext,
  type BuilderContext,
  type BuilderEvent,
  type BuilderInput,
  type DraftExercise,
  type WorkoutCategory
} from "./builder.types.ts"
import { renumberSets, tidyExercise, workoutProblem } from "./builder.workout.ts"

const updateEditing = (context: BuilderContext, change: (exercise: DraftExercise) => DraftExercise) =>
  context.exercises.map((exercise, i) => (i === context.editing ? change(exercise) : exercise))

/** A declared error carries {error}; a defect carries message. Either way, words a coach can read. */
export const describeSaveFailure = (error: unknown): string => {
  if (typeof error === "object" && error !== null) {
    const detail = (error as { error?: unknown }).error ?? (error as { message?: unknown }).message
    if (typeof detail === "string" && detail !== "") return `The workout was not saved: ${detail}`
  }
  return "The workout was not saved. Check your connection and try again."
}

export const builderSetup = setup({
  types: {
    context: {} as BuilderContext,
    events: {} as BuilderEvent,
    input: {} as BuilderInput
  },
  actors: unconnectedBuilderActors,
  actions: {
    chooseCategory: assign((_, params: { category: WorkoutCategory }) => ({ category: params.category })),
    appendExercise: assign(({ context }) => ({
      exercises: [...context.exercises, { name: "", sets: [] }],
      editing: context.exercises.length
    })),
    openExercise: assign((_, params: { index: number }) => ({ editing: params.index })),
    deleteExercise: assign(({ context }, params: { index: number }) => ({
      exercises: context.exercises.filter((_, i) => i !== params.index)
    })),
    renameExercise: assign(({ context }, params: { name: string }) => ({
      exercises: updateEditing(context, (exercise) => ({ ...exercise, name: params.name }))
    })),
    leaveExercise: assign(({ context }) => ({ exercises: tidyExercise(context.exercises, context.editing), editing: null })),
    deleteSet: assign(({ context }, params: { index: number }) => ({
      exercises: updateEditing(context, (exercise) => ({
        ...exercise,
        sets: renumberSets(exercise.sets.filter((_, i) => i !== params.index))
      }))
    })),
    toggleField: assign(({ context }, params: { name: FieldName }) => ({
      enabledFields: context.enabledFields.includes(params.name)
        ? context.enabledFields.filter((name) => name !== params.name)
        : FIELD_NAMES.filter((name) => name === params.name || context.enabledFields.includes(name))
    })),
    changeField: assign(({ context }, params: { name: FieldName; value: string }) => ({
      inputs: { ...context.inputs, [params.name]: params.value }
    })),
    toggleAmsap: assign(({ context }) => ({ amsap: !context.amsap })),
    incrementCount: assign(({ context }) => ({ count: context.count + 1 })),
    decrementCount: assign(({ context }) => ({ count: Math.max(0, context.count - 1) })),
    appendSets: assign(({ context }) => ({
      exercises: updateEditing(context, (exercise) => ({
        ...exercise,
        sets: [
          ...exercise.sets,
          ...buildSets({
            startIndex: exercise.sets.length,
            count: context.count,
            amsap: context.amsap,
            enabledFields: context.enabledFields,
            inputs: context.inputs
          })
        ]
      }))
    })),
    // SPEC resets the field values; AMSAP and the count go back to their defaults too, so the
    // next exercise does not silently inherit "1 AMSAP set" from the last one.
    resetSetBuilder: assign({ inputs: DEFAULT_FIELD_INPUTS, amsap: false, count: DEFAULT_SET_COUNT }),
    recordSaveFailure: assign((_, params: { error: unknown }) => ({ saveError: describeSaveFailure(params.error) })),
    clearSaveFailure: assign({ saveError: null })
  },
  guards: {
    isWorkoutIncomplete: ({ context }) => workoutProblem(context.exercises) !== null,
    hasNoInvalidFieldInput: ({ context }) =>
      context.enabledFields.every((name) => validateFieldInput(name, context.inputs[name]) === undefined),
    isCountAboveZero: ({ context }) => context.count > 0,
    isExistingExercise: ({ context }, params: { index: number }) =>
      Number.isInteger(params.index) && params.index >= 0 && params.index < context.exercises.length
  }
})

export { initialBuilderContext }
