import { fromCallback, fromPromise } from "xstate"
import type { UserId } from "#domain/ids.ts"
import type { Gateway } from "#gateway/gateway.ts"
import type { DeviceCopyStore } from "#device/device-copy.types.ts"
import type { CopiedSchedule, Schedule, ScheduleRange } from "./client-schedule.types.ts"

export interface ClientSchedulePorts {
  readonly gateway: Pick<Gateway, "workouts" | "workoutResults" | "workoutCompletions">
  /** Whose schedule: read as each load starts, so a load without a signed-in client fails like any other. */
  readonly clientId: () => UserId
  /** The signed-in client's device copy (docs/decisions/027); without it, nothing is kept or shown offline. */
  readonly deviceCopy?: () => Promise<DeviceCopyStore>
  /** Calls back when the browser is back online; returns the unsubscribe. */
  readonly onBackOnline?: (listener: () => void) => () => void
}

/** The copy's rows as the range asks for them; null unless it covers the workouts. */
const asSchedule = (range: ScheduleRange, copy: Awaited<ReturnType<DeviceCopyStore["read"]>>): CopiedSchedule | null =>
  copy === null || copy.workouts === null
    ? null
    : {
        asOf: copy.asOf,
        workouts: copy.workouts,
        results: range.results ? (copy.results ?? []) : [],
        completions: range.completions ? copy.completions : []
      }

/** The schedule's load through the gateway, for `clientScheduleMachine.provide(...)`. */
export function clientScheduleImplementations(ports: ClientSchedulePorts) {
  // Keeping the copy is a side line of a read: its failure is never the read's.
  const keep = (range: ScheduleRange, schedule: Schedule) =>
    void ports
      .deviceCopy?.()
      .then((copy) =>
        copy.keep({
          from: range.from,
          to: range.to,
          workouts: range.workouts ? schedule.workouts : undefined,
          results: range.results ? schedule.results : undefined,
          completions: range.completions ? (schedule.completions ?? undefined) : undefined
        })
      )
      .catch(() => undefined)
  return {
    actors: {
      // Only the reads the screen shows are asked for; the others stay empty. Which
      // workouts are done is an extra: that read failing still shows the schedule.
      loadSchedule: fromPromise<Schedule, ScheduleRange>(async ({ input: range }) => {
        const { from, to, ...reads } = range
        const clientId = ports.clientId()
        const gateway = ports.gateway
        const [workouts, results, completions] = await Promise.all([
          reads.workouts ? gateway.workouts(clientId, { from, to }) : [],
          reads.results ? gateway.workoutResults(clientId, { from, to }) : [],
          reads.completions ? gateway.workoutCompletions(clientId, { from, to }).catch(() => null) : []
        ])
        const schedule = { workouts, results, completions }
        keep(range, schedule)
        return schedule
      }),
      readCopy: fromPromise<CopiedSchedule | null, ScheduleRange>(async ({ input: range }) =>
        ports.deviceCopy === undefined ? null : asSchedule(range, await (await ports.deviceCopy()).read(range))
      ),
      waitForNetwork: fromCallback<{ type: "network.online" }>(
        ({ sendBack }) => ports.onBackOnline?.(() => sendBack({ type: "network.online" })) ?? (() => undefined)
      )
    },
    actions: {}
  }
}
