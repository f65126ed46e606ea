import { createActor } from "xstate"
import type { UserId } from "#domain/ids.ts"
import type { ChatGateway } from "#gateway/chat-gateway.ts"
import { selectIsLoggedIn } from "../session/session.selectors.ts"
import type { SessionActorRef } from "../session/session.selectors.ts"
import { chatOutboxImplementations } from "./chat-outbox.actors.ts"
import { chatOutboxMachine } from "./chat-outbox.machine.ts"
import type { ChatOutboxActorRef } from "./chat-outbox.selectors.ts"
import { indexedDbChatOutbox } from "#device/chat-outbox.store.ts"
import { isOnline, watchNetwork } from "#device/network.ts"

/*
 * The tab's chat outboxes (docs/decisions/030): one per signed-in person and thread, made
 * by the first chat screen that needs it or, when the signed-in area starts, for every
 * thread with messages kept on the device, so those are sent when the network is back even
 * if the chat is never opened. They live for as long as the tab and the sign-in do;
 * signing out stops and forgets them (and its erase empties the device's store).
 */

export interface OutboxServices {
  readonly session: SessionActorRef
  readonly chat: Pick<ChatGateway, "sendMessage">
}

const outboxes = new Map<string, ChatOutboxActorRef>()
const stores = new Map<UserId, ReturnType<typeof indexedDbChatOutbox>>()
let watchingSession = false

const signedInId = (services: OutboxServices): UserId | null => {
  const snapshot = services.session.getSnapshot()
  return selectIsLoggedIn(snapshot) ? snapshot.context.user.id : null
}

const storeOf = (me: UserId) => {
  const kept = stores.get(me) ?? indexedDbChatOutbox(me)
  stores.set(me, kept)
  return kept
}

/** The outbox of `me` in the thread of `clientId`, started the first time. */
export function outboxFor(services: OutboxServices, me: UserId, clientId: UserId): ChatOutboxActorRef {
  if (!watchingSession) {
    watchingSession = true
    services.session.subscribe((snapshot) => {
      if (selectIsLoggedIn(snapshot)) return
      for (const outbox of outboxes.values()) outbox.stop()
      outboxes.clear()
      stores.clear()
    })
  }
  const key = `${me}:${clientId}`
  const running = outboxes.get(key)
  if (running !== undefined) return running
  const machine = chatOutboxMachine.provide(
    chatOutboxImplementations({ chat: services.chat, kept: storeOf(me), watchNetwork })
  )
  const outbox = createActor(machine, { input: { clientId, online: isOnline() } }).start()
  outboxes.set(key, outbox)
  return outbox
}

/** The signed-in area has started: the outbox of every thread with messages kept for `me` starts too. */
export async function startKeptOutboxes(services: OutboxServices, me: UserId): Promise<void> {
  const threads = await storeOf(me).threads()
  // Signed out (or someone else signed in) while the store was read: theirs stay kept, unsent.
  if (signedInId(services) !== me) return
  for (const clientId of threads) outboxFor(services, me, clientId)
}
