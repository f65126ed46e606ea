import type { UserId } from "#domain/ids.ts"
import type { PreferencesCopyPorts } from "#machines/load-references/load-references.actors.ts"
import { deviceCopyOf } from "#device/device-copy.lazy.ts"
import type { PreferencesCopyStore } from "#device/device-copy.types.ts"

/*
 * The lifter's preferences in their device copy, as the worked-out loads' ports: kept as the
 * server answers them, read when it cannot be reached (docs/decisions/038). A copy that
 * cannot be written is no reason to fail a screen: the next answer tries again.
 */

/** The device copy's store as the preferences' ports. */
export function preferencesCopyPorts(store: () => Promise<PreferencesCopyStore>): PreferencesCopyPorts {
  return {
    read: async () => (await store()).readPreferences(),
    keep: (preferences) =>
      void store()
        .then((copy) => copy.keepPreferences(preferences))
        .catch(() => undefined)
  }
}

/** The signed-in lifter's own copy as the preferences' ports. */
export const preferencesCopyOf = (owner: UserId): PreferencesCopyPorts => preferencesCopyPorts(deviceCopyOf(owner))
