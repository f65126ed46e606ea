import { assign, fromPromise, setup } from "xstate"
import type { ExerciseLibrary, LibraryExercise, NewCustomExercise } from "#domain/exercises.ts"
import { describeFailure } from "../failure-text.ts"
import { optionsFor, stepActive, withExercise } from "./exercise-library.options.ts"
import {
  initialExerciseLibraryContext,
  type ExerciseLibraryContext,
  type ExerciseLibraryEvent
} from "./exercise-library.types.ts"

// The builder's exercise combobox (docs/decisions/019; WAI-ARIA APG "combobox with listbox popup,
// list autocomplete"): the library loads once, the list opens as the coach types and
// offers up to 8 matches and 'Create "<text>"' when none is the text. Choosing an option
// hands it to the builder (the `choose` port: its name and id); Escape on a closed list
// clears the text (`clearText`). Whatever happens here, the text box stays free text: a
// library that failed to load, or an add that failed, leaves the typed name as it is.
// exercise-library.actors.ts provides the calls and the ports.

/** The option at `index`, when it is an exercise of the library. */
const exerciseAt = (context: ExerciseLibraryContext, index: number): LibraryExercise | null => {
  const option = optionsFor(context)[index]
  return option?.kind === "exercise" ? option.exercise : null
}

type Args = { readonly context: ExerciseLibraryContext; readonly event: ExerciseLibraryEvent }
type IndexOf = (args: Args) => { index: number }

const byIndex: IndexOf = ({ event }) => ({ index: event.type === "option.choose" ? event.index : -1 })
const byActive: IndexOf = ({ context }) => ({ index: context.active ?? -1 })

/** Typing, wherever the list is: it opens for a text and closes for a blank one. */
const typing = {
  "query.type": [
    {
      guard: { type: "hasText", params: ({ event }: { event: { text: string } }) => ({ text: event.text }) },
      target: "#exerciseLibrary.ready.open",
      actions: { type: "typeQuery", params: ({ event }: { event: { text: string } }) => ({ text: event.text }) }
    },
    {
      target: "#exerciseLibrary.ready.closed",
      actions: { type: "typeQuery", params: ({ event }: { event: { text: string } }) => ({ text: event.text }) }
    }
  ]
} as const

/** ArrowDown or ArrowUp on a closed list: it opens on the first or last option. */
const opening = {
  "list.open": {
    target: "#exerciseLibrary.ready.open",
    actions: {
      type: "openList",
      params: ({ event }: { event: { text: string; last?: boolean } }) => ({
        text: event.text,
        last: event.last === true
      })
    }
  }
} as const

/** Escape with the list closed: the text empties (an add under way is given up). */
const clearing = {
  "list.escape": { target: "#exerciseLibrary.ready.closed", actions: ["closeList", "clearText"] }
} as const

/** Choosing an option (by index) or accepting the active one: an exercise, or creating the text. */
const choosing = (index: IndexOf) =>
  [
    {
      guard: { type: "isExerciseOption", params: index },
      target: "#exerciseLibrary.ready.closed",
      actions: {
        type: "choose",
        params: (args: Args) => ({ exercise: exerciseAt(args.context, index(args).index) })
      }
    },
    { guard: { type: "isCreateOption", params: index }, target: "#exerciseLibrary.ready.creating" }
  ] as const

export const exerciseLibraryMachine = setup({
  types: {
    context: {} as ExerciseLibraryContext,
    events: {} as ExerciseLibraryEvent
  },
  actors: {
    loadLibrary: fromPromise<ExerciseLibrary>(() => Promise.reject(new Error("loadLibrary was not provided"))),
    addExercise: fromPromise<LibraryExercise, NewCustomExercise>(() =>
      Promise.reject(new Error("addExercise was not provided"))
    )
  },
  actions: {
    // Reach outside the machine; exerciseLibraryImplementations provides them.
    choose: (_, _params: { exercise: LibraryExercise | null }) => undefined,
    clearText: () => undefined,

    rememberLibrary: assign((_, { library }: { library: ExerciseLibrary }) => ({ library })),
    typeQuery: assign((_, { text }: { text: string }) => ({ query: text, active: null, createError: null })),
    openList: assign(({ context }, { text, last }: { text: string; last: boolean }) => {
      const count = optionsFor({ library: context.library, query: text }).length
      return { query: text, active: count === 0 ? null : last ? count - 1 : 0, createError: null }
    }),
    activateNext: assign(({ context }) => ({ active: stepActive(context, 1) })),
    activatePrevious: assign(({ context }) => ({ active: stepActive(context, -1) })),
    closeList: assign({ active: null, createError: null }),
    keepAdded: assign(({ context }, { exercise }: { exercise: LibraryExercise }) => ({
      library: withExercise(context.library, exercise),
      active: null
    })),
    noteCreateFailure: assign(({ context }, { error }: { error: unknown }) => ({
      active: null,
      createError: `"${context.query.trim()}" was not added to your exercises. ${describeFailure(error)} The name stays as you typed it.`
    }))
  },
  guards: {
    hasText: (_, { text }: { text: string }) => text.trim() !== "",
    isExerciseOption: ({ context }, { index }: { index: number }) => exerciseAt(context, index) !== null,
    isCreateOption: ({ context }, { index }: { index: number }) => optionsFor(context)[index]?.kind === "create"
  }
}).createMachine({
  id: "exerciseLibrary",
  context: initialExerciseLibraryContext,
  initial: "loading",
  // Escape on a closed list clears the text, whether or not the library is there.
  on: { "list.escape": { actions: ["closeList", "clearText"] } },
  states: {
    loading: {
      invoke: {
        id: "loadLibrary",
        src: "loadLibrary",
        onDone: {
          target: "ready",
          actions: { type: "rememberLibrary", params: ({ event }) => ({ library: event.output }) }
        },
        onError: "failed"
      }
    },
    // No suggestions, but the text box is free text as ever: a typed name still saves.
    failed: { on: { "library.retry": "loading" } },
    ready: {
      initial: "closed",
      states: {
        closed: {
          on: {
            ...typing,
            ...opening
          }
        },
        open: {
          on: {
            ...typing,
            "option.next": { actions: "activateNext" },
            "option.previous": { actions: "activatePrevious" },
            "option.choose": choosing(byIndex),
            "list.accept": [...choosing(byActive), { target: "closed", actions: "closeList" } as const],
            "list.close": { target: "closed", actions: "closeList" },
            "list.escape": { target: "closed", actions: "closeList" }
          }
        },
        creating: {
          // Typing on, or Escape, gives up the add: the coach wants another name.
          on: { ...typing, ...clearing },
          invoke: {
            id: "addExercise",
            src: "addExercise",
            input: ({ context }) => ({ name: context.query.trim() }),
            onDone: {
              target: "closed",
              actions: [
                { type: "keepAdded", params: ({ event }) => ({ exercise: event.output }) },
                { type: "choose", params: ({ event }) => ({ exercise: event.output }) }
              ]
            },
            onError: {
              target: "createFailed",
              actions: { type: "noteCreateFailure", params: ({ event }) => ({ error: event.error }) }
            }
          }
        },
        // The list is closed and says why the add failed, until the coach types or leaves it.
        createFailed: {
          on: {
            ...typing,
            ...opening,
            ...clearing
          }
        }
      }
    }
  }
})

export type ExerciseLibraryMachine = typeof exerciseLibraryMachine
