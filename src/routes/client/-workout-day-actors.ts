import type { IsoDate } from "#domain/calendar.ts"
import type { UserId } from "#domain/ids.ts"
import { onBackOnline } from "#device/network.ts"
import { workoutDayImplementations, type DayCopyPorts } from "#machines/workout-day/workout-day.actors.ts"
import { workoutDayMachine } from "#machines/workout-day/workout-day.machine.ts"
import type { CarriedWorkout } from "#machines/workout-day/workout-day.types.ts"
import { useMountedMachine } from "../-mount.ts"
import { useServices } from "./-client-actors.ts"

// Its own module, so routes that show no day's workout do not load its machine.

/** The device copy's ports, their code fetched on first use (the logging page is at its size budget). */
const lazyDayCopy = (clientId: UserId): DayCopyPorts => {
  const load = () => import("./-device-copy-days.ts").then((m) => m.dayCopyPortsOf(clientId))
  return {
    day: async (date) => (await load()).day(date),
    record: async (date) => (await load()).record(date),
    keepRecord: (date, record) =>
      void load().then(
        (ports) => ports.keepRecord(date, record),
        () => undefined
      )
  }
}

function useMountedWorkoutDay(
  clientId: UserId,
  date: IsoDate,
  carried: CarriedWorkout,
  index: number | undefined,
  withRecord: boolean
) {
  const services = useServices()
  return useMountedMachine(
    workoutDayMachine,
    () =>
      workoutDayImplementations({
        gateway: services.gateway,
        clientId,
        copy: lazyDayCopy(clientId),
        onBackOnline
      }),
    { input: { date, carried, index, withRecord } }
  )
}

/**
 * One workout of a day, for the logging page: the one carried in route state when it is
 * the one the address names, else fetched. `index` is zero-based (`workoutIndexOf` of the
 * address's `?workout=N`); without it, the carried index, else the first.
 */
export function useWorkoutDay(clientId: UserId, date: IsoDate, carried: CarriedWorkout, index?: number) {
  return useMountedWorkoutDay(clientId, date, carried, index, false)
}

/** The day page's workout, with whether it is done and what was logged. */
export function useWorkoutDayWithRecord(clientId: UserId, date: IsoDate, carried: CarriedWorkout, index: number) {
  return useMountedWorkoutDay(clientId, date, carried, index, true)
}
