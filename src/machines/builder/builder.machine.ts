import { assign, fromPromise, setup } from "xstate"
import type { ExerciseId } from "#domain/exercises.ts"
import { hasTag } from "#domain/declared-errors.ts"
import { FIELD_NAMES, validateFieldInput, type FieldName } from "#domain/set-fields.ts"
import { buildSets, type BuiltWorkout } from "#domain/workout.ts"
import type { UserId } from "#domain/ids.ts"
import { describeFailure } from "../failure-text.ts"
import {
  canMove,
  inputsOfSet,
  moveItem,
  removedLoggedSets,
  toEditedWorkout,
  withoutId,
  type LoadedWorkout
} from "./builder.edit.ts"
import {
  categoryFields,
  initialBuilderContext,
  type BuilderContext,
  type BuilderDraft,
  type BuilderEvent,
  type BuilderInput,
  type BuilderStart,
  type BuilderSubmission,
  type DetailName,
  DRAFT_TEXT_BOUNDS,
  type EditingStep,
  type WorkoutCategory,
  type WorkoutToLoad
} from "./builder.types.ts"
import { weightFieldUnit, withWeightUnit } from "./builder.units.ts"
import type { Unit } from "#domain/units.ts"
import {
  isOpenUnnamedWithSets,
  nameMissingNotice,
  nextSaveKey,
  openSetCount,
  EDIT_SAVED_EARLIER,
  fitsCaps,
  SAVED_EARLIER,
  renumberSets,
  addSetsBlocker,
  setsToAdd,
  tidyExercise,
  titleText,
  toBuiltWorkout,
  toDraftExercises,
  updateEditing,
  workoutProblem
} from "./builder.workout.ts"

// The five-step workout builder (docs/product.md, Screens: Coach): categories -> workout ->
// exercise -> set builder -> field editor, each 'back' one step down. The draft
// lives in context and is stored on every change (storeDraft), so a reload resumes
// where the coach was. A failed save keeps the draft and offers the same submit
// again; a saved workout forgets the draft and shows the day (showDay).
// builder.actors.ts provides the save, the storage and the navigation.

const index = ({ event }: { event: { index?: number } }) => ({ index: event.index ?? -1 })
const move = ({ event }: { event: { index?: number; by?: -1 | 1 } }) => ({
  index: event.index ?? -1,
  by: event.by ?? 1
})
const typed = ({ event }: { event: { exercises?: BuiltWorkout; title?: string | undefined } }) => ({
  exercises: event.exercises ?? [],
  title: event.title
})
const resumesAt = (step: EditingStep) => ({ type: "resumesAt", params: { step } }) as const

/** Hands the draft as it now stands on `step` to the route, after the transition's own changes. */
const storeDraft = (step: EditingStep) =>
  ({ type: "storeDraft", params: ({ context }: { context: BuilderContext }) => ({ step, context }) }) as const

/** What the coach may do on the workout step, whether or not a save just failed. */
// Each edit of the draft withdraws a confirmed discard: the coach is asked again about what is now removed.
const workoutEdits = {
  // A saved workout's category is not on the wire, so an edit has no categories step to go back to.
  "step.back": { guard: "isNewWorkout", target: "#builder.categories", actions: "clearSaveFailure" },
  "exercise.add": {
    guard: "hasRoomForExercise",
    target: "#builder.exercise",
    actions: ["clearSaveFailure", "withdrawDiscard", "appendExercise"]
  },
  "exercise.open": {
    guard: { type: "isExistingExercise", params: index },
    target: "#builder.exercise",
    actions: ["clearSaveFailure", "withdrawDiscard", { type: "openExercise", params: index }]
  },
  "exercise.delete": {
    guard: { type: "isExistingExercise", params: index },
    target: "#builder.workout.editing",
    actions: ["clearSaveFailure", "withdrawDiscard", { type: "deleteExercise", params: index }, storeDraft("workout")]
  },
  "exercise.move": {
    guard: { type: "canMoveExercise", params: move },
    target: "#builder.workout.editing",
    actions: ["clearSaveFailure", { type: "moveExercise", params: move }, storeDraft("workout")]
  },
  // The typed workout (docs/workout-notation.md, "In the builder"): the draft's key, day and client stay.
  "exercises.replace": {
    guard: { type: "canReplaceExercises", params: typed },
    target: "#builder.workout.editing",
    actions: ["clearSaveFailure", "withdrawDiscard", { type: "replaceExercises", params: typed }, storeDraft("workout")]
  },
  // The title is kept as typed; whether it may be saved is said on submit (workoutProblem).
  "title.change": {
    target: "#builder.workout.editing",
    actions: [
      "clearSaveFailure",
      { type: "changeTitle", params: ({ event }: { event: { value?: string } }) => ({ value: event.value ?? "" }) },
      storeDraft("workout")
    ]
  }
} as const

/** The title, when the coach gave one (an edit without it saves the workout untitled). */
const sentTitle = ({ title }: BuilderContext): { readonly title?: string } =>
  titleText(title) === "" ? {} : { title: titleText(title) }

/** What the submit sends: the new workout, or the saved one's new content under its address. */
const submission = ({ context }: { context: BuilderContext }): BuilderSubmission =>
  context.edit === null
    ? {
        kind: "save",
        payload: {
          clientId: context.clientId,
          date: context.date,
          ...sentTitle(context),
          workout: toBuiltWorkout(context.exercises),
          idempotencyKey: context.saveKey
        }
      }
    : {
        kind: "edit",
        payload: {
          clientId: context.clientId,
          date: context.date,
          workoutOrder: context.edit.workoutOrder,
          ...sentTitle(context),
          workout: toEditedWorkout(context.exercises),
          idempotencyKey: context.saveKey,
          ...(context.discardLogged ? { discardLogged: true } : {})
        }
      }

export const builderMachine = setup({
  types: {
    context: {} as BuilderContext,
    events: {} as BuilderEvent,
    input: {} as BuilderStart
  },
  actors: {
    saveWorkout: fromPromise<unknown, BuilderSubmission>(() =>
      Promise.reject(new Error("saveWorkout was not provided"))
    ),
    loadWorkout: fromPromise<LoadedWorkout | null, WorkoutToLoad>(() =>
      Promise.reject(new Error("loadWorkout was not provided"))
    ),
    loadClientName: fromPromise<string, { readonly clientId: UserId }>(() =>
      Promise.reject(new Error("loadClientName was not provided"))
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
    // A typed title takes the draft's place; without one the draft keeps its own.
    replaceExercises: assign(({ context }, params: { exercises: BuiltWorkout; title: string | undefined }) => ({
      exercises: toDraftExercises(params.exercises),
      title: params.title ?? context.title,
      editing: null,
      nameMissing: null
    })),
    changeTitle: assign((_, params: { value: string }) => ({
      title: params.value.slice(0, DRAFT_TEXT_BOUNDS.title)
    })),
    changeDetail: assign(({ context }, params: { name: DetailName; value: string }) => ({
      exercises: updateEditing(context.exercises, context.editing, (exercise) => ({
        ...exercise,
        [params.name]: params.value.slice(0, DRAFT_TEXT_BOUNDS[params.name])
      }))
    })),
    openExercise: assign((_, params: { index: number }) => ({ editing: params.index })),
    moveExercise: assign(({ context }, params: { index: number; by: -1 | 1 }) => ({
      exercises: moveItem(context.exercises, params.index, params.by)
    })),
    // The builder has opened on the resumed step: nothing is left to resume.
    clearResume: assign({ resumeStep: null }),
    // A saved workout's category is unknown, so new sets start with Strength's usual fields.
    takeLoadedWorkout: assign(({ context }, params: { loaded: LoadedWorkout | null }) => ({
      title: params.loaded?.title ?? "",
      exercises: params.loaded?.exercises ?? [],
      edit: context.edit === null ? null : { ...context.edit, loggedSetIds: params.loaded?.loggedSetIds ?? [] },
      loadError: null,
      enabledFields: categoryFields("Strength")
    })),
    recordLoadFailure: assign((_, params: { error: unknown }) => ({
      loadError: `The workout could not be read. ${describeFailure(params.error)}`
    })),
    takeClientName: assign((_, params: { name: string }) => ({
      clientName: { status: "known", name: params.name } as const
    })),
    leaveClientUnnamed: assign({ clientName: { status: "unread" } as const }),
    confirmDiscard: assign({ discardLogged: true }),
    withdrawDiscard: assign({ discardLogged: false }),
    deleteExercise: assign(({ context }, params: { index: number }) => ({
      exercises: context.exercises.filter((_, i) => i !== params.index)
    })),
    // Typing over a chosen exercise's name unlinks it: the text is free text again. Its sets and details stay.
    renameExercise: assign(({ context }, params: { name: string }) => ({
      exercises: updateEditing(context.exercises, context.editing, ({ exerciseId: _unlinked, ...exercise }) => ({
        ...exercise,
        name: params.name
      }))
    })),
    chooseExercise: assign(({ context }, params: { name: string; exerciseId: ExerciseId }) => ({
      exercises: updateEditing(context.exercises, context.editing, (exercise) => ({
        ...exercise,
        name: params.name,
        exerciseId: params.exerciseId
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
    // The set builder opens on this set: its values typed, its fields on, its weight in its own unit.
    openSet: assign(({ context }, params: { index: number }) => {
      const set = context.exercises[context.editing ?? -1]?.sets[params.index]
      if (set === undefined) return {}
      return {
        editingSet: params.index,
        amsap: set.amsap,
        weightUnit: set.weight_unit ?? "lb",
        ...inputsOfSet(set, context.inputs)
      }
    }),
    closeSet: assign({ editingSet: null }),
    duplicateSet: assign(({ context }, params: { index: number }) => ({
      exercises: updateEditing(context.exercises, context.editing, (exercise) => ({
        ...exercise,
        sets: renumberSets(exercise.sets.flatMap((set, i) => (i === params.index ? [set, withoutId(set)] : [set])))
      }))
    })),
    moveSet: assign(({ context }, params: { index: number; by: -1 | 1 }) => ({
      exercises: updateEditing(context.exercises, context.editing, (exercise) => ({
        ...exercise,
        sets: renumberSets(moveItem(exercise.sets, params.index, params.by))
      }))
    })),
    // The edited set takes the builder's values in its place and keeps its id.
    replaceSet: assign(({ context }) => ({
      editingSet: null,
      exercises: updateEditing(context.exercises, context.editing, (exercise) => ({
        ...exercise,
        sets: exercise.sets.map((set, i) => {
          if (i !== context.editingSet) return set
          const [built] = withWeightUnit(
            buildSets({
              startIndex: i,
              count: 1,
              amsap: context.amsap,
              enabledFields: context.enabledFields,
              inputs: context.inputs
            }),
            weightFieldUnit(context)
          )
          return built === undefined ? set : set.id === undefined ? built : { ...built, id: set.id }
        })
      }))
    })),
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
    // The values, AMSAP and count carry over to the next 'Add sets' (ADR 020; SPEC
    // resets them). Only the count is cut to the room the exercise has left, so the builder
    // never opens on an add it would refuse.
    fitCountToRoom: assign(({ context }) => ({
      count: Math.min(context.count, context.caps.setsPerExercise - openSetCount(context))
    })),
    // KeyReused: the draft's key already stored an earlier version (its answer was lost):
    // the coach is told, and the draft takes a new key so that submitting again saves this
    // version as another workout, knowingly. Any other failure keeps the key for the retry.
    recordSaveFailure: assign(({ context }, params: { error: unknown }) =>
      hasTag(params.error, "KeyReused")
        ? {
            saveError: context.edit === null ? SAVED_EARLIER : EDIT_SAVED_EARLIER,
            saveKey: nextSaveKey(context.saveKey)
          }
        : { saveError: `The workout was not saved. ${describeFailure(params.error)}` }
    ),
    clearSaveFailure: assign({ saveError: null })
  },
  guards: {
    resumesAt: ({ context }, params: { step: EditingStep }) => context.resumeStep === params.step,
    isEditingSaved: ({ context }) => context.edit !== null,
    // The route keeps an address's order that is not one as -1: no workout has it.
    isUnknownOrder: ({ context }) => context.edit !== null && context.edit.workoutOrder < 0,
    isNewWorkout: ({ context }) => context.edit === null,
    isWorkoutFound: (_, params: { loaded: LoadedWorkout | null }) => params.loaded !== null,
    removesLoggedSets: ({ context }) => !context.discardLogged && removedLoggedSets(context) > 0,
    // LoggedResultsExist: sets the edit would remove have logged results (the client may have logged since the read).
    isLoggedConflict: ({ context }, params: { error: unknown }) =>
      context.edit !== null && hasTag(params.error, "LoggedResultsExist"),
    // Typed text has no set ids, so a saved workout's sets (and what was logged for them) cannot be kept: new workouts only.
    canReplaceExercises: ({ context }, params: { exercises: BuiltWorkout }) =>
      context.edit === null && fitsCaps(params.exercises, context.caps),
    canMoveExercise: ({ context }, params: { index: number; by: -1 | 1 }) =>
      canMove(context.exercises.length, params.index, params.by),
    canMoveSet: ({ context }, params: { index: number; by: -1 | 1 }) =>
      canMove(openSetCount(context), params.index, params.by),
    isExistingSet: ({ context }, params: { index: number }) =>
      Number.isInteger(params.index) && params.index >= 0 && params.index < openSetCount(context),
    canDuplicateSet: ({ context }, params: { index: number }) =>
      Number.isInteger(params.index) &&
      params.index >= 0 &&
      params.index < openSetCount(context) &&
      openSetCount(context) < context.caps.setsPerExercise,
    canSaveSet: ({ context }) =>
      context.editingSet !== null &&
      context.enabledFields.length > 0 &&
      context.enabledFields.every((name) => validateFieldInput(name, context.inputs[name]) === undefined),
    isOpenUnnamedWithSets: ({ context }) => isOpenUnnamedWithSets(context),
    isWorkoutIncomplete: ({ context }) => workoutProblem(context) !== null,
    isCountAboveZero: ({ context }) => context.count > 0,
    // The contract's caps (WORKOUT_CAPS): the builder never holds a workout a save would refuse.
    hasRoomForExercise: ({ context }) => context.exercises.length < context.caps.exercises,
    hasRoomForSet: ({ context }) => openSetCount(context) < context.caps.setsPerExercise,
    hasRoomForMoreSets: ({ context }) => openSetCount(context) + context.count < context.caps.setsPerExercise,
    canAddSets: ({ context }) =>
      context.editingSet === null &&
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
  // Whose workout this is, read on every visit (a resumed draft opens through 'opening' too). Unread: left unsaid.
  invoke: {
    id: "loadClientName",
    src: "loadClientName",
    input: ({ context }) => ({ clientId: context.clientId }),
    onDone: { actions: { type: "takeClientName", params: ({ event }) => ({ name: event.output }) } },
    onError: { actions: "leaveClientUnnamed" }
  },
  initial: "opening",
  states: {
    // A stored draft reopens on its step; an edit of a saved workout reads it first; else the first step.
    opening: {
      always: [
        { guard: resumesAt("categories"), target: "categories", actions: "clearResume" },
        { guard: resumesAt("workout"), target: "workout", actions: "clearResume" },
        { guard: resumesAt("exercise"), target: "exercise", actions: "clearResume" },
        { guard: resumesAt("setBuilder"), target: "setBuilder", actions: "clearResume" },
        { guard: resumesAt("fieldEditor"), target: "fieldEditor", actions: "clearResume" },
        { guard: "isUnknownOrder", target: "notFound" },
        { guard: "isEditingSaved", target: "loading" },
        { target: "categories" }
      ]
    },
    loading: {
      invoke: {
        id: "loadWorkout",
        src: "loadWorkout",
        input: ({ context }) => ({
          clientId: context.clientId,
          date: context.date,
          workoutOrder: context.edit?.workoutOrder ?? 0
        }),
        onDone: [
          {
            guard: { type: "isWorkoutFound", params: ({ event }) => ({ loaded: event.output }) },
            target: "workout",
            actions: { type: "takeLoadedWorkout", params: ({ event }) => ({ loaded: event.output }) }
          },
          { target: "notFound" }
        ],
        onError: {
          target: "loadFailed",
          actions: { type: "recordLoadFailure", params: ({ event }) => ({ error: event.error }) }
        }
      }
    },
    loadFailed: { on: { "load.retry": { target: "loading" } } },
    // The day has no workout at that order (removed, or never was): the screen links back to the day.
    notFound: {},
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
            "workout.submit": [
              { guard: "isWorkoutIncomplete", target: "incomplete" },
              { guard: "removesLoggedSets", target: "confirmingDiscard" },
              { target: "saving" }
            ]
          }
        },
        // Submit was pressed on a draft the contract would refuse; the selector says why until the coach edits.
        incomplete: { on: workoutEdits },
        // The edit removes sets the client logged: asked before anything is sent, or after the server's LoggedResultsExist.
        confirmingDiscard: {
          on: {
            "discard.confirm": { target: "saving", actions: "confirmDiscard" },
            "discard.cancel": { target: "editing" }
          }
        },
        saving: {
          invoke: {
            id: "saveWorkout",
            src: "saveWorkout",
            input: submission,
            onDone: { target: "#builder.saved" },
            onError: [
              {
                guard: { type: "isLoggedConflict", params: ({ event }) => ({ error: event.error }) },
                target: "confirmingDiscard"
              },
              {
                target: "failed",
                // Stored again: a key renewed after KeyReused must survive a reload.
                actions: [
                  { type: "recordSaveFailure", params: ({ event }) => ({ error: event.error }) },
                  storeDraft("workout")
                ]
              }
            ]
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
        "exercise.detail": {
          actions: [
            { type: "changeDetail", params: ({ event }) => ({ name: event.name, value: event.value }) },
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
        "set.edit": {
          guard: { type: "isExistingSet", params: index },
          target: "setBuilder",
          actions: [{ type: "openSet", params: index }, "clearNameMissing"]
        },
        "set.duplicate": {
          guard: { type: "canDuplicateSet", params: index },
          actions: [{ type: "duplicateSet", params: index }, "clearNameMissing", storeDraft("exercise")]
        },
        "set.move": {
          guard: { type: "canMoveSet", params: move },
          actions: [{ type: "moveSet", params: move }, storeDraft("exercise")]
        },
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
        "sets.add": [
          { guard: "canSaveSet", target: "exercise", actions: "replaceSet" },
          { guard: "canAddSets", target: "exercise", actions: "appendSets" }
        ],
        // Leaving without saving: an edited set stays as it was.
        "step.back": { target: "exercise", actions: "closeSet" }
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
