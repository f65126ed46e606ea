import { fromCallback, fromPromise } from "xstate"
import type { UserId } from "#domain/ids.ts"
import type { Preferences } from "#domain/preferences.ts"
import type { DaySet } from "#domain/set-loads.ts"
import type { Gateway } from "#gateway/gateway.ts"
import { isNetworkFailure } from "#domain/network-failure.ts"
import { e1rmWindow } from "./load-references.work-out.ts"
import type {
  CopiedPreferences,
  LoadReferencesEvent,
  LoadReferencesOutput,
  LoadReferencesRequest
} from "./load-references.types.ts"

/** The lifter's own device copy of their preferences (docs/decisions/027, 038). */
export interface PreferencesCopyPorts {
  readonly read: () => Promise<CopiedPreferences | null>
  readonly keep: (preferences: Preferences) => void
}

/** What worked-out loads need from outside: three reads, and the day as the screen logs it. */
export interface LoadReferencesPorts {
  readonly gateway: Pick<Gateway, "maxes" | "preferences" | "workoutResults">
  /**
   * Resolves once the gateway's code is loaded (the app's gateway loads on its first call);
   * offline it fails with a network failure, which makes every read "unreachable" at once.
   */
  readonly gatewayLoaded?: () => Promise<unknown>
  /**
   * Reports the day's sets and what was done of them now and on every change; answers the
   * stop. The route joins the screen's machines here (the logging page: its workout and
   * autosave; the coach's day: what the client logged).
   */
  readonly watchDay: (report: (day: ReadonlyArray<DaySet>) => void) => () => void
  /**
   * The signed-in lifter's device copy, on their own screens only: it keeps their
   * preferences as the server answers them and answers for them offline. A coach's screens
   * give none: a coach's device keeps no copy of a client, and offline says so.
   */
  readonly copy?: PreferencesCopyPorts | undefined
}

const failed = (error: unknown) => {
  console.error("A reference for worked-out loads could not be read", error)
  return null
}

// A read that fails is null: the loads it feeds stay unknown and say why; the others show.
const orNull = <A>(read: Promise<A>): Promise<A | null> => read.catch(failed)

/** The client's reads and the screen's watch, for `loadReferencesMachine.provide(...)`. */
export function loadReferencesImplementations(ports: LoadReferencesPorts) {
  return {
    actors: {
      loadReferences: fromPromise<LoadReferencesOutput, LoadReferencesRequest>(
        async ({ input: { clientId, date } }: { input: { clientId: UserId; date: LoadReferencesRequest["date"] } }) => {
          const loaded = await (ports.gatewayLoaded?.() ?? Promise.resolve()).then(
            () => true,
            (error: unknown) => {
              // No read could be made (the gateway's code not fetched offline): the copy may still answer.
              if (isNetworkFailure(error)) return false
              throw error
            }
          )
          if (!loaded) return { maxes: null, preferences: null, results: null, preferencesUnreachable: true }
          const api = ports.gateway
          let preferencesUnreachable = false
          const [maxes, preferences, results] = await Promise.all([
            orNull(api.maxes(clientId)),
            api.preferences(clientId).catch((error: unknown) => {
              // Only a read that never reached the server may be answered by the device copy.
              preferencesUnreachable = isNetworkFailure(error)
              return failed(error)
            }),
            orNull(api.workoutResults(clientId, e1rmWindow(date)))
          ])
          return { maxes, preferences, results, preferencesUnreachable }
        }
      ),
      readCopiedPreferences: fromPromise<CopiedPreferences | null>(() =>
        ports.copy === undefined ? Promise.resolve(null) : ports.copy.read()
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
    },
    actions: {
      keepPreferences: (_: unknown, preferences: Preferences | null) => {
        if (preferences !== null) ports.copy?.keep(preferences)
      }
    }
  }
}
