import { assign, fromPromise, setup } from "xstate"
import { describeFailure } from "../failure-text.ts"
import { progressSeries, spanOf } from "./client-progress.series.ts"
import { EXAMPLE_EXERCISES, showsExample } from "#domain/progress-example.ts"
import { DEFAULT_RANGE, type ProgressRange } from "#domain/progress-search.ts"
import type {
  ClientProgressContext,
  ClientProgressEvent,
  ClientProgressInput,
  LoadedProgress,
  ProgressSpan
} from "./client-progress.types.ts"

// /client/progress: the client's sets done in the range shown (never after today, each on
// the day it was done: docs/decisions/042), e1RM over time per exercise in the client's
// unit (read with the sets). Picking a range reads only that span again; picking an exercise
// changes what is drawn. Both go into the address (showAddress, provided by the route).

export const spanToRead = ({ clientId, today, range, utcOffset }: ClientProgressContext): ProgressSpan => ({
  clientId,
  from: spanOf(today, range).from,
  today,
  utcOffset
})

export const clientProgressMachine = setup({
  types: {
    context: {} as ClientProgressContext,
    events: {} as ClientProgressEvent,
    input: {} as ClientProgressInput
  },
  actors: {
    loadProgress: fromPromise<LoadedProgress, ProgressSpan>(() =>
      Promise.reject(new Error("loadProgress was not provided"))
    )
  },
  guards: {
    isOtherRange: ({ context }, { range }: { range: ProgressRange }) => range !== context.range,
    // Only what the picker lists: an exercise done in the span, or, for someone who never
    // did a set, an example lift.
    isListedExercise: ({ context }, { exercise }: { exercise: string }) =>
      showsExample(context)
        ? EXAMPLE_EXERCISES.some((example) => example.key === exercise)
        : progressSeries(context.rows, context.today, context.unit).some((series) => series.key === exercise)
  },
  actions: {
    takeProgress: assign((_, { loaded }: { loaded: LoadedProgress }) => ({
      rows: loaded.rows,
      loggedBefore: loaded.loggedBefore,
      unit: loaded.unit,
      failure: null
    })),
    noteFailure: assign((_, { error }: { error: unknown }) => ({ failure: describeFailure(error) })),
    pickRange: assign((_, { range }: { range: ProgressRange }) => ({ range })),
    pickExercise: assign((_, { exercise }: { exercise: string }) => ({ exercise })),
    // The route keeps the address; a no-op here.
    showAddress: (_, _address: { exercise: string | null; range: ProgressRange }) => undefined
  }
}).createMachine({
  id: "clientProgress",
  context: ({ input }) => ({
    clientId: input.clientId,
    today: input.today,
    utcOffset: input.utcOffset,
    range: input.range ?? DEFAULT_RANGE,
    exercise: input.exercise ?? null,
    rows: [],
    loggedBefore: false,
    unit: "lb",
    failure: null
  }),
  initial: "loading",
  on: {
    "range.pick": {
      guard: { type: "isOtherRange", params: ({ event }) => ({ range: event.range }) },
      target: ".loading",
      actions: [
        { type: "pickRange", params: ({ event }) => ({ range: event.range }) },
        { type: "showAddress", params: ({ context }) => ({ exercise: context.exercise, range: context.range }) }
      ]
    }
  },
  states: {
    loading: {
      invoke: {
        id: "loadProgress",
        src: "loadProgress",
        input: ({ context }) => spanToRead(context),
        onDone: {
          target: "showing",
          actions: { type: "takeProgress", params: ({ event }) => ({ loaded: event.output }) }
        },
        onError: { target: "failed", actions: { type: "noteFailure", params: ({ event }) => ({ error: event.error }) } }
      }
    },
    failed: { on: { "progress.retry": "loading" } },
    showing: {
      on: {
        "exercise.pick": {
          guard: { type: "isListedExercise", params: ({ event }) => ({ exercise: event.exercise }) },
          actions: [
            { type: "pickExercise", params: ({ event }) => ({ exercise: event.exercise }) },
            { type: "showAddress", params: ({ context }) => ({ exercise: context.exercise, range: context.range }) }
          ]
        }
      }
    }
  }
})

export type ClientProgressMachine = typeof clientProgressMachine
