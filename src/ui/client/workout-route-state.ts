import type { CarriedWorkout } from "#machines/workout-day/workout-day.types.ts"

/**
 * What 'View workout' and 'Start workout' carry in route state (docs/product.md): the
 * workout, its index within the day, the date string, and the device copy's time when it
 * came from there. A reload or a typed address has none, and the workout-day machine
 * fetches instead.
 */
declare module "@tanstack/history" {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- the route state is the carried workout, whole
  interface HistoryState extends CarriedWorkout {}
}
