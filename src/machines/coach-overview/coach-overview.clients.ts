import type { CoachClientsActorRef } from "../coach-clients/coach-clients.selectors.ts"

/**
 * The overview's `watchClientsAdded` port, read off the dashboard's client list: each time
 * an add succeeds (the list enters `ready.added`), once.
 */
export const clientsAddedTo =
  (clients: Pick<CoachClientsActorRef, "getSnapshot" | "subscribe">) =>
  (onAdded: () => void): (() => void) => {
    let wasAdded = clients.getSnapshot().matches({ ready: "added" })
    const subscription = clients.subscribe((snapshot) => {
      const added = snapshot.matches({ ready: "added" })
      if (added && !wasAdded) onAdded()
      wasAdded = added
    })
    return () => subscription.unsubscribe()
  }
