import { assign, fromCallback, fromPromise, setup } from "xstate"
import type { SetId } from "#domain/ids.ts"
import {
  mergeEntries,
  fieldMessage,
  parseLoggedInput,
  remainingAfter,
  valuesOf,
  waitBeforeRetryMs,
  withUpdate
} from "./autosave.edits.ts"
import {
  typedUnitOf,
  wholeSetUpdate,
  withField,
  withoutField,
  withoutFieldOf,
  withoutSetOf,
  withTypedUnit
} from "./autosave.sets.ts"
import {
  LOGGED_FIELDS,
  type AutosaveContext,
  type AutosaveEvent,
  type AutosaveInput,
  type OutboxEntry,
  type Restored,
  type SendResult,
  type SetDone,
  type SetEdit
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
type SetParams = { readonly setId: SetId }
const editParams = ({ event }: { event: AutosaveEvent }) => event as SetEdit
const doneParams = ({ event }: { event: AutosaveEvent }) => event as SetDone
const setParams = ({ event }: { event: AutosaveEvent }) => ({ setId: (event as SetParams).setId })
const resultParams = ({ event }: { event: { output: ReadonlyArray<SendResult> } }) => ({ results: event.output })
/** The set's entry, for the outbox, when the event just gave it a new version. */
const storedEntry = ({ context, event }: { context: AutosaveContext; event: AutosaveEvent }) => {
  const entry = context.pending[(event as SetParams).setId]
  return { entry: entry?.version === context.version ? entry : undefined }
}

export const autosaveMachine = setup({
  types: { context: {} as AutosaveContext, events: {} as AutosaveEvent, input: {} as AutosaveInput },
  actors: { restore, sendEdits, watchPage, warmParsers },
  delays: {
    saveDebounce: SAVE_DEBOUNCE_MS,
    // The server's Retry-After when it gave one (a 429, a 503), else a growing backoff.
    retryBackoff: ({ context }) => waitBeforeRetryMs(context.attempt, context.retryAfterMs, Math.random())
  },
  guards: {
    isValidEdit: (_, { field, text }: SetEdit) => parseLoggedInput(field, text).ok,
    /** A set is logged as its fields show it: not while one of them holds no value. */
    hasNoInvalidField: ({ context }, { setId }: SetParams) => context.invalid[setId] === undefined,
    /** An edit arrived since the debounce began: it starts again from this one. */
    isEditedSinceDebounce: ({ context }) => context.version > context.debouncedVersion,
    hasPending: ({ context }) => Object.keys(context.pending).length > 0,
    restoredPending: ({ context }, { entries }: { entries: ReadonlyArray<OutboxEntry> }) =>
      entries.length > 0 || Object.keys(context.pending).length > 0,
    needsRetry: (_, { results }: Results) => results.some((r) => r.outcome === "retry"),
    leavesEdits: ({ context }, { results }: Results) => Object.keys(remainingAfter(context.pending, results)).length > 0
  },
  actions: {
    /** A valid text: the field shows it, and the whole set as shown waits to be sent. */
    recordEdit: assign(({ context }, { setId, field, text, base }: SetEdit) => {
      const parsed = parseLoggedInput(field, text)
      if (!parsed.ok) return {}
      const version = context.version + 1
      return {
        version,
        pending: withUpdate(
          context.pending,
          wholeSetUpdate(context, setId, base, { field, value: parsed.value }),
          version,
          base.place
        ),
        typed: withField(context.typed, setId, field, text),
        typedUnits: withTypedUnit(context, setId, field, base),
        invalid: withoutFieldOf(context.invalid, setId, field),
        rejected: context.rejected.filter((id) => id !== setId)
      }
    }),
    /**
     * An invalid text: the field keeps showing it with why, and whatever this field was
     * about to send is taken back. Nothing new is sent.
     */
    recordInvalidEdit: assign(({ context }, { setId, field, text, base }: SetEdit) => {
      const parsed = parseLoggedInput(field, text)
      const message = parsed.ok ? "" : fieldMessage(field, typedUnitOf(context, setId, base))
      const entry = context.pending[setId]
      const typed = withField(context.typed, setId, field, text)
      const typedUnits = withTypedUnit(context, setId, field, base)
      const invalid = withField(context.invalid, setId, field, { text, message })
      if (entry === undefined || !(field in entry.update)) return { typed, typedUnits, invalid }
      const version = context.version + 1
      return {
        typed,
        typedUnits,
        invalid,
        version,
        pending: withUpdate(context.pending, withoutField(entry.update, field), version, base.place)
      }
    }),
    /** "Done": the whole set as shown, the prefill unless changed. */
    recordDone: assign(({ context }, { setId, base }: SetDone) => {
      const version = context.version + 1
      return {
        version,
        pending: withUpdate(context.pending, wholeSetUpdate(context, setId, base), version, base.place),
        rejected: context.rejected.filter((id) => id !== setId)
      }
    }),
    /** A skip is sent with whatever else waits for the set; a later edit or done un-skips. */
    recordSkip: assign(({ context }, { setId }: SetParams) => {
      const version = context.version + 1
      const update = { ...(context.pending[setId]?.update ?? { id: setId }), skipped: true }
      return {
        version,
        pending: withUpdate(context.pending, update, version),
        rejected: context.rejected.filter((id) => id !== setId)
      }
    }),
    /** The set is gone: nothing typed, held or waiting for it is kept, and nothing is sent. */
    forgetSet: assign(({ context }, { setId }: SetParams) => ({
      values: withoutSetOf(context.values, setId),
      typed: withoutSetOf(context.typed, setId),
      typedUnits: withoutSetOf(context.typedUnits ?? {}, setId),
      invalid: withoutSetOf(context.invalid, setId),
      pending: withoutSetOf(context.pending, setId),
      inFlight: context.inFlight.filter((entry) => entry.setId !== setId),
      rejected: context.rejected.filter((id) => id !== setId)
    })),
    /** Writes the set's entry to the durable outbox; `autosaveImplementations` provides it. */
    storeEdit: (_, _params: { entry: OutboxEntry | undefined }) => undefined,
    /** Deletes the set's entry from the durable outbox; `autosaveImplementations` provides it. */
    forgetStored: (_, _params: SetParams) => undefined,
    takeRestored: assign(({ context }, restored: Restored) => {
      // A field the lifter has typed past (now invalid) is not sent, even from an earlier page's edit.
      const merged = mergeEntries(restored.entries, context.pending)
      const pending: Record<number, OutboxEntry> = {}
      for (const entry of Object.values(merged)) {
        const invalid = context.invalid[entry.setId]
        let update = entry.update
        for (const field of LOGGED_FIELDS) if (invalid?.[field] !== undefined) update = withoutField(update, field)
        pending[entry.setId] = update === entry.update ? entry : { ...entry, update }
      }
      const version = Math.max(context.version, ...restored.entries.map((e) => e.version))
      return { pending, values: { ...restored.logged }, version }
    }),
    startDebounce: assign(({ context }) => ({ debouncedVersion: context.version })),
    markInFlight: assign(({ context }) => ({ inFlight: Object.values(context.pending) })),
    confirmSent: assign(({ context }, { results }: Results) => {
      // A 429 is no failure: the server asked to come back later, and the backoff does not grow.
      const rateLimited = results.some((r) => r.rateLimited === true)
      const retrying = results.some((r) => r.outcome === "retry")
      // What the server now holds: each saved update, over what it held.
      const values: Record<number, AutosaveContext["values"][number]> = { ...context.values }
      for (const result of results) {
        if (result.outcome !== "saved") continue
        // The server's answer says exactly what it holds; without one, the update over what it held.
        const sent = context.inFlight.find((e) => e.setId === result.setId && e.version === result.version)
        if (result.held !== undefined) values[result.setId] = result.held
        else if (sent !== undefined) values[sent.setId] = { ...values[sent.setId], ...valuesOf(sent) }
      }
      return {
        values,
        pending: remainingAfter(context.pending, results),
        rejected: [
          ...context.rejected,
          ...results
            .filter((r) => r.outcome === "rejected" && context.pending[r.setId]?.version === r.version)
            .map((r) => r.setId)
        ],
        // The coach removed the set: its fields keep what was typed, and it is never sent again.
        gone: [
          ...(context.gone ?? []),
          ...results
            .filter((r) => r.outcome === "gone" && context.pending[r.setId]?.version === r.version)
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
    typed: {},
    invalid: {},
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
  // Every edit, done, skip and removal is recorded (and stored) at once, whatever the
  // state; idle and debouncing react to it below, a restore, send or retry under way
  // picks it up when it ends.
  on: {
    "set.edit": [
      {
        guard: { type: "isValidEdit", params: editParams },
        actions: [
          { type: "recordEdit", params: editParams },
          { type: "storeEdit", params: storedEntry }
        ]
      },
      // Recorded too: the field keeps what was typed and says why it is not saved.
      {
        actions: [
          { type: "recordInvalidEdit", params: editParams },
          { type: "storeEdit", params: storedEntry }
        ]
      }
    ],
    "set.done": {
      guard: { type: "hasNoInvalidField", params: setParams },
      actions: [
        { type: "recordDone", params: doneParams },
        { type: "storeEdit", params: storedEntry }
      ]
    },
    "set.skip": {
      actions: [
        { type: "recordSkip", params: setParams },
        { type: "storeEdit", params: storedEntry }
      ]
    },
    "set.removed": {
      actions: [
        { type: "forgetSet", params: setParams },
        { type: "forgetStored", params: setParams }
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
