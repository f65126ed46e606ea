import { fromPromise } from "xstate"
import type { NewTestedMax, TestedMax } from "#domain/maxes.ts"
import { addDays } from "#domain/calendar.ts"
import { DEFAULT_PREFERENCES } from "#domain/preferences.ts"
import type { DoneWorkGateway } from "#gateway/done-work-gateway.ts"
import type { Gateway } from "#gateway/gateway.ts"
import { E1RM_WINDOW_DAYS } from "#domain/set-loads.ts"
import type { ClientMaxesInput, LoadedMaxes } from "./client-maxes.types.ts"

/**
 * What the maxes page needs from outside: the client's maxes, the coach's client list (for
 * the name), the coach's preferences (for the unit a new entry starts in), the client's
 * recent sets by the day they were done (for the working e1RM), and the save.
 */
export interface ClientMaxesPorts {
  readonly gateway: Pick<Gateway, "maxes" | "addMax" | "getAllClients" | "preferences">
  readonly doneWork: Pick<DoneWorkGateway, "doneSets">
}

/** The page's real actors, for `clientMaxesMachine.provide(...)`. */
export function clientMaxesImplementations(ports: ClientMaxesPorts) {
  return {
    actors: {
      loadMaxes: fromPromise<LoadedMaxes, ClientMaxesInput>(
        async ({ input: { coachId, clientId, today, utcOffset } }) => {
          const api = ports.gateway
          // The name and the unit are extras: either failing still shows the maxes, under
          // "Client maxes", with a form that starts in pounds (SPEC's unit) and can be switched.
          // So are the logged sets: without them the page says the working e1RM is unknown.
          const [entries, clientName, unit, logged] = await Promise.all([
            api.maxes(clientId),
            api
              .getAllClients(coachId)
              .then((lookup) => lookup[String(clientId)]?.name ?? null)
              .catch(() => null),
            api
              .preferences(coachId)
              .then((preferences) => preferences.unit)
              .catch(() => DEFAULT_PREFERENCES.unit),
            ports.doneWork
              .doneSets(clientId, { from: addDays(today, -E1RM_WINDOW_DAYS), today, utcOffset })
              .then((done) => done.sets)
              .catch(() => null)
          ])
          return { entries, clientName, unit, logged }
        }
      ),
      addMax: fromPromise<TestedMax, NewTestedMax>(async ({ input }) => ports.gateway.addMax(input))
    }
  }
}
