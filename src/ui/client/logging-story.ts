import type { UserId } from "#domain/ids.ts"
import type { GroupedWorkout } from "#domain/workout.ts"
import { loggingImplementations } from "#machines/logging/logging.actors.ts"
import { FIXTURE_DATE, fixtureWorkout } from "#machines/logging/logging.fixtures.ts"
import { loggingMachine } from "#machines/logging/logging.machine.ts"
import { timerMachine } from "#machines/timer/timer.machine.ts"
import { workoutDayImplementations } from "#machines/workout-day/workout-day.actors.ts"
import { workoutDayMachine } from "#machines/workout-day/workout-day.machine.ts"

/*
 * The day page's and the logging page's machines for stories: their own
 * `<name>Implementations` over stub ports, so a story runs the code the app runs.
 */

/** How the stubbed gateway answers the day's fetch. */
export type DayFetch = "never" | "fails" | "none" | "found"

const answers: Record<DayFetch, () => Promise<GroupedWorkout | null>> = {
  never: () => new Promise(() => undefined),
  fails: () => Promise.reject(new TypeError("Failed to fetch")),
  none: () => Promise.resolve(null),
  found: () => Promise.resolve(fixtureWorkout)
}

export const storyWorkoutDay = (fetch: DayFetch) =>
  workoutDayMachine.provide(
    workoutDayImplementations({
      clientId: 7 as UserId,
      gateway: () =>
        Promise.resolve({
          workoutByDate: async () => {
            const workout = await answers[fetch]()
            return { data: workout === null ? {} : { [FIXTURE_DATE]: [workout] } } as never
          }
        })
    })
  )

const nothing = () => undefined

/** The pager with its real wiring; the timer is the machine's own, whose ticker stays silent so the time shown stays put. */
export const storyLogging = loggingMachine.provide({
  ...loggingImplementations({
    storeClock: nothing,
    clearWorkoutStarted: nothing,
    replaceScreen: nothing,
    showDashboard: nothing
  }),
  actors: { timer: timerMachine }
})
