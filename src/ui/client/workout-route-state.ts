import type { RouteDate } from "#domain/calendar.ts"
import type { GroupedWorkout } from "#domain/workout.ts"

/**
 * What 'View workout' and 'Start workout' carry in route state (SPEC section 2): the
 * workout, its index within the day and the date string. A reload or a typed address
 * has none, and the workout-day machine fetches instead.
 */
declare module "@tanstack/history" {
  interface HistoryState {
    readonly workout?: GroupedWorkout
    readonly index?: number
    readonly date?: RouteDate
    /** When the workout came from the device copy, that copy's time: the next page asks the server again. */
    readonly asOf?: number
  }
}
