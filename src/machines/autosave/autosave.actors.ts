import { fromPromise } from "xstate"
import { isDeclaredError, type Gateway } from "#gateway/gateway.ts"
import { Unauthorized } from "#domain/api-errors.ts"
import type { OutboxEntry, Outbox, Restored, SendResult } from "./autosave.types.ts"

/** The part of the gateway autosave uses. */
export type SaveGateway = Pick<Gateway, "updateWorkoutResult">

/**
 * A refusal the server will repeat (bad value, not your set) is final; a lapsed sign-in,
 * the network or a 5xx is worth another try.
 */
const isFinalRefusal = (error: unknown): boolean => isDeclaredError(error) && !(error instanceof Unauthorized)

/**
 * Sends each entry in turn. Every entry is on disk before anything is sent; an entry the
 * server confirmed (or refused for good) leaves the outbox; the first failure worth
 * retrying stops the batch, and it and the rest are retried later.
 */
export async function sendOutbox(
  entries: ReadonlyArray<OutboxEntry>,
  outbox: Outbox,
  gateway: SaveGateway
): Promise<ReadonlyArray<SendResult>> {
  await outbox.drain()
  const results: Array<SendResult> = []
  let failed = false
  for (const { setId, version, update } of entries) {
    if (failed) {
      results.push({ setId, version, outcome: "retry" })
      continue
    }
    try {
      await gateway.updateWorkoutResult(update)
      results.push({ setId, version, outcome: "saved" })
    } catch (error) {
      if (!isFinalRefusal(error)) {
        failed = true
        results.push({ setId, version, outcome: "retry" })
        continue
      }
      // SPEC section 8: save failures are logged; the set also shows it was not saved.
      console.error("A set edit was refused by the server", error)
      results.push({ setId, version, outcome: "rejected" })
    }
    await outbox.remove(setId, version)
  }
  return results
}

export interface AutosavePorts {
  readonly outbox: Outbox
  readonly gateway: SaveGateway
  /** What the server already holds for this workout's sets (keyed by set id). */
  readonly loadLogged: () => Promise<Restored["logged"]>
}

/** The machine's real actors and outbox action, for `autosaveMachine.provide(...)`. */
export function autosaveImplementations(ports: AutosavePorts) {
  return {
    actors: {
      restore: fromPromise<Restored>(async () => {
        const [entries, logged] = await Promise.all([
          ports.outbox.readAll(),
          ports.loadLogged().catch((error: unknown) => {
            // Offline on load: show what the outbox holds; the server's values come back next time.
            console.error("Could not load logged results", error)
            return {}
          })
        ])
        return { entries, logged }
      }),
      sendEdits: fromPromise<ReadonlyArray<SendResult>, { entries: ReadonlyArray<OutboxEntry> }>(({ input }) =>
        sendOutbox(input.entries, ports.outbox, ports.gateway)
      )
    },
    actions: {
      storeEdit: (_: unknown, params: { entry: OutboxEntry | undefined }) => {
        if (params.entry === undefined) return
        ports.outbox.put(params.entry).catch((error: unknown) => console.error("Could not store a set edit", error))
      }
    }
  }
}
