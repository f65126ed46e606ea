import { fromCallback, fromPromise } from "xstate"
import type { IsoDate } from "#domain/calendar.ts"
import type { UserId } from "#domain/ids.ts"
import type { GroupedWorkout } from "#domain/workout.ts"
import type { Gateway } from "#gateway/gateway.ts"
import type { CopiedDay, CopiedRecord, DayRecord, RecordOutput, RecordRead } from "./workout-day.types.ts"

/** The day as the device copy has it (docs/decisions/027). */
export interface DayCopyPorts {
  /** The day's workouts; null when the copy does not cover the day. */
  readonly day: (date: IsoDate) => Promise<CopiedDay | null>
  /** The day's completions and logged sets; null when the copy does not cover them. */
  readonly record: (date: IsoDate) => Promise<CopiedRecord | null>
  /** Keeps a record the server answered; never fails the read. */
  readonly keepRecord: (date: IsoDate, record: DayRecord) => void
}

export interface WorkoutDayPorts {
  readonly gateway: Pick<Gateway, "workoutByDate" | "workoutCompletions" | "workoutResults">
  readonly clientId: UserId
  /** The client's device copy; without it, nothing is kept or shown offline. */
  readonly copy?: DayCopyPorts
  /** Calls back when the browser is back online; returns the unsubscribe. */
  readonly onBackOnline?: (listener: () => void) => () => void
}

/** The day's reads through the gateway, for `workoutDayMachine.provide(...)`. */
export function workoutDayImplementations(ports: WorkoutDayPorts) {
  const dayOf = async (date: IsoDate): Promise<ReadonlyArray<GroupedWorkout>> =>
    (await ports.gateway.workoutByDate(ports.clientId, date)).data[date] ?? []
  return {
    actors: {
      fetchDay: fromPromise<ReadonlyArray<GroupedWorkout>, { date: IsoDate }>(({ input }) => dayOf(input.date)),
      // The reads of one day, side by side: one round trip whatever the page asks.
      loadRecord: fromPromise<RecordOutput, RecordRead>(async ({ input: { date, day } }) => {
        const gateway = ports.gateway
        const range = { from: date, to: date }
        const [completions, results, workouts] = await Promise.all([
          gateway.workoutCompletions(ports.clientId, range),
          gateway.workoutResults(ports.clientId, range),
          day ? dayOf(date) : undefined
        ])
        ports.copy?.keepRecord(date, { completions, results })
        return { completions, results, workouts }
      }),
      readDayCopy: fromPromise<CopiedDay | null, { date: IsoDate }>(
        async ({ input: { date } }) => (await ports.copy?.day(date)) ?? null
      ),
      readRecordCopy: fromPromise<CopiedRecord | null, { date: IsoDate }>(
        async ({ input: { date } }) => (await ports.copy?.record(date)) ?? null
      ),
      waitForNetwork: fromCallback<{ type: "network.online" }>(
        ({ sendBack }) => ports.onBackOnline?.(() => sendBack({ type: "network.online" })) ?? (() => undefined)
      )
    },
    actions: {}
  }
}
