import type { IsoDate } from "#domain/calendar.ts"
import type { UserId } from "#domain/ids.ts"
import { workoutDayImplementations } from "#machines/workout-day/workout-day.actors.ts"
import { workoutDayMachine } from "#machines/workout-day/workout-day.machine.ts"
import type { CarriedWorkout } from "#machines/workout-day/workout-day.types.ts"
import { useMountedMachine } from "../-mount.ts"
import { useServices } from "./-client-actors.ts"

// Its own module, so routes that show no day's workout do not load its machine.

/** One day's workout: the one carried in route state, or the date's first, fetched. */
export function useWorkoutDay(clientId: UserId, date: IsoDate, carried: CarriedWorkout) {
  const services = useServices()
  return useMountedMachine(
    workoutDayMachine,
    () => workoutDayImplementations({ gateway: services.gateway, clientId }),
    { input: { date, carried } }
  )
}
