import { fromPromise } from "xstate"
import type { UserId } from "#domain/ids.ts"
import type { Preferences } from "#domain/preferences.ts"
import type { Gateway } from "#gateway/gateway.ts"
import type { PreferencesSave } from "./preferences.machine.ts"

/** What the form needs from outside: the read and the save (PUT, the whole record). */
export interface PreferencesPorts {
  readonly gateway: Pick<Gateway, "preferences" | "savePreferences">
}

/** The form's real actors, for `preferencesMachine.provide(...)`. */
export function preferencesImplementations(ports: PreferencesPorts) {
  return {
    actors: {
      loadPreferences: fromPromise<Preferences, UserId>(async ({ input }) => ports.gateway.preferences(input)),
      savePreferences: fromPromise<Preferences, PreferencesSave>(async ({ input }) =>
        ports.gateway.savePreferences(input.userId, input.preferences)
      )
    }
  }
}
