import { fromCallback, fromPromise } from "xstate"
import type { CoachOverview } from "#domain/coach-overview.ts"
import type { Gateway } from "#gateway/gateway.ts"
import type { CoachOverviewEvent, OverviewRead } from "./coach-overview.types.ts"

/** What the overview needs from outside: the read, and word of each client the coach adds. */
export interface CoachOverviewPorts {
  readonly gateway: Pick<Gateway, "coachOverview">
  /** Calls `onAdded` each time the coach adds someone to their list; returns a way to stop. */
  readonly watchClientsAdded: (onAdded: () => void) => () => void
}

/** The overview's real actors, for `coachOverviewMachine.provide(...)`. */
export function coachOverviewImplementations(ports: CoachOverviewPorts) {
  return {
    actors: {
      loadOverview: fromPromise<CoachOverview, OverviewRead>(async ({ input }) =>
        ports.gateway.coachOverview(input.today, input.utcOffset)
      ),
      watchClientList: fromCallback<CoachOverviewEvent>(({ sendBack }) =>
        ports.watchClientsAdded(() => sendBack({ type: "client.added" }))
      )
    }
  }
}
