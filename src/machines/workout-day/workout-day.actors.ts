import { fromPromise } from "xstate"
import type { IsoDate } from "#domain/calendar.ts"
import type { UserId } from "#domain/ids.ts"
import type { GroupedWorkout } from "#domain/workout.ts"
import type { Gateway } from "#gateway/gateway.ts"
import type { RecordOutput, RecordRead } from "./workout-day.types.ts"

export interface WorkoutDayPorts {
  readonly gateway: () => Promise<Pick<Gateway, "workoutByDate" | "workoutCompletions" | "workoutResults">>
  readonly clientId: UserId
}

/** The day's reads through the gateway, for `workoutDayMachine.provide(...)`. */
export function workoutDayImplementations(ports: WorkoutDayPorts) {
  const dayOf = async (date: IsoDate): Promise<ReadonlyArray<GroupedWorkout>> =>
    (await (await ports.gateway()).workoutByDate(ports.clientId, date)).data[date] ?? []
  return {
    actors: {
      fetchDay: fromPromise<ReadonlyArray<GroupedWorkout>, { date: IsoDate }>(({ input }) => dayOf(input.date)),
      // The reads of one day, side by side: one round trip whatever the page asks.
      loadRecord: fromPromise<RecordOutput, RecordRead>(async ({ input: { date, day } }) => {
        const gateway = await ports.gateway()
        const range = { from: date, to: date }
        const [completions, results, workouts] = await Promise.all([
          gateway.workoutCompletions(ports.clientId, range),
          gateway.workoutResults(ports.clientId, range),
          day ? dayOf(date) : undefined
        ])
        return { completions, results, workouts }
      })
    },
    actions: {}
  }
}
