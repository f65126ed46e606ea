import { createActor } from "xstate"
import type { UserId } from "#domain/ids.ts"
import { unreadImplementations, type UnreadPorts } from "./unread.actors.ts"
import { unreadMachine } from "./unread.machine.ts"
import { selectUnreadTotal } from "./unread.selectors.ts"

/**
 * Starts the signed-in area's unread counts (src/routes/-chat-unread.ts loads this module
 * after the screen painted): `onTotal` hears the Chat tab's number (null: none known) on
 * every change, until the returned call stops it.
 */
export function startUnread(ports: UnreadPorts, me: UserId, onTotal: (total: number | null) => void): () => void {
  const actor = createActor(unreadMachine.provide(unreadImplementations(ports)), { input: { me } })
  let last: number | null | undefined
  const watching = actor.subscribe((snapshot) => {
    const total = selectUnreadTotal(snapshot)
    if (total === last) return
    last = total
    onTotal(total)
  })
  actor.start()
  return () => {
    watching.unsubscribe()
    actor.stop()
  }
}
