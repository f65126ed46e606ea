import { fromPromise } from "xstate"
import type { NewTestedMax, TestedMax } from "#domain/maxes.ts"
import type { Gateway } from "#gateway/gateway.ts"
import type { ClientMaxesInput, LoadedMaxes } from "./client-maxes.types.ts"

/** What the maxes page needs from outside: the client's maxes, the coach's client list (for the name), and the save. */
export interface ClientMaxesPorts {
  readonly gateway: () => Promise<Pick<Gateway, "maxes" | "addMax" | "getAllClients">>
}

/** The page's real actors, for `clientMaxesMachine.provide(...)`. */
export function clientMaxesImplementations(ports: ClientMaxesPorts) {
  return {
    actors: {
      loadMaxes: fromPromise<LoadedMaxes, ClientMaxesInput>(async ({ input: { coachId, clientId } }) => {
        const api = await ports.gateway()
        // The name is an extra: the list failing still shows the maxes, under "Client maxes".
        const [entries, clientName] = await Promise.all([
          api.maxes(clientId),
          api
            .getAllClients(coachId)
            .then((lookup) => lookup[String(clientId)]?.name ?? null)
            .catch(() => null)
        ])
        return { entries, clientName }
      }),
      addMax: fromPromise<TestedMax, NewTestedMax>(async ({ input }) => (await ports.gateway()).addMax(input))
    }
  }
}
