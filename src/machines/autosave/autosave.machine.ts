import { assign, fromCallback, fromPromise, setup } from "xstate"
import {
  mergeEntries,
  parseLoggedInput,
  remainingAfter,
  valuesOf,
  waitBeforeRetryMs,
  withEdit
} from "./autosave.edits.ts"
import type {
  AutosaveContext,
  AutosaveEvent,
  AutosaveInput,
  OutboxEntry,
  Restored,
  SendResult,
  SetEdit
} from "./autosave.types.ts"

/** SPEC section 9: set edits are saved 300 ms after the last keystroke. */
export const SAVE_DEBOUNCE_MS = 300

// Placeholders: `autosaveImplementations` provides the outbox, the gateway and the page.
const restore = fromPromise<Restored>(() => Promise.reject(new Error("restore was not provided")))
const sendEdits = fromPromise<ReadonlyArray<SendResult>, { entries: ReadonlyArray<OutboxEntry> }>(() =>
  Promise.reject(new Error("sendEdits was not provided"))
)
/** Sends `page.hidden` and `network.online` as the page reports them; silent until provided. */
const watchPage = fromCallback<AutosaveEvent>(() => () => undefined)
/** Compiles the field parsers while the page is idle, so a first keystroke does only its own work. */
const warmParsers = fromCallback(() => () => undefined)

type Results = { readonly results: ReadonlyArray<SendResult> }
const editParams = ({ event }: { event: AutosaveEvent }) => event as SetEdit
const resultParams = ({ event }: { event: { output: ReadonlyArray<SendResult> } }) => ({ results: event.output })
export const autosaveMachine = setup({
  types: { context: {} as AutosaveContext, events: {} as AutosaveEvent, input: {} as AutosaveInput },
  actors: { restore, sendEdits, watchPage, warmParsers },
  delays: {
    saveDebounce: SAVE_DEBOUNCE_MS,
    // The server's Retry-After when it gave one (a 429, a 503), else a growing backoff.
    retryBackoff: ({ context }) => waitBeforeRetryMs(context.attempt, context.retryAfterMs, Math.random())
  },
  guards: {
    isValidEdit: (_, { field, text }: SetEdit) => parseLoggedInput(field, text) !== undefined,
    /** An edit arrived since the debounce began: it starts again from this one. */
    isEditedSinceDebounce: ({ context }) => context.version > context.debouncedVersion,
    hasPending: ({ context }) => Object.keys(context.pending).length > 0,
    restoredPending: ({ context }, { entries }: { entries: ReadonlyArray<OutboxEntry> }) =>
      entries.length > 0 || Object.keys(context.pending).length > 0,
    needsRetry: (_, { results }: Results) => results.some((r) => r.outcome === "retry"),
    leavesEdits: ({ context }, { results }: Results) => Object.keys(remainingAfter(context.pending, results)).length > 0
  },
  actions: {
    recordEdit: assign(({ context }, { setId, field, text }: SetEdit) => {
      const value = parseLoggedInput(field, text)
      const version = context.version + 1
      return {
        version,
        pending: withEdit(context.pending, setId, field, value, version),
        values: { ...context.values, [setId]: { ...context.values[setId], [field]: value } },
        rejected: context.rejected.filter((id) => id !== setId)
      }
    }),
    /** Writes the set's entry to the durable outbox; `autosaveImplementations` provides it. */
    storeEdit: (_, _params: { entry: OutboxEntry | undefined }) => undefined,
    takeRestored: assign(({ context }, restored: Restored) => {
      const pending = mergeEntries(restored.entries, context.pending)
      const values: Record<number, AutosaveContext["values"][number]> = { ...restored.logged }
      for (const entry of Object.values(pending)) values[entry.setId] = { ...values[entry.setId], ...valuesOf(entry) }
      const version = Math.max(context.version, ...restored.entries.map((e) => e.version))
      return { pending, values, version }
    }),
    startDebounce: assign(({ context }) => ({ debouncedVersion: context.version })),
    markInFlight: assign(({ context }) => ({ inFlight: Object.values(context.pending) })),
    confirmSent: assign(({ context }, { results }: Results) => {
      // A 429 is no failure: the server asked to come back later, and the backoff does not grow.
      const rateLimited = results.some((r) => r.rateLimited === true)
      const retrying = results.some((r) => r.outcome === "retry")
      return {
        pending: remainingAfter(context.pending, results),
        rejected: [
          ...context.rejected,
          ...results
            .filter((r) => r.outcome === "rejected" && context.pending[r.setId]?.version === r.version)
            .map((r) => r.setId)
        ],
        inFlight: [],
        attempt: retrying && !rateLimited ? context.attempt + 1 : retrying ? context.attempt : 0,
        retryAfterMs: results.find((r) => r.retryAfterMs !== undefined)?.retryAfterMs,
        rateLimited
      }
    }),
    countFailure: assign(({ context }) => ({
      inFlight: [],
      attempt: context.attempt + 1,
      retryAfterMs: undefined,
      rateLimited: false
    }))
  }
}).createMachine({
  id: "autosave",
  context: ({ input }) => ({
    values: {},
    pending: {},
    inFlight: [],
    rejected: [],
    version: input.versionBase,
    debouncedVersion: input.versionBase,
    attempt: 0,
    retryAfterMs: undefined,
    rateLimited: false
  }),
  invoke: [{ src: "watchPage" }, { src: "warmParsers" }],
  initial: "restoring",
  on: {
    // Every valid edit is recorded and stored at once, whatever the state; idle and
    // debouncing react to it below, a restore, send or retry under way picks it up when it ends.
    "set.edit": {
      guard: { type: "isValidEdit", params: editParams },
      actions: [
        { type: "recordEdit", params: editParams },
        { type: "storeEdit", params: ({ context, event }) => ({ entry: context.pending[event.setId] }) }
      ]
    }
  },
  states: {
    restoring: {
      invoke: {
        id: "restore",
        src: "restore",
        onDone: [
          {
            guard: { type: "restoredPending", params: ({ event }) => ({ entries: event.output.entries }) },
            target: "sending",
            actions: { type: "takeRestored", params: ({ event }) => event.output }
          },
          { target: "idle", actions: { type: "takeRestored", params: ({ event }) => event.output } }
        ],
        // Without a readable outbox or server, edits still save; nothing earlier is shown.
        onError: [{ guard: "hasPending", target: "sending" }, { target: "idle" }]
      }
    },
    idle: {
      // An edit while nothing is under way: save it 300 ms after the last keystroke.
      always: { guard: "hasPending", target: "debouncing" }
    },
    debouncing: {
      entry: "startDebounce",
      always: { guard: "isEditedSinceDebounce", target: "debouncing", reenter: true },
      after: { saveDebounce: "sending" },
      on: { "page.hidden": "sending" }
    },
    sending: {
      entry: "markInFlight",
      invoke: {
        id: "sendEdits",
        src: "sendEdits",
        input: ({ context }) => ({ entries: Object.values(context.pending) }),
        onDone: [
          {
            guard: { type: "needsRetry", params: resultParams },
            target: "waitingToRetry",
            actions: { type: "confirmSent", params: resultParams }
          },
          {
            guard: { type: "leavesEdits", params: resultParams },
            target: "debouncing",
            actions: { type: "confirmSent", params: resultParams }
          },
          { target: "idle", actions: { type: "confirmSent", params: resultParams } }
        ],
        onError: { target: "waitingToRetry", actions: "countFailure" }
      }
    },
    waitingToRetry: {
      after: { retryBackoff: "sending" },
      on: { "page.hidden": "sending", "network.online": "sending" }
    }
  }
})

export type AutosaveMachine = typeof autosaveMachine
