import { builderSetup, initialBuilderContext } from "./builder.setup.ts"
import { toBuiltWorkout } from "./builder.workout.ts"

// The five-step workout builder of SPEC.md section 4: categories -> workout ->
// exercise -> set builder -> field editor, each 'back' one step down. The draft
// lives in context so the route can persist it and a reload resumes where the
// coach was. A failed save keeps the draft and offers the same submit again.

const index = ({ event }: { event: { index?: number } }) => ({ index: event.index ?? -1 })

/** What the coach may do on the workout step, whether or not a save just failed. */
const workoutEdits = {
  "step.back": { target: "#builder.categories", actions: "clearSaveFailure" },
  "exercise.add": { target: "#builder.exercise", actions: ["clearSaveFailure", "appendExercise"] },
  "exercise.open": {
    guard: { type: "isExistingExercise", params: index },
    target: "#builder.exercise",
    actions: ["clearSaveFailure", { type: "openExercise", params: index }]
  },
  "exercise.delete": {
    guard: { type: "isExistingExercise", params: index },
    target: "#builder.workout.editing",
    actions: ["clearSaveFailure", { type: "deleteExercise", params: index }]
  }
} as const

export const builderMachine = builderSetup.createMachine({
  id: "builder",
  context: ({ input }) => initialBuilderContext(input),
  initial: "categories",
  states: {
    categories: {
      on: {
        "category.select": {
          target: "workout",
          actions: { type: "chooseCategory", params: ({ event }) => ({ category: event.category }) }
        }
      }
    },
    workout: {
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
              workout: toBuiltWorkout(context.exercises)
            }),
            onDone: { target: "#builder.saved" },
            onError: {
              target: "failed",
              actions: { type: "recordSaveFailure", params: ({ event }) => ({ error: event.error }) }
            }
          }
        },
        // The draft is unchanged since it was sent, so submitting again is the retry.
        failed: { on: { ...workoutEdits, "workout.submit": { target: "saving", actions: "clearSaveFailure" } } }
      }
    },
    exercise: {
      on: {
        "exercise.rename": {
          actions: { type: "renameExercise", params: ({ event }) => ({ name: event.name }) }
        },
        "set.delete": { actions: { type: "deleteSet", params: index } },
        "setBuilder.open": { target: "setBuilder" },
        "exercise.submit": { target: "workout", actions: "leaveExercise" },
        "step.back": { target: "workout", actions: "leaveExercise" }
      }
    },
    setBuilder: {
      on: {
        "field.change": {
          actions: { type: "changeField", params: ({ event }) => ({ name: event.name, value: event.value }) }
        },
        "amsap.toggle": { actions: "toggleAmsap" },
        "count.increment": { actions: "incrementCount" },
        "count.decrement": { guard: "isCountAboveZero", actions: "decrementCount" },
        "fields.edit": { target: "fieldEditor" },
        "sets.add": { guard: { type: "hasNoInvalidFieldInput" }, target: "exercise", actions: ["appendSets", "resetSetBuilder"] },
        "step.back": { target: "exercise" }
      }
    },
    fieldEditor: {
      on: {
        "field.toggle": { actions: { type: "toggleField", params: ({ event }) => ({ name: event.name }) } },
        "step.back": { target: "setBuilder" }
      }
    },
    // The route clears the stored draft and returns to the day, which now lists the workout.
    saved: { type: "final" }
  }
})

export type BuilderMachine = typeof builderMachine
