import { fromCallback, fromPromise } from "xstate"
import type { Gateway } from "#gateway/gateway.ts"
import { GatewayDefect, isRateLimited } from "#gateway/gateway-defect.ts"
import { declaredTag, hasTag } from "#domain/declared-errors.ts"
import type { IsoDate } from "#domain/calendar.ts"
import type { SetId, UserId } from "#domain/ids.ts"
import type { LoggedRow } from "#domain/workout.ts"
import { prepareInputParsing } from "./autosave.edits.ts"
import type { AutosaveEvent, LoggedValues, Restored, SendResult } from "./autosave.types.ts"
import type { Draft, DraftStore, OutboxEntry, Outbox } from "#domain/logging-outbox.ts"

/** The part of the gateway autosave uses. */
export type SaveGateway = Pick<Gateway, "updateWorkoutResult">

/**
 * A refusal the server will repeat (bad value, not your set) is final; a lapsed sign-in,
 * the network, a 5xx or a 429 (too many calls: come back later) is worth another try.
 */
export const isFinalRefusal = (error: unknown): boolean => {
  const tag = declaredTag(error)
  return tag !== undefined && tag !== "Unauthorized"
}

/** What the server said about when to try again: its Retry-After, and whether it was a 429. */
const retryHint = (error: unknown): Pick<SendResult, "retryAfterMs" | "rateLimited"> => ({
  ...(error instanceof GatewayDefect && error.retryAfterMs !== undefined ? { retryAfterMs: error.retryAfterMs } : {}),
  ...(isRateLimited(error) ? { rateLimited: true } : {})
})

/**
 * Sends each entry in turn. Every entry is on disk before anything is sent; an entry the
 * server confirmed (or refused for good) leaves the outbox; the first failure worth
 * retrying stops the batch, and it and the rest are retried later (when the server said
 * when, the entry it stopped at carries that). A set the server no longer has (the coach
 * removed it: 404) is `gone`: what was logged is kept as a notice (`keepLost`) before the
 * entry leaves, so it is reported, never lost silently.
 */
export async function sendOutbox(
  entries: ReadonlyArray<OutboxEntry>,
  outbox: Outbox,
  gateway: SaveGateway,
  keepLost: (entry: OutboxEntry) => Promise<void> = () => Promise.resolve()
): Promise<ReadonlyArray<SendResult>> {
  await outbox.drain()
  const results: Array<SendResult> = []
  let failed = false
  for (const entry of entries) {
    const { setId, version, update } = entry
    if (failed) {
      results.push({ setId, version, outcome: "retry" })
      continue
    }
    try {
      const answer = await gateway.updateWorkoutResult(update)
      results.push({ setId, version, outcome: "saved", held: loggedValuesOf(answer) })
    } catch (error) {
      if (!isFinalRefusal(error)) {
        failed = true
        results.push({ setId, version, outcome: "retry", ...retryHint(error) })
        continue
      }
      if (hasTag(error, "SetNotFound")) {
        await keepLost(entry)
        results.push({ setId, version, outcome: "gone" })
      } else {
        // SPEC logged save failures (docs/product.md); the set also shows it was not saved.
        console.error("A set edit was refused by the server", error)
        results.push({ setId, version, outcome: "rejected" })
      }
    }
    await outbox.remove(setId, version)
  }
  return results
}

/** What the server holds for one set, from its logged row. */
export const loggedValuesOf = (row: LoggedRow): LoggedValues => ({
  weight: row.weight,
  weight_unit: row.weight_unit,
  reps: row.reps,
  rpe: row.rpe,
  rir: row.rir,
  skipped: row.skipped
})

/** What the server holds for each set. */
export const loggedValues = (rows: ReadonlyArray<LoggedRow>): Record<number, LoggedValues> =>
  Object.fromEntries(rows.map((row) => [row.id, loggedValuesOf(row)]))

/** Signals from the page autosave acts on. */
export interface PageSignals {
  /** The page is being hidden or left (tab switch, app switch, closing). */
  readonly hidden: () => void
  /** The network came back. */
  readonly online: () => void
}

export interface AutosavePorts {
  readonly gateway: Pick<Gateway, "updateWorkoutResult" | "workoutResults">
  readonly clientId: UserId
  /** The workout's day: what the server already holds for it is shown first. */
  readonly date: IsoDate
  readonly outbox: Outbox
  /** Where drafts are kept on the device; without it they last the page's life. */
  readonly drafts?: DraftStore | undefined
  /** Keeps what the server never took (a set the coach removed) until the lifter has read it. */
  readonly keepLost?: ((entry: OutboxEntry) => Promise<void>) | undefined
  /** Runs a send while no other sender of the outbox runs (another tab, the app-wide drain). */
  readonly exclusively?: (<A>(work: () => Promise<A>) => Promise<A>) | undefined
  /** Starts reporting page signals; answers the stop. */
  readonly watchPage: (signals: PageSignals) => () => void
  /** Runs work once the page is idle; answers the cancel. */
  readonly whenIdle: (work: () => void) => () => void
}

/** The machine's real actors and outbox action, for `autosaveMachine.provide(...)`. */
export function autosaveImplementations(ports: AutosavePorts) {
  const gateway: SaveGateway = {
    updateWorkoutResult: async (update) => ports.gateway.updateWorkoutResult(update)
  }
  const loadLogged = async () =>
    loggedValues(await ports.gateway.workoutResults(ports.clientId, { from: ports.date, to: ports.date }))
  return {
    actors: {
      restore: fromPromise<Restored>(async () => {
        const [entries, drafts, logged] = await Promise.all([
          ports.outbox.readAll(),
          ports.drafts?.readDrafts().catch((error: unknown) => {
            console.error("Could not read the drafts", error)
            return []
          }) ?? [],
          loadLogged().catch((error: unknown) => {
            // Offline on load: show what the outbox holds; the server's values come back next time.
            console.error("Could not load logged results", error)
            return {}
          })
        ])
        return { entries, drafts, logged }
      }),
      sendEdits: fromPromise<ReadonlyArray<SendResult>, { entries: ReadonlyArray<OutboxEntry> }>(({ input }) => {
        const send = () => sendOutbox(input.entries, ports.outbox, gateway, ports.keepLost)
        return ports.exclusively === undefined ? send() : ports.exclusively(send)
      }),
      watchPage: fromCallback<AutosaveEvent>(({ sendBack }) =>
        ports.watchPage({
          hidden: () => sendBack({ type: "page.hidden" }),
          online: () => sendBack({ type: "network.online" })
        })
      ),
      warmParsers: fromCallback(() => ports.whenIdle(prepareInputParsing))
    },
    actions: {
      storeEdit: (_: unknown, params: { entry: OutboxEntry | undefined }) => {
        if (params.entry === undefined) return
        ports.outbox.put(params.entry).catch((error: unknown) => console.error("Could not store a set edit", error))
      },
      keepDrafts: (_: unknown, params: { drafts: ReadonlyArray<Draft> }) => {
        for (const draft of params.drafts)
          ports.drafts?.putDraft(draft).catch((error: unknown) => console.error("Could not keep a draft", error))
      },
      forgetDraft: (_: unknown, params: { setId: SetId }) => {
        ports.drafts
          ?.forgetDraft(params.setId)
          .catch((error: unknown) => console.error("Could not forget a draft", error))
      },
      forgetStored: (_: unknown, params: { setId: SetId }) => {
        ports.outbox.forget(params.setId).catch((error: unknown) => console.error("Could not forget a set", error))
      }
    }
  }
}
