import { fromCallback, fromPromise } from "xstate"
import type { UserId } from "#domain/ids.ts"
import type { DaySet } from "#domain/set-loads.ts"
import type { Gateway } from "#gateway/gateway.ts"
import { e1rmWindow } from "./load-references.work-out.ts"
import type { LoadReferencesEvent, LoadReferencesOutput, LoadReferencesRequest } from "./load-references.types.ts"

/** What worked-out loads need from outside: three reads, and the day as the screen logs it. */
export interface LoadReferencesPorts {
  readonly gateway: () => Promise<Pick<Gateway, "maxes" | "preferences" | "workoutResults">>
  /**
   * Reports the day's sets and what was done of them now and on every change; answers the
   * stop. The route joins the screen's machines here (the logging page: its workout and
   * autosave; the coach's day: what the client logged).
   */
  readonly watchDay: (report: (day: ReadonlyArray<DaySet>) => void) => () => void
}

// A read that fails is null: the loads it feeds stay unknown and say why; the others show.
const orNull = <A>(read: Promise<A>): Promise<A | null> =>
  read.catch((error: unknown) => {
    console.error("A reference for worked-out loads could not be read", error)
    return null
  })

/** The client's reads and the screen's watch, for `loadReferencesMachine.provide(...)`. */
export function loadReferencesImplementations(ports: LoadReferencesPorts) {
  return {
    actors: {
      loadReferences: fromPromise<LoadReferencesOutput, LoadReferencesRequest>(
        async ({ input: { clientId, date } }: { input: { clientId: UserId; date: LoadReferencesRequest["date"] } }) => {
          const api = await ports.gateway()
          const [maxes, preferences, results] = await Promise.all([
            orNull(api.maxes(clientId)),
            orNull(api.preferences(clientId)),
            orNull(api.workoutResults(clientId, e1rmWindow(date)))
          ])
          return { maxes, preferences, results }
        }
      ),
      // The screen reports on every change of its machines (a save under way, a page turned);
      // only a change in the sets or what was done of them works the loads out again.
      watchDay: fromCallback<LoadReferencesEvent>(({ sendBack }) => {
        let last = ""
        return ports.watchDay((day) => {
          const key = JSON.stringify(day.map(({ row, done }) => [row.id, done]))
          if (key === last) return
          last = key
          sendBack({ type: "day.changed", day })
        })
      })
    }
  }
}
