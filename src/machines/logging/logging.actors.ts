import { fromCallback, fromPromise } from "xstate"
import { addDays } from "#domain/calendar.ts"
import { hasTag } from "#domain/declared-errors.ts"
import type { WorkoutCompletion } from "#domain/completion.ts"
import type { SetId, UserId } from "#domain/ids.ts"
import type { IdempotencyKey, RemovedSet, WorkoutRow } from "#domain/workout.ts"
import type { Gateway } from "#gateway/gateway.ts"
import type { TimerClock } from "#domain/timer-clock.ts"
import { timerImplementations } from "../timer/timer.actors.ts"
import { timerMachine } from "../timer/timer.machine.ts"
import type {
  CompletionOutcome,
  LoadHistoryInput,
  LoadHistoryOutput,
  LoadsLayer,
  LoggingEvent
} from "./logging.types.ts"

/** How far back "last time" and personal records look: a year before the workout's day. */
export const HISTORY_DAYS = 365

/** What the logging pager needs from outside: the gateway, the clock's storage, autosave and the address. */
export interface LoggingPorts {
  readonly gateway: Pick<Gateway, "workoutResults" | "addLoggedSet" | "removeLoggedSet" | "completeWorkout">
  readonly clientId: UserId
  /** Keeps the running workout's clock across reloads; its presence is the workout-started flag. */
  readonly storeClock: (clock: TimerClock) => void
  /** docs/product.md: Submit clears the workout-started flag. */
  readonly clearWorkoutStarted: () => void
  /** Puts the screen in the address in place of the one there (no new history entry). */
  readonly replaceScreen: (screen: number) => void
  readonly showDashboard: () => void
  /** A removed set's values and unsent edits are dropped (autosave's `set.removed`). */
  readonly forgetSet: (setId: SetId) => void
  /** Fetches the worked-out loads' chunk and sets it up for this client and day (the route's dynamic import). */
  readonly openLoads: () => Promise<LoadsLayer>
  /**
   * How earlier results are read into "last time" and records: their own chunk, fetched
   * beside the results (the page paints without it). Tests hand the module over at once.
   */
  readonly historyReading?: () => Promise<Pick<typeof import("#domain/history.ts"), "historiesFor">>
  /**
   * Puts the completion in the outbox (on disk, after the workout's set edits) and sends
   * what the outbox holds: true once the server holds it, false while it waits on the
   * device; throws when the server refuses it. Without it, the completion is sent directly.
   */
  readonly submitCompletion?: ((completion: WorkoutCompletion) => Promise<boolean>) | undefined
  /** Reports the connection coming back; answers the stop. */
  readonly watchOnline?: ((online: () => void) => () => void) | undefined
}

/** The pager's gateway calls, timer, storage and navigation, for `loggingMachine.provide(...)`. */
export function loggingImplementations(ports: LoggingPorts) {
  const gateway = ports.gateway
  return {
    actors: {
      timer: timerMachine.provide(timerImplementations({ storeClock: ports.storeClock })),
      loadHistory: fromPromise<LoadHistoryOutput, LoadHistoryInput>(async ({ input }) => {
        const [rows, reading] = await Promise.all([
          gateway.workoutResults(ports.clientId, {
            from: addDays(input.date, -HISTORY_DAYS),
            to: addDays(input.date, -1)
          }),
          (ports.historyReading ?? (() => import("#domain/history.ts")))()
        ])
        return reading.historiesFor(rows, input.date, input.names)
      }),
      addSet: fromPromise<WorkoutRow, { afterSetId: SetId; idempotencyKey: IdempotencyKey }>(async ({ input }) =>
        gateway.addLoggedSet(input)
      ),
      // A retry whose first try was removed but answered nothing (a lost answer) meets a
      // 404: the set is gone either way, which is what the lifter asked for.
      removeSet: fromPromise<RemovedSet, { setId: SetId }>(async ({ input }) =>
        gateway.removeLoggedSet(input.setId).catch((error: unknown) => {
          if (hasTag(error, "SetNotFound")) return { id: input.setId }
          throw error
        })
      ),
      completeWorkout: fromPromise<CompletionOutcome, WorkoutCompletion>(async ({ input }) => {
        if (ports.submitCompletion !== undefined) return { held: await ports.submitCompletion(input) }
        await gateway.completeWorkout(input)
        return { held: true }
      }),
      watchOnline: fromCallback<LoggingEvent>(({ sendBack }) =>
        (ports.watchOnline ?? (() => () => undefined))(() => sendBack({ type: "network.online" }))
      ),
      openLoads: fromPromise<LoadsLayer>(() => ports.openLoads())
    },
    actions: {
      followScreen: (_: unknown, { screen }: { screen: number }) => ports.replaceScreen(screen),
      clearWorkoutStarted: () => ports.clearWorkoutStarted(),
      showDashboard: () => ports.showDashboard(),
      forgetSet: (_: unknown, { setId }: { setId: SetId }) => ports.forgetSet(setId)
    }
  }
}
