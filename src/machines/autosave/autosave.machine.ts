import { assign, cancel, fromCallback, fromPromise, raise, setup } from "xstate"
import type { SetId } from "#domain/ids.ts"
import { mergeEntries, fieldMessage, parseLoggedInput, remainingAfter, valuesOf, withUpdate } from "./autosave.edits.ts"
import { waitBeforeRetryMs } from "#domain/retry-backoff.ts"
import {
  clearedUpdate,
  hasLoggedValue,
  heldValues,
  missingFields,
  shownTexts,
  shownUnitOf,
  typedUnitOf,
  wholeSetUpdate,
  withField,
  withoutFieldOf,
  withoutSetOf,
  withTypedUnit
} from "./autosave.sets.ts"
import type {
  AutosaveContext,
  AutosaveEvent,
  AutosaveInput,
  InvalidField,
  Restored,
  SendResult,
  SetDone,
  SetEdit
} from "./autosave.types.ts"
import type { Draft, LoggedField, OutboxEntry } from "#domain/logging-outbox.ts"

/**
 * Typed values are kept on the device as a draft 300 ms after the last keystroke (SPEC's
 * save debounce, now for drafts: nothing typed is sent, docs/decisions/039-done-means-done.md).
 */
export const DRAFT_KEEP_MS = 300
const KEEP_DRAFTS = "keepDrafts"

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
const draftOf = (context: AutosaveContext, setId: SetId): Draft => {
  const unit = context.typedUnits?.[setId]
  return { setId, typed: context.typed[setId] ?? {}, ...(unit === undefined ? {} : { unit }) }
}
/** The drafts changed since they were last kept, for the device. */
const unkeptDrafts = ({ context }: { context: AutosaveContext }) => ({
  drafts: (context.unkept ?? [])
    .filter((id) => context.drafted?.includes(id) === true)
    .map((id) => draftOf(context, id as SetId))
})
/** The set's draft as it is now (Undo keeps it at once). */
const setDraft = ({ context, event }: { context: AutosaveContext; event: AutosaveEvent }) => ({
  drafts: [draftOf(context, (event as SetParams).setId)]
})
const without = (ids: ReadonlyArray<number> | undefined, setId: number): ReadonlyArray<number> =>
  (ids ?? []).filter((id) => id !== setId)
const withId = (ids: ReadonlyArray<number> | undefined, setId: number): ReadonlyArray<number> =>
  ids?.includes(setId) === true ? ids : [...(ids ?? []), setId]

/** Why each field's text is no value of it, from what was typed (a draft read back). */
const invalidOf = (typed: Draft["typed"], unit: Draft["unit"]): Partial<Record<LoggedField, InvalidField>> => {
  const invalid: Partial<Record<LoggedField, InvalidField>> = {}
  for (const [field, text] of Object.entries(typed) as Array<[LoggedField, string]>)
    if (!parseLoggedInput(field, text).ok) invalid[field] = { text, message: fieldMessage(field, unit) }
  return invalid
}

/**
 * A set is logged as its fields show it: not while one of them holds no value, nor while
 * its weight's unit is unknown (never guessed).
 */
const canLog = (context: AutosaveContext, { setId, base }: SetDone): boolean =>
  context.invalid[setId] === undefined && wholeSetUpdate(context, setId, base) !== undefined

const missesField = (context: AutosaveContext, { setId, base }: SetDone): boolean => {
  const update = wholeSetUpdate(context, setId, base)
  return update !== undefined && missingFields(update, base).length > 0
}

const chart = setup({
  types: { context: {} as AutosaveContext, events: {} as AutosaveEvent, input: {} as AutosaveInput },
  actors: { restore, sendEdits, watchPage, warmParsers },
  delays: {
    // The server's Retry-After when it gave one (a 429, a 503), else a growing backoff.
    retryBackoff: ({ context }) => waitBeforeRetryMs(context.attempt, context.retryAfterMs, Math.random())
  },
  guards: {
    isValidEdit: (_, { field, text }: SetEdit) => parseLoggedInput(field, text).ok,
    canLog: ({ context }, done: SetDone) => canLog(context, done),
    /** Done would log an empty weight (where the set has one) or empty reps: ask first. */
    missesField: ({ context }, done: SetDone) => canLog(context, done) && missesField(context, done),
    /** "Log anyway" answers the set's question. */
    isAskingAndCanLog: ({ context }, done: SetDone) => context.asking?.setId === done.setId && canLog(context, done),
    isAskingFor: ({ context }, { setId }: SetParams) => context.asking?.setId === setId,
    /** The server holds a result for the set, or will once what waits is sent. */
    isLogged: ({ context }, { setId }: SetParams) => hasLoggedValue(heldValues(context, setId)),
    hasPending: ({ context }) => Object.keys(context.pending).length > 0,
    needsRetry: (_, { results }: Results) => results.some((r) => r.outcome === "retry")
  },
  actions: {
    /** A valid text: the field shows it, and the set's draft holds it. Nothing is sent. */
    recordEdit: assign(({ context }, { setId, field, text, base }: SetEdit) => ({
      typed: withField(context.typed, setId, field, text),
      typedUnits: withTypedUnit(context, setId, field, base),
      invalid: withoutFieldOf(context.invalid, setId, field),
      drafted: withId(context.drafted, setId),
      unkept: withId(context.unkept, setId)
    })),
    /** An invalid text: the field keeps showing it with why; the draft holds it too. */
    recordInvalidEdit: assign(({ context }, { setId, field, text, base }: SetEdit) => ({
      typed: withField(context.typed, setId, field, text),
      typedUnits: withTypedUnit(context, setId, field, base),
      invalid: withField(context.invalid, setId, field, {
        text,
        message: fieldMessage(field, typedUnitOf(context, setId, base))
      }),
      drafted: withId(context.drafted, setId),
      unkept: withId(context.unkept, setId)
    })),
    /** The drafts go to the device 300 ms after the last keystroke: a newer one starts the wait again. */
    cancelKeeping: cancel(KEEP_DRAFTS),
    keepDraftsLater: raise({ type: "drafts.keep" }, { delay: DRAFT_KEEP_MS, id: KEEP_DRAFTS }),
    markKept: assign({ unkept: () => [] }),
    /** Done with a field empty: the set asks first. */
    askBeforeLogging: assign(({ context }, { setId, base }: SetDone) => {
      const update = wholeSetUpdate(context, setId, base)
      return { asking: { setId, missing: update === undefined ? [] : missingFields(update, base) } }
    }),
    cancelAsking: assign({ asking: () => undefined }),
    /** "Done": the whole set as shown, the prefill unless changed. Its draft is logged, so no longer a draft. */
    recordDone: assign(({ context }, { setId, base }: SetDone) => {
      const update = wholeSetUpdate(context, setId, base)
      if (update === undefined) return {}
      const version = context.version + 1
      return {
        version,
        pending: withUpdate(context.pending, update, version, base.place),
        rejected: without(context.rejected, setId),
        drafted: without(context.drafted, setId),
        unkept: without(context.unkept, setId),
        asking: undefined
      }
    }),
    /** "Undo": the server's log is cleared; the fields keep what they show, as a draft. */
    recordUndo: assign(({ context }, { setId, base }: SetDone) => {
      const version = context.version + 1
      const unit = shownUnitOf(context, setId, base)
      return {
        version,
        typed: { ...context.typed, [setId]: shownTexts(context, setId, base) },
        typedUnits: unit === undefined ? context.typedUnits : { ...context.typedUnits, [setId]: unit },
        pending: withUpdate(context.pending, clearedUpdate(setId), version, base.place),
        rejected: without(context.rejected, setId),
        drafted: withId(context.drafted, setId),
        unkept: without(context.unkept, setId)
      }
    }),
    /** A skip is sent with whatever else waits for the set; a later done un-skips. A draft stays a draft. */
    recordSkip: assign(({ context }, { setId }: SetParams) => {
      const version = context.version + 1
      const update = { ...(context.pending[setId]?.update ?? { id: setId }), skipped: true }
      return {
        version,
        pending: withUpdate(context.pending, update, version),
        rejected: without(context.rejected, setId),
        asking: context.asking?.setId === setId ? undefined : context.asking
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
      rejected: without(context.rejected, setId),
      drafted: without(context.drafted, setId),
      unkept: without(context.unkept, setId),
      asking: context.asking?.setId === setId ? undefined : context.asking
    })),
    /** Writes drafts to the device; `autosaveImplementations` provides it. */
    keepDrafts: (_, _params: { drafts: ReadonlyArray<Draft> }) => undefined,
    /** Deletes the set's draft from the device (it was logged, skipped or removed); provided likewise. */
    forgetDraft: (_, _params: SetParams) => undefined,
    /** Writes the set's entry to the durable outbox; `autosaveImplementations` provides it. */
    storeEdit: (_, _params: { entry: OutboxEntry | undefined }) => undefined,
    /** Deletes the set's entry from the durable outbox; `autosaveImplementations` provides it. */
    forgetStored: (_, _params: SetParams) => undefined,
    takeRestored: assign(({ context }, restored: Restored) => {
      // What this page typed wins over an earlier page's draft of the same set.
      let { typed, invalid } = context
      let typedUnits = context.typedUnits
      let drafted = context.drafted ?? []
      for (const draft of restored.drafts ?? []) {
        if (typed[draft.setId] !== undefined) continue
        typed = { ...typed, [draft.setId]: draft.typed }
        if (draft.unit !== undefined) typedUnits = { ...typedUnits, [draft.setId]: draft.unit }
        const wrong = invalidOf(draft.typed, draft.unit)
        if (Object.keys(wrong).length > 0) invalid = { ...invalid, [draft.setId]: wrong }
        drafted = withId(drafted, draft.setId)
      }
      const version = Math.max(context.version, ...restored.entries.map((e) => e.version))
      return {
        pending: mergeEntries(restored.entries, context.pending),
        values: { ...restored.logged },
        version,
        typed,
        typedUnits,
        invalid,
        drafted
      }
    }),
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
})

/** Done (or "Log anyway"): the set goes in the outbox, and its draft leaves the device. */
const LOG_SET = [
  { type: "recordDone", params: doneParams },
  { type: "storeEdit", params: storedEntry },
  { type: "forgetDraft", params: setParams }
] as const

export const autosaveMachine = chart.createMachine({
  id: "autosave",
  context: ({ input }) => ({
    values: {},
    typed: {},
    invalid: {},
    pending: {},
    inFlight: [],
    rejected: [],
    version: input.versionBase,
    attempt: 0,
    retryAfterMs: undefined,
    rateLimited: false
  }),
  invoke: [{ src: "watchPage" }, { src: "warmParsers" }],
  initial: "restoring",
  // Every edit, done, undo, skip and removal is recorded (and stored) at once, whatever the
  // state; idle sends what Done, Undo or Skip left waiting, a restore, send or retry under
  // way picks it up when it ends. Typing only ever makes a draft (docs/decisions/039-done-means-done.md).
  on: {
    "set.edit": [
      {
        guard: { type: "isValidEdit", params: editParams },
        actions: [{ type: "recordEdit", params: editParams }, "cancelKeeping", "keepDraftsLater"]
      },
      // Recorded too: the field keeps what was typed and says why it cannot be logged.
      { actions: [{ type: "recordInvalidEdit", params: editParams }, "cancelKeeping", "keepDraftsLater"] }
    ],
    "drafts.keep": { actions: [{ type: "keepDrafts", params: unkeptDrafts }, "markKept"] },
    "set.done": [
      {
        guard: { type: "missesField", params: doneParams },
        actions: { type: "askBeforeLogging", params: doneParams }
      },
      {
        guard: { type: "canLog", params: doneParams },
        actions: LOG_SET
      }
    ],
    "set.done.confirm": {
      guard: { type: "isAskingAndCanLog", params: doneParams },
      actions: LOG_SET
    },
    "set.done.cancel": { guard: { type: "isAskingFor", params: setParams }, actions: "cancelAsking" },
    "set.undo": {
      guard: { type: "isLogged", params: setParams },
      actions: [
        { type: "recordUndo", params: doneParams },
        { type: "storeEdit", params: storedEntry },
        { type: "keepDrafts", params: setDraft }
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
        { type: "forgetStored", params: setParams },
        { type: "forgetDraft", params: setParams }
      ]
    },
    // The page is being hidden or left: the drafts go to the device now, not after the wait.
    "page.hidden": { actions: [{ type: "keepDrafts", params: unkeptDrafts }, "markKept"] }
  },
  states: {
    restoring: {
      invoke: {
        id: "restore",
        src: "restore",
        onDone: { target: "idle", actions: { type: "takeRestored", params: ({ event }) => event.output } },
        // Without a readable outbox or server, sets still log; nothing earlier is shown.
        onError: { target: "idle" }
      }
    },
    idle: {
      // Done, Undo or Skip left something waiting: it is sent at once.
      always: { guard: "hasPending", target: "sending" }
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
          { target: "idle", actions: { type: "confirmSent", params: resultParams } }
        ],
        onError: { target: "waitingToRetry", actions: "countFailure" }
      }
    },
    waitingToRetry: {
      after: { retryBackoff: "sending" },
      on: {
        "page.hidden": { target: "sending", actions: [{ type: "keepDrafts", params: unkeptDrafts }, "markKept"] },
        "network.online": "sending"
      }
    }
  }
})

export type AutosaveMachine = typeof autosaveMachine
