import { fromCallback } from "xstate"
import type { TimerClock } from "#domain/timer-clock.ts"
import type { TimerEvent } from "./timer.types.ts"

export const TIMER_TICK_MS = 1000

/** What the timer needs from outside: somewhere to keep its clock across reloads. */
export interface TimerPorts {
  readonly storeClock: (clock: TimerClock) => void
}

/** The timer's real ticker and clock storage, for `timerMachine.provide(...)`. */
export function timerImplementations(ports: TimerPorts) {
  return {
    actors: {
      // Sends `timer.tick` every second while the timer runs; the tick only re-renders.
      ticker: fromCallback<TimerEvent>(({ sendBack }) => {
        const id = setInterval(() => sendBack({ type: "timer.tick", at: Date.now() }), TIMER_TICK_MS)
        return () => clearInterval(id)
      })
    },
    actions: {
      storeClock: (_: unknown, { clock }: { clock: TimerClock }) => ports.storeClock(clock)
    }
  }
}
