import type { LiveEvent } from "#domain/live-events.ts"
import type { LiveConnection, LiveFeed, LiveStatus } from "#gateway/live-feed.ts"

/**
 * A live feed a test speaks through, as the app's stream hands events and status changes
 * on: `emit` an event, move the `status`, and ask how many are still `listening` (a stopped
 * machine leaves none). A new status listener hears the status now, as the real one does.
 */
export function scriptedLive(initial: LiveStatus = "open") {
  const listeners = new Set<(event: LiveEvent) => void>()
  const statusListeners = new Set<(status: LiveStatus) => void>()
  let status = initial
  const live: LiveFeed & LiveConnection = {
    subscribe: (listener) => {
      listeners.add(listener)
      return () => void listeners.delete(listener)
    },
    subscribeStatus: (listener) => {
      statusListeners.add(listener)
      listener(status)
      return () => void statusListeners.delete(listener)
    }
  }
  return {
    live,
    emit: (event: LiveEvent) => listeners.forEach((listener) => listener(event)),
    status: (next: LiveStatus) => {
      status = next
      statusListeners.forEach((listener) => listener(next))
    },
    listening: () => listeners.size + statusListeners.size
  }
}
