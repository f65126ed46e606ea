import { assign, fromCallback, fromPromise, setup } from "xstate"
import type { DaySet } from "#domain/set-loads.ts"
import { workOut } from "./load-references.work-out.ts"
import type {
  LoadReferencesContext,
  LoadReferencesEvent,
  LoadReferencesInput,
  LoadReferencesOutput,
  LoadReferencesRequest
} from "./load-references.types.ts"

// What a client's loads are worked out from (issue 14, docs/decisions/017): their tested
// maxes, their preferences (unit, bar, smallest plate) and their recent logged sets, read
// side by side, plus the day on screen as it is logged. Every change works the loads out
// again, so a backoff follows its top set as soon as it is typed. A read that failed leaves
// its loads unknown, never guessed: "partial" shows the rest with a retry.
// load-references.actors.ts provides the reads and the watch of the screen.

export const loadReferencesMachine = setup({
  types: {
    context: {} as LoadReferencesContext,
    events: {} as LoadReferencesEvent,
    input: {} as LoadReferencesInput
  },
  actors: {
    loadReferences: fromPromise<LoadReferencesOutput, LoadReferencesRequest>(() =>
      Promise.reject(new Error("loadReferences was not provided"))
    ),
    watchDay: fromCallback<LoadReferencesEvent>(() => undefined)
  },
  guards: {
    hasEveryReference: (_, { references: r }: { references: LoadReferencesOutput }) =>
      r.maxes !== null && r.preferences !== null && r.results !== null,
    hasSomeReference: (_, { references: r }: { references: LoadReferencesOutput }) =>
      r.maxes !== null || r.preferences !== null || r.results !== null
  },
  actions: {
    takeReferences: assign(({ context }, { references }: { references: LoadReferencesOutput }) =>
      workOut({ ...context, ...references })
    ),
    takeDay: assign(({ context }, { day }: { day: ReadonlyArray<DaySet> }) => workOut({ ...context, day }))
  }
}).createMachine({
  id: "loadReferences",
  context: ({ input }) => ({
    ...input,
    maxes: null,
    preferences: null,
    results: null,
    day: [],
    answers: {},
    unit: null
  }),
  invoke: { id: "watchDay", src: "watchDay" },
  on: {
    "day.changed": { actions: { type: "takeDay", params: ({ event }) => ({ day: event.day }) } }
  },
  initial: "loading",
  states: {
    loading: {
      invoke: {
        id: "loadReferences",
        src: "loadReferences",
        input: ({ context }) => ({ clientId: context.clientId, date: context.date }),
        // Which reads answered decides what the screen can say.
        onDone: [
          {
            guard: { type: "hasEveryReference", params: ({ event }) => ({ references: event.output }) },
            target: "ready",
            actions: { type: "takeReferences", params: ({ event }) => ({ references: event.output }) }
          },
          {
            guard: { type: "hasSomeReference", params: ({ event }) => ({ references: event.output }) },
            target: "partial",
            actions: { type: "takeReferences", params: ({ event }) => ({ references: event.output }) }
          },
          {
            target: "failed",
            actions: { type: "takeReferences", params: ({ event }) => ({ references: event.output }) }
          }
        ],
        onError: "failed"
      }
    },
    ready: {},
    // Loads that need a read that failed say so ("couldn't load your maxes"); the rest are shown.
    partial: { on: { "references.retry": "loading" } },
    failed: { on: { "references.retry": "loading" } }
  }
})

export type LoadReferencesMachine = typeof loadReferencesMachine
