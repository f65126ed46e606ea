import { fromPromise } from "xstate"
import type { NewTestedMax, TestedMax } from "#domain/maxes.ts"
import { DEFAULT_PREFERENCES } from "#domain/preferences.ts"
import type { Gateway } from "#gateway/gateway.ts"
import type { ClientMaxesInput, LoadedMaxes } from "./client-maxes.types.ts"

/**
 * What the maxes page needs from outside: the client's maxes, the coach's client list (for
 * the name), the coach's preferences (for the unit a new entry starts in), and the save.
 */
export interface ClientMaxesPorts {
  readonly gateway: () => Promise<Pick<Gateway, "maxes" | "addMax" | "getAllClients" | "preferences">>
}

/** The page's real actors, for `clientMaxesMachine.provide(...)`. */
export function clientMaxesImplementations(ports: ClientMaxesPorts) {
  return {
    actors: {
      loadMaxes: fromPromise<LoadedMaxes, ClientMaxesInput>(async ({ input: { coachId, clientId } }) => {
        const api = await ports.gateway()
        // The name and the unit are extras: either failing still shows the maxes, under
        // "Client maxes", with a form that starts in pounds (SPEC's unit) and can be switched.
        const [entries, clientName, unit] = await Promise.all([
          api.maxes(clientId),
          api
            .getAllClients(coachId)
            .then((lookup) => lookup[String(clientId)]?.name ?? null)
            .catch(() => null),
          api
            .preferences(coachId)
            .then((preferences) => preferences.unit)
            .catch(() => DEFAULT_PREFERENCES.unit)
        ])
        return { entries, clientName, unit }
      }),
      addMax: fromPromise<TestedMax, NewTestedMax>(async ({ input }) => (await ports.gateway()).addMax(input))
    }
  }
}
