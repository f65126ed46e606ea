import { assign, fromPromise, setup } from "xstate"
import type { ExerciseId } from "#domain/exercises.ts"
import { FIELD_NAMES, validateFieldInput, type FieldName } from "#domain/set-fields.ts"
import { buildSets, type SaveWorkoutPayload } from "#domain/workout.ts"
import { describeFailure } from "../failure-text.ts"
import {
  categoryFields,
  initialBuilderContext,
  type BuilderContext,
  type BuilderDraft,
  type BuilderEvent,
  type BuilderInput,
  type BuilderStart,
  type EditingStep,
  type WorkoutCategory
} from "./builder.types.ts"
import { weightFieldUnit, withWeightUnit } from "./builder.units.ts"
import type { Unit } from "#domain/units.ts"
import {
  isKeyConflict,
  isOpenUnnamedWithSets,
  nameMissingNotice,
  nextSaveKey,
  openSetCount,
  SAVED_EARLIER,
  renumberSets,
  addSetsBlocker,
  setsToAdd,
  tidyExercise,
  toBuiltWorkout,
  updateEditing,
  workoutProblem
} from "./builder.workout.ts"

// The five-step workout builder of SPEC.md section 4: categories -> workout ->
// exercise -> set builder -> field editor, each 'back' one step down. The draft
// lives in context and is stored on every change (storeDraft), so a reload resumes
// where the coach was. A failed save keeps the draft and offers the same submit
// again; a saved workout forgets the draft and shows the day (showDay).
// builder.actors.ts provides the save, the storage and the navigation.

const index = ({ event }: { event: { index?: number } }) => ({ index: event.index ?? -1 })

/** Hands the draft as it now stands on `step` to the route, after the transition's own changes. */
const storeDraft = (step: EditingStep) =>
  ({ type: "storeDraft", params: ({ context }: { context: BuilderContext }) => ({ step, context }) }) as const

/** What the coach may do on the workout step, whether or not a save just failed. */
const workoutEdits = {
  "step.back": { target: "#builder.categories", actions: "clearSaveFailure" },
  "exercise.add": {
    guard: "hasRoomForExercise",
    target: "#builder.exercise",
    actions: ["clearSaveFailure", "appendExercise"]
  },
  "exercise.open": {
    guard: { type: "isExistingExercise", params: index },
    target: "#builder.exercise",
    actions: ["clearSaveFailure", { type: "openExercise", params: index }]
  },
  "exercise.delete": {
    guard: { type: "isExistingExercise", params: index },
    target: "#builder.workout.editing",
    actions: ["clearSaveFailure", { type: "deleteExercise", params: index }, storeDraft("workout")]
  }
} as const

export const builderMachine = setup({
  types: {
    context: {} as BuilderContext,
    events: {} as BuilderEvent,
    input: {} as BuilderStart
  },
  actors: {
    saveWorkout: fromPromise<unknown, SaveWorkoutPayload>(() =>
      Promise.reject(new Error("saveWorkout was not provided"))
    )
  },
  actions: {
    // Reach outside the machine; builderImplementations provides them.
    storeDraft: (_, _params: BuilderDraft) => undefined,
    forgetDraft: () => undefined,
    showDay: (_, _params: BuilderInput) => undefined,

    // A new category brings its usual fields; choosing the same one again keeps the coach's own.
    chooseCategory: assign(({ context }, params: { category: WorkoutCategory }) => ({
      category: params.category,
      enabledFields: context.category === params.category ? context.enabledFields : categoryFields(params.category)
    })),
    appendExercise: assign(({ context }) => ({
      exercises: [...context.exercises, { name: "", sets: [] }],
      editing: context.exercises.length
    })),
    openExercise: assign((_, params: { index: number }) => ({ editing: params.index })),
    deleteExercise: assign(({ context }, params: { index: number }) => ({
      exercises: context.exercises.filter((_, i) => i !== params.index)
    })),
    // Typing over a chosen exercise's name unlinks it: the text is free text again.
    renameExercise: assign(({ context }, params: { name: string }) => ({
      exercises: updateEditing(context.exercises, context.editing, ({ sets }) => ({ name: params.name, sets }))
    })),
    chooseExercise: assign(({ context }, params: { name: string; exerciseId: ExerciseId }) => ({
      exercises: updateEditing(context.exercises, context.editing, ({ sets }) => ({
        name: params.name,
        exerciseId: params.exerciseId,
        sets
      }))
    })),
    leaveExercise: assign(({ context }) => ({
      exercises: tidyExercise(context.exercises, context.editing),
      editing: null,
      nameMissing: null
    })),
    sayNameMissing: assign(({ context }) => ({ nameMissing: nameMissingNotice(openSetCount(context)) })),
    // Any edit of the exercise answers the notice: a name, or deleting the sets it counted.
    clearNameMissing: assign({ nameMissing: null }),
    deleteSet: assign(({ context }, params: { index: number }) => ({
      exercises: updateEditing(context.exercises, context.editing, (exercise) => ({
        ...exercise,
        sets: renumberSets(exercise.sets.filter((_, i) => i !== params.index))
      }))
    })),
    toggleField: assign(({ context }, params: { name: FieldName }) => ({
      enabledFields: context.enabledFields.includes(params.name)
        ? context.enabledFields.filter((name) => name !== params.name)
        : FIELD_NAMES.filter((name) => name === params.name || context.enabledFields.includes(name))
    })),
    // The first keystroke into an empty weight fixes its unit: the coach's as the field shows it.
    changeField: assign(({ context }, params: { name: FieldName; value: string }) => ({
      inputs: { ...context.inputs, [params.name]: params.value },
      weightUnit: params.name === "weight" ? weightFieldUnit(context) : context.weightUnit
    })),
    takeUnit: assign((_, params: { unit: Unit }) => ({ coachUnit: params.unit })),
    toggleAmsap: assign(({ context }) => ({ amsap: !context.amsap })),
    incrementCount: assign(({ context }) => ({ count: context.count + 1 })),
    decrementCount: assign(({ context }) => ({ count: Math.max(0, context.count - 1) })),
    appendSets: assign(({ context }) => ({
      exercises: updateEditing(context.exercises, context.editing, (exercise) => ({
        ...exercise,
        sets: [
          ...exercise.sets,
          ...withWeightUnit(
            buildSets({
              startIndex: exercise.sets.length,
              count: context.count,
              amsap: context.amsap,
              enabledFields: context.enabledFields,
              inputs: context.inputs
            }),
            weightFieldUnit(context)
          )
        ]
      }))
    })),
    // The values, AMSAP and count carry over to the next 'Add sets' (issue 15, ADR 020; SPEC
    // resets them). Only the count is cut to the room the exercise has left, so the builder
    // never opens on an add it would refuse.
    fitCountToRoom: assign(({ context }) => ({
      count: Math.min(context.count, context.caps.setsPerExercise - openSetCount(context))
    })),
    // A 409 means the draft's key already stored an earlier version (its answer was lost):
    // the coach is told, and the draft takes a new key so that submitting again saves this
    // version as another workout, knowingly. Any other failure keeps the key for the retry.
    recordSaveFailure: assign(({ context }, params: { error: unknown }) =>
      isKeyConflict(params.error)
        ? { saveError: SAVED_EARLIER, saveKey: nextSaveKey(context.saveKey) }
        : { saveError: `The workout was not saved. ${describeFailure(params.error)}` }
    ),
    clearSaveFailure: assign({ saveError: null })
  },
  guards: {
    isOpenUnnamedWithSets: ({ context }) => isOpenUnnamedWithSets(context),
    isWorkoutIncomplete: ({ context }) => workoutProblem(context.exercises) !== null,
    isCountAboveZero: ({ context }) => context.count > 0,
    // The contract's caps (WORKOUT_CAPS): the builder never holds a workout a save would refuse.
    hasRoomForExercise: ({ context }) => context.exercises.length < context.caps.exercises,
    hasRoomForSet: ({ context }) => openSetCount(context) < context.caps.setsPerExercise,
    hasRoomForMoreSets: ({ context }) => openSetCount(context) + context.count < context.caps.setsPerExercise,
    canAddSets: ({ context }) =>
      addSetsBlocker(context) === null &&
      context.enabledFields.every((name) => validateFieldInput(name, context.inputs[name]) === undefined) &&
      openSetCount(context) + setsToAdd(context) <= context.caps.setsPerExercise,
    isExistingExercise: ({ context }, params: { index: number }) =>
      Number.isInteger(params.index) && params.index >= 0 && params.index < context.exercises.length
  }
}).createMachine({
  id: "builder",
  context: ({ input }) => initialBuilderContext(input),
  // The coach's preferences may answer at any step (or never: lb stays).
  on: {
    "unit.known": { actions: { type: "takeUnit", params: ({ event }) => ({ unit: event.unit }) } }
  },
  initial: "categories",
  states: {
    categories: {
      entry: storeDraft("categories"),
      on: {
        "category.select": {
          target: "workout",
          actions: { type: "chooseCategory", params: ({ event }) => ({ category: event.category }) }
        }
      }
    },
    workout: {
      entry: storeDraft("workout"),
      initial: "editing",
      states: {
        editing: {
          on: {
            ...workoutEdits,
            "workout.submit": [{ guard: "isWorkoutIncomplete", target: "incomplete" }, { target: "saving" }]
          }
        },
        // Submit was pressed on a draft the contract would refuse; the selector says why until the coach edits.
        incomplete: { on: workoutEdits },
        saving: {
          invoke: {
            id: "saveWorkout",
            src: "saveWorkout",
            input: ({ context }) => ({
              clientId: context.clientId,
              date: context.date,
              workout: toBuiltWorkout(context.exercises),
              idempotencyKey: context.saveKey
            }),
            onDone: { target: "#builder.saved" },
            onError: {
              target: "failed",
              // Stored again: a key renewed after a 409 must survive a reload.
              actions: [
                { type: "recordSaveFailure", params: ({ event }) => ({ error: event.error }) },
                storeDraft("workout")
              ]
            }
          }
        },
        // The draft is unchanged since it was sent, so submitting again is the retry.
        failed: { on: { ...workoutEdits, "workout.submit": { target: "saving", actions: "clearSaveFailure" } } }
      }
    },
    exercise: {
      entry: storeDraft("exercise"),
      on: {
        "exercise.rename": {
          actions: [
            { type: "renameExercise", params: ({ event }) => ({ name: event.name }) },
            "clearNameMissing",
            storeDraft("exercise")
          ]
        },
        "exercise.choose": {
          actions: [
            {
              type: "chooseExercise",
              params: ({ event }) => ({ name: event.name, exerciseId: event.exerciseId })
            },
            "clearNameMissing",
            storeDraft("exercise")
          ]
        },
        "set.delete": { actions: [{ type: "deleteSet", params: index }, "clearNameMissing", storeDraft("exercise")] },
        "setBuilder.open": {
          guard: "hasRoomForSet",
          target: "setBuilder",
          actions: ["fitCountToRoom", "clearNameMissing"]
        },
        "exercise.submit": [
          { guard: "isOpenUnnamedWithSets", actions: "sayNameMissing" },
          { target: "workout", actions: "leaveExercise" }
        ],
        "step.back": [
          { guard: "isOpenUnnamedWithSets", actions: "sayNameMissing" },
          { target: "workout", actions: "leaveExercise" }
        ]
      }
    },
    setBuilder: {
      entry: storeDraft("setBuilder"),
      on: {
        "field.change": {
          actions: [
            { type: "changeField", params: ({ event }) => ({ name: event.name, value: event.value }) },
            storeDraft("setBuilder")
          ]
        },
        "amsap.toggle": { actions: ["toggleAmsap", storeDraft("setBuilder")] },
        "count.increment": { guard: "hasRoomForMoreSets", actions: ["incrementCount", storeDraft("setBuilder")] },
        "count.decrement": { guard: "isCountAboveZero", actions: ["decrementCount", storeDraft("setBuilder")] },
        "fields.edit": { target: "fieldEditor" },
        "sets.add": { guard: "canAddSets", target: "exercise", actions: "appendSets" },
        "step.back": { target: "exercise" }
      }
    },
    fieldEditor: {
      entry: storeDraft("fieldEditor"),
      on: {
        "field.toggle": {
          actions: [{ type: "toggleField", params: ({ event }) => ({ name: event.name }) }, storeDraft("fieldEditor")]
        },
        "step.back": { target: "setBuilder" }
      }
    },
    // The day now lists the workout: the stored draft is done with, and the coach goes back to it.
    saved: {
      type: "final",
      entry: [
        "forgetDraft",
        { type: "showDay", params: ({ context }) => ({ clientId: context.clientId, date: context.date }) }
      ]
    }
  }
})

export type BuilderMachine = typeof builderMachine
