import { assign, fromCallback, fromPromise, setup } from "xstate"
import type { Preferences } from "#domain/preferences.ts"
import type { DaySet } from "#domain/set-loads.ts"
import { workOut } from "./load-references.work-out.ts"
import type {
  CopiedPreferences,
  LoadReferencesContext,
  LoadReferencesEvent,
  LoadReferencesInput,
  LoadReferencesOutput,
  LoadReferencesRequest
} from "./load-references.types.ts"

// What a client's loads are worked out from (docs/decisions/017): their tested
// maxes, their preferences (unit, bar, smallest plate) and their recent logged sets, read
// side by side, plus the day on screen as it is logged. Every change works the loads out
// again, so a backoff follows its top set as soon as it is typed. A read that failed leaves
// its loads unknown, never guessed: "partial" shows the rest with a retry.
// The lifter's preferences are kept on their device as the server answers them; a read
// that never reached the server takes them from there (`readingCopy`), so offline the
// lifter's unit and plates are still theirs (docs/decisions/038).
// load-references.actors.ts provides the reads, the device copy and the watch of the screen.

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
    watchDay: fromCallback<LoadReferencesEvent>(() => undefined),
    readCopiedPreferences: fromPromise<CopiedPreferences | null>(() =>
      Promise.reject(new Error("readCopiedPreferences was not provided"))
    )
  },
  guards: {
    hasEveryReference: (_, { references: r }: { references: LoadReferencesOutput }) =>
      r.maxes !== null && r.preferences !== null && r.results !== null,
    hasSomeReference: (_, { references: r }: { references: LoadReferencesOutput }) =>
      r.maxes !== null || r.preferences !== null || r.results !== null,
    isPreferencesUnreachable: (_, { references }: { references: LoadReferencesOutput }) =>
      references.preferencesUnreachable,
    hasCopy: (_, { copied }: { copied: CopiedPreferences | null }) => copied !== null,
    // After the copy had no preferences: were the maxes or the logged sets read?
    hadSomeReference: ({ context }) => context.maxes !== null || context.results !== null
  },
  actions: {
    takeReferences: assign(({ context }, { references }: { references: LoadReferencesOutput }) =>
      workOut({
        ...context,
        maxes: references.maxes,
        preferences: references.preferences,
        results: references.results,
        preferencesAsOf: null
      })
    ),
    takeCopiedPreferences: assign(({ context }, { copied }: { copied: CopiedPreferences | null }) =>
      copied === null ? {} : workOut({ ...context, preferences: copied.preferences, preferencesAsOf: copied.asOf })
    ),
    // Writes the lifter's device copy; load-references.actors.ts provides it.
    keepPreferences: (_, _preferences: Preferences | null) => undefined,
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
    unit: null,
    preferencesAsOf: null
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
            actions: [
              { type: "takeReferences", params: ({ event }) => ({ references: event.output }) },
              { type: "keepPreferences", params: ({ event }) => event.output.preferences }
            ]
          },
          {
            guard: { type: "isPreferencesUnreachable", params: ({ event }) => ({ references: event.output }) },
            target: "readingCopy",
            actions: { type: "takeReferences", params: ({ event }) => ({ references: event.output }) }
          },
          {
            guard: { type: "hasSomeReference", params: ({ event }) => ({ references: event.output }) },
            target: "partial",
            actions: [
              { type: "takeReferences", params: ({ event }) => ({ references: event.output }) },
              { type: "keepPreferences", params: ({ event }) => event.output.preferences }
            ]
          },
          {
            target: "failed",
            actions: { type: "takeReferences", params: ({ event }) => ({ references: event.output }) }
          }
        ],
        onError: "failed"
      }
    },
    // The server could not be reached for the preferences: the device copy's, if it keeps any.
    readingCopy: {
      invoke: {
        id: "readCopiedPreferences",
        src: "readCopiedPreferences",
        onDone: [
          {
            guard: { type: "hasCopy", params: ({ event }) => ({ copied: event.output }) },
            target: "partial",
            actions: { type: "takeCopiedPreferences", params: ({ event }) => ({ copied: event.output }) }
          },
          { guard: "hadSomeReference", target: "partial" },
          { target: "failed" }
        ],
        onError: [{ guard: "hadSomeReference", target: "partial" }, { target: "failed" }]
      }
    },
    ready: {},
    // Loads that need a read that failed say so ("couldn't load your maxes"); the rest are shown
    // (offline, with the lifter's unit and plates as their device copy keeps them).
    partial: { on: { "references.retry": "loading" } },
    failed: { on: { "references.retry": "loading" } }
  }
})

export type LoadReferencesMachine = typeof loadReferencesMachine
