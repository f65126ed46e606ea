import { restTimerImplementations } from "#machines/rest-timer/rest-timer.actors.ts"
import { browserRestTimerPorts } from "#device/rest-timer.browser.ts"
import { restTimerMachine } from "#machines/rest-timer/rest-timer.machine.ts"
import type { RestSlot } from "#ui/client/logging-rest.tsx"
import { useMountedMachine } from "../../-mount.ts"

/**
 * The rest timer between sets, with its alerts: nothing shows it before a set is done, so
 * it comes in its own chunk after the page paints (the pager's first load is at its budget)
 * and is handed to the pager's slot, which starts a rest asked for before it came. It
 * lives as long as the page.
 */
export default function Rest({ slot }: { slot: RestSlot }) {
  const rest = useMountedMachine(restTimerMachine, () => restTimerImplementations(browserRestTimerPorts()))
  // The same actor on every render: handing it over again does nothing.
  slot.attach(rest)
  return null
}
