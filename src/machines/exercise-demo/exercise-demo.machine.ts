import { assign, fromPromise, setup } from "xstate"
import { DEMO_URL_RULE, type ExerciseDemo, isDemoUrl } from "#domain/exercises.ts"
import { describeFailure } from "../failure-text.ts"
import type { ExerciseDemoContext, ExerciseDemoEvent, SaveDemoInput } from "./exercise-demo.types.ts"

// A coach sets, changes or takes away the demo link of one exercise of the day at a time.
// Nothing is said to be saved before the server answers; then the day reads itself again,
// so the link it shows is the one the server holds (exercise-demo.actors.ts provides both).

// Only `editing` leads to saving, and it is entered with an exercise.
const saveInput = ({ context }: { context: ExerciseDemoContext }): SaveDemoInput => {
  if (context.exerciseId === null) throw new Error("a demo saved without its exercise")
  return { exerciseId: context.exerciseId, url: context.draft === null ? null : context.draft.trim() }
}

export const exerciseDemoMachine = setup({
  types: { context: {} as ExerciseDemoContext, events: {} as ExerciseDemoEvent },
  actors: {
    saveDemo: fromPromise<ExerciseDemo, SaveDemoInput>(() => Promise.reject(new Error("saveDemo was not provided")))
  },
  guards: {
    isDraftALink: ({ context }) => context.draft !== null && isDemoUrl(context.draft.trim())
  },
  actions: {
    open: assign(
      (
        _,
        { exerciseId, name, url }: { exerciseId: ExerciseDemoContext["exerciseId"]; name: string; url: string | null }
      ) => ({
        exerciseId,
        name,
        draft: url ?? "",
        error: null
      })
    ),
    type: assign((_, { url }: { url: string }) => ({ draft: url, error: null })),
    sayNotALink: assign({ error: DEMO_URL_RULE.replace(/^url must/, "The link must") }),
    takeAway: assign({ draft: null, error: null }),
    forget: assign({ exerciseId: null, name: "", draft: null, error: null }),
    rememberFailure: assign((_, { error }: { error: unknown }) => ({ error: describeFailure(error) })),
    /** The route's: the day reads itself again, now with the server's link. */
    reportSaved: () => undefined
  }
}).createMachine({
  id: "exerciseDemo",
  context: { exerciseId: null, name: "", draft: null, error: null },
  initial: "idle",
  states: {
    idle: {
      entry: "forget",
      on: {
        "demo.edit": {
          target: "editing",
          actions: {
            type: "open",
            params: ({ event }) => ({ exerciseId: event.exerciseId, name: event.name, url: event.url })
          }
        }
      }
    },
    editing: {
      on: {
        "demo.change": { actions: { type: "type", params: ({ event }) => ({ url: event.url }) } },
        "demo.save": [{ guard: "isDraftALink", target: "saving" }, { actions: "sayNotALink" }],
        "demo.remove": { target: "saving", actions: "takeAway" },
        "demo.cancel": "idle"
      }
    },
    saving: {
      invoke: {
        id: "saveDemo",
        src: "saveDemo",
        input: saveInput,
        onDone: { target: "idle", actions: "reportSaved" },
        onError: {
          target: "failed",
          actions: { type: "rememberFailure", params: ({ event }) => ({ error: event.error }) }
        }
      }
    },
    failed: {
      on: {
        "demo.retry": "saving",
        "demo.cancel": "idle"
      }
    }
  }
})

export type ExerciseDemoMachine = typeof exerciseDemoMachine
