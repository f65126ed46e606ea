import { assign, fromPromise, setup } from "xstate"
import type { SetId } from "#domain/ids.ts"
import {
  mergeEntries,
  parseLoggedInput,
  remainingAfter,
  retryDelayMs,
  valuesOf,
  withEdit,
  type Entries
} from "./autosave.edits.ts"
import type { LoggedField, LoggedValues, OutboxEntry, Restored, SendResult } from "./autosave.types.ts"

/** SPEC section 9: set edits are saved 300 ms after the last keystroke. */
export const SAVE_DEBOUNCE_MS = 300

export interface AutosaveInput {
  /** First version number of this page's edits: above any earlier page's (e.g. Date.now() * 1000). */
  readonly versionBase: number
}

export interface AutosaveContext {
  /** What each set shows, keyed by set id. */
  readonly values: Readonly<Record<number, LoggedValues>>
  /** Edits the server has not confirmed yet (mirrors the outbox). */
  readonly pending: Entries
  /** Versions of the send under way. */
  readonly inFlight: ReadonlyArray<OutboxEntry>
  /** Sets whose last edit the server refused (kept visible, never retried). */
  readonly rejected: ReadonlyArray<number>
  readonly version: number
  /** Failed sends in a row, for the backoff. */
  readonly attempt: number
}

type Edit = { readonly setId: SetId; readonly field: LoggedField; readonly text: string }

export type AutosaveEvent =
  ({ readonly type: "set.edit" } & Edit) | { readonly type: "page.hidden" } | { readonly type: "network.online" }

/** Both replaced by the route (machine.provide) with the outbox and the gateway. */
export const restore = fromPromise<Restored>(() => Promise.reject(new Error("restore is not connected")))
export const sendEdits = fromPromise<ReadonlyArray<SendResult>, { entries: ReadonlyArray<OutboxEntry> }>(() =>
  Promise.reject(new Error("sendEdits is not connected"))
)

type Results = { readonly results: ReadonlyArray<SendResult> }
const editParams = ({ event }: { event: AutosaveEvent }) => event as Edit
const resultParams = ({ event }: { event: { output: ReadonlyArray<SendResult> } }) => ({ results: event.output })

export const autosaveMachine = setup({
  types: { context: {} as AutosaveContext, events: {} as AutosaveEvent, input: {} as AutosaveInput },
  actors: { restore, sendEdits },
  delays: {
    saveDebounce: SAVE_DEBOUNCE_MS,
    retryBackoff: ({ context }) => retryDelayMs(context.attempt, Math.random())
  },
  guards: {
    isValidEdit: (_, { field, text }: Edit) => parseLoggedInput(field, text) !== undefined,
    hasPending: ({ context }) => Object.keys(context.pending).length > 0,
    restoredPending: ({ context }, { entries }: { entries: ReadonlyArray<OutboxEntry> }) =>
      entries.length > 0 || Object.keys(context.pending).length > 0,
    needsRetry: (_, { results }: Results) => results.some((r) => r.outcome === "retry"),
    leavesEdits: ({ context }, { results }: Results) => Object.keys(remainingAfter(context.pending, results)).length > 0
  },
  actions: {
    recordEdit: assign(({ context }, { setId, field, text }: Edit) => {
      const value = parseLoggedInput(field, text)
      const version = context.version + 1
      return {
        version,
        pending: withEdit(context.pending, setId, field, value, version),
        values: { ...context.values, [setId]: { ...context.values[setId], [field]: value } },
        rejected: context.rejected.filter((id) => id !== setId)
      }
    }),
    /** Writes the set's entry to the durable outbox; the route provides IndexedDB. */
    storeEdit: (_, _params: { entry: OutboxEntry | undefined }) => undefined,
    takeRestored: assign(({ context }, restored: Restored) => {
      const pending = mergeEntries(restored.entries, context.pending)
      const values: Record<number, LoggedValues> = { ...restored.logged }
      for (const entry of Object.values(pending)) values[entry.setId] = { ...values[entry.setId], ...valuesOf(entry) }
      const version = Math.max(context.version, ...restored.entries.map((e) => e.version))
      return { pending, values, version }
    }),
    markInFlight: assign(({ context }) => ({ inFlight: Object.values(context.pending) })),
    confirmSent: assign(({ context }, { results }: Results) => ({
      pending: remainingAfter(context.pending, results),
      rejected: [
        ...context.rejected,
        ...results
          .filter((r) => r.outcome === "rejected" && context.pending[r.setId]?.version === r.version)
          .map((r) => r.setId)
      ],
      inFlight: [],
      attempt: results.some((r) => r.outcome === "retry") ? context.attempt + 1 : 0
    })),
    countFailure: assign(({ context }) => ({ inFlight: [], attempt: context.attempt + 1 }))
  }
}).createMachine({
  id: "autosave",
  context: ({ input }) => ({
    values: {},
    pending: {},
    inFlight: [],
    rejected: [],
    version: input.versionBase,
    attempt: 0
  }),
  initial: "restoring",
  on: {
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
      on: {
        "set.edit": {
          guard: { type: "isValidEdit", params: editParams },
          target: "debouncing",
          actions: [
            { type: "recordEdit", params: editParams },
            { type: "storeEdit", params: ({ context, event }) => ({ entry: context.pending[event.setId] }) }
          ]
        }
      }
    },
    debouncing: {
      after: { saveDebounce: "sending" },
      on: {
        "set.edit": {
          guard: { type: "isValidEdit", params: editParams },
          target: "debouncing",
          reenter: true,
          actions: [
            { type: "recordEdit", params: editParams },
            { type: "storeEdit", params: ({ context, event }) => ({ entry: context.pending[event.setId] }) }
          ]
        },
        "page.hidden": "sending"
      }
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
