import { fromPromise } from "xstate"
import type { Gateway } from "#gateway/gateway.ts"
import type { LoggedRow } from "#domain/workout.ts"
import type { ProgressRange } from "./client-progress.search.ts"
import type { ProgressSpan } from "./client-progress.types.ts"

export interface ClientProgressPorts {
  readonly gateway: () => Promise<Pick<Gateway, "workoutResults">>
  /** Keeps the picked exercise and range in the address, so a reload or a shared link shows the same chart. */
  readonly showAddress: (address: { exercise: string | null; range: ProgressRange }) => void
}

/** The progress page's real actors and actions, for `clientProgressMachine.provide(...)`. */
export function clientProgressImplementations(ports: ClientProgressPorts) {
  return {
    actors: {
      loadRows: fromPromise<ReadonlyArray<LoggedRow>, ProgressSpan>(async ({ input: { clientId, from, to } }) =>
        (await ports.gateway()).workoutResults(clientId, { from, to })
      )
    },
    actions: {
      showAddress: (_: unknown, address: { exercise: string | null; range: ProgressRange }) =>
        ports.showAddress(address)
    }
  }
}
