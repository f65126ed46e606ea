import { fromCallback } from "xstate"
import type { RestTickerInput, RestTimerEvent } from "./rest-timer.types.ts"

/** How often a resting timer looks at the clock: often enough that the seconds never skip. */
export const REST_TICK_MS = 250

/** What the rest timer needs from outside: ways to tell the lifter, all of them optional in a browser. */
export interface RestTimerPorts {
  /** The rest is over: vibrate, beep, and notify when the page is hidden. Never throws. */
  readonly alert: () => void
  /** Called inside the tap that starts a rest: unlock sound, ask once for notifications. Never throws. */
  readonly prepareAlerts: () => void
}

/** The rest timer's real ticker and alerts, for `restTimerMachine.provide(...)`. */
export function restTimerImplementations(ports: RestTimerPorts) {
  return {
    actors: {
      // Ticks every 250 ms for the countdown, and once more exactly at the end so the alert
      // is on time even where the interval is throttled (a hidden page).
      ticker: fromCallback<RestTimerEvent, RestTickerInput>(({ sendBack, input }) => {
        const tick = () => sendBack({ type: "rest.tick", at: Date.now() })
        const interval = setInterval(tick, REST_TICK_MS)
        const end = setTimeout(tick, Math.max(0, input.endsAt - Date.now()))
        return () => {
          clearInterval(interval)
          clearTimeout(end)
        }
      })
    },
    actions: {
      alert: () => ports.alert(),
      prepareAlerts: () => ports.prepareAlerts()
    }
  }
}
