import type { TimerClock } from "../timer/timer.clock.ts"
import { timerImplementations } from "../timer/timer.actors.ts"
import { timerMachine } from "../timer/timer.machine.ts"

/** What the logging pager needs from outside: the clock's storage and two ways to move the address. */
export interface LoggingPorts {
  /** Keeps the running workout's clock across reloads; its presence is the workout-started flag. */
  readonly storeClock: (clock: TimerClock) => void
  /** SPEC section 4: Submit clears the workout-started flag. */
  readonly clearWorkoutStarted: () => void
  /** Puts the screen in the address in place of the one there (no new history entry). */
  readonly replaceScreen: (screen: number) => void
  readonly showDashboard: () => void
}

/** The pager's timer, storage and navigation, for `loggingMachine.provide(...)`. */
export function loggingImplementations(ports: LoggingPorts) {
  return {
    actors: {
      timer: timerMachine.provide(timerImplementations({ storeClock: ports.storeClock }))
    },
    actions: {
      followScreen: (_: unknown, { screen }: { screen: number }) => ports.replaceScreen(screen),
      clearWorkoutStarted: () => ports.clearWorkoutStarted(),
      showDashboard: () => ports.showDashboard()
    }
  }
}
