import { fromPromise } from "xstate"
import { hasTag } from "#domain/declared-errors.ts"
import type { UserId } from "#domain/ids.ts"
import type { Unit } from "#domain/units.ts"
import type { MovedWorkout } from "#domain/workout-move.ts"
import type { Gateway } from "#gateway/gateway.ts"
import { summarizeDays } from "./coach-calendar.days.ts"
import {
  NO_DAYS,
  type CalendarPlace,
  type CoachClients,
  type DaysAnswer,
  type DaysRequest,
  type MoveRequest
} from "./coach-calendar.types.ts"

/** What the calendar needs from outside: six calls, and a place to keep where it is. */
export interface CoachCalendarPorts {
  readonly gateway: Pick<
    Gateway,
    "getAllClients" | "preferences" | "workouts" | "workoutResults" | "workoutCompletions" | "moveWorkout"
  >
  /** The client and week now shown, so Back and a reload show the same (the route's ?client=&week=). */
  readonly rememberPlace: (place: CalendarPlace) => void
}

/** The calendar's real actors and actions, for `coachCalendarMachine.provide(...)`. */
export function coachCalendarImplementations(ports: CoachCalendarPorts) {
  return {
    actors: {
      // The unit only words the volume: a coach whose preferences cannot be read reads it in lb, labelled so.
      loadClients: fromPromise<CoachClients, { readonly coachId: UserId }>(async ({ input }) => {
        const api = ports.gateway
        const [clients, unit] = await Promise.all([
          api.getAllClients(input.coachId),
          api.preferences(input.coachId).then(
            (preferences): Unit => preferences.unit,
            (): Unit => "lb"
          )
        ])
        return { clients, unit }
      }),
      // Only the 28 days on screen are asked for: prescriptions, results and submissions side by side.
      loadDays: fromPromise<DaysAnswer, DaysRequest>(async ({ input: { clientId, from, to } }) => {
        if (clientId === null) return { _tag: "days", days: NO_DAYS }
        const api = ports.gateway
        try {
          const [prescribed, logged, completions] = await Promise.all([
            api.workouts(clientId, { from, to }),
            api.workoutResults(clientId, { from, to }),
            api.workoutCompletions(clientId, { from, to })
          ])
          return { _tag: "days", days: summarizeDays(prescribed, logged, completions) }
        } catch (error) {
          // The client left the coach's list since it loaded: said as such, not as a lost connection.
          if (hasTag(error, "Forbidden", "ClientNotFound")) return { _tag: "clientNotFound" }
          throw error
        }
      }),
      // The server's answer is where the workout now is; a refusal or a lost connection rejects.
      moveWorkout: fromPromise<MovedWorkout, MoveRequest>(({ input: { clientId, from, toDate } }) => {
        if (clientId === null) return Promise.reject(new Error("no client to move a workout of"))
        return ports.gateway.moveWorkout({ clientId, date: from.date, workoutOrder: from.workoutOrder, toDate })
      })
    },
    actions: {
      rememberPlace: (_: unknown, { place }: { place: CalendarPlace | null }) => {
        if (place !== null) ports.rememberPlace(place)
      }
    }
  }
}
