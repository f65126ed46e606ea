import { fromPromise } from "xstate"
import type { DoneWorkGateway } from "#gateway/done-work-gateway.ts"
import type { Gateway } from "#gateway/gateway.ts"
import type { ProgressRange } from "#domain/progress-search.ts"
import type { LoadedProgress, ProgressSpan } from "./client-progress.types.ts"

export interface ClientProgressPorts {
  readonly gateway: Pick<Gateway, "preferences">
  /** The sets done, by the day they were done (docs/decisions/042). */
  readonly doneWork: DoneWorkGateway
  /** Keeps the picked exercise and range in the address, so a reload or a shared link shows the same chart. */
  readonly showAddress: (address: { exercise: string | null; range: ProgressRange }) => void
}

/** The progress page's real actors and actions, for `clientProgressMachine.provide(...)`. */
export function clientProgressImplementations(ports: ClientProgressPorts) {
  return {
    actors: {
      // The unit is read with every span, so a unit switched on the profile shows on the next read.
      loadProgress: fromPromise<LoadedProgress, ProgressSpan>(async ({ input: { clientId, ...span } }) => {
        const [done, preferences] = await Promise.all([
          ports.doneWork.doneSets(clientId, span),
          ports.gateway.preferences(clientId)
        ])
        return { rows: done.sets, loggedBefore: done.loggedBefore, unit: preferences.unit }
      })
    },
    actions: {
      showAddress: (_: unknown, address: { exercise: string | null; range: ProgressRange }) =>
        ports.showAddress(address)
    }
  }
}
