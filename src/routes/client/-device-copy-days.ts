import type { IsoDate } from "#domain/calendar.ts"
import type { UserId } from "#domain/ids.ts"
import { groupRowsByDate } from "#domain/workout.ts"
import type { DayCopyPorts } from "#machines/workout-day/workout-day.actors.ts"
import { deviceCopyOf } from "#device/device-copy.lazy.ts"
import type { DeviceCopyStore } from "#device/device-copy.types.ts"

/*
 * The day page's and the logging page's view of the device copy, in a chunk of its own:
 * the pages paint without it, and it is fetched only when a read fails or succeeds.
 */

/** The device copy's store as the day's ports. */
export function dayCopyPorts(store: () => Promise<DeviceCopyStore>): DayCopyPorts {
  const copyOf = async (date: IsoDate) => (await store()).read({ from: date, to: date })
  return {
    day: async (date) => {
      const copy = await copyOf(date)
      return copy?.workouts == null ? null : { workouts: groupRowsByDate(copy.workouts)[date] ?? [], asOf: copy.asOf }
    },
    record: async (date) => {
      const copy = await copyOf(date)
      return copy?.completions == null || copy.results === null
        ? null
        : { completions: copy.completions, results: copy.results, asOf: copy.asOf }
    },
    keepRecord: (date, { completions, results }) =>
      void store()
        .then((copy) => copy.keep({ from: date, to: date, completions, results }))
        .catch(() => undefined)
  }
}

/** The signed-in client's copy as the day's ports. */
export const dayCopyPortsOf = (owner: UserId): DayCopyPorts => dayCopyPorts(deviceCopyOf(owner))
