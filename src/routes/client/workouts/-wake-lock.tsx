import { wakeLockImplementations } from "#machines/wake-lock/wake-lock.actors.ts"
import { browserWakeLockPorts } from "#device/wake-lock.browser.ts"
import { wakeLockMachine } from "#machines/wake-lock/wake-lock.machine.ts"
import { WakeLockStatus } from "#ui/client/wake-lock-status.tsx"
import { useMountedMachine } from "../../-mount.ts"

/**
 * Keeping the screen on while the logging page is open, with its one line of status: a leaf
 * nothing else reads, so it comes in its own chunk after the page paints (the pager's first
 * load is at its budget). It lives as long as the page.
 */
export default function WakeLock() {
  const wakeLock = useMountedMachine(wakeLockMachine, () => wakeLockImplementations(browserWakeLockPorts()))
  return <WakeLockStatus wakeLock={wakeLock} />
}
