import type { UserId } from "#domain/ids.ts"
import type { ChatGateway } from "#gateway/chat-gateway.ts"
import { indexedDbChatOutbox } from "#device/chat-outbox.store.ts"
import { isOnline, watchNetwork } from "#device/network.ts"
import { onSignedOut, type SessionActorRef } from "../session/session.selectors.ts"
import { startNotesOutbox, type NotesOutbox } from "./notes-outbox.ts"

/*
 * The tab's notes outbox (docs/decisions/041): one for the signed-in lifter, started by the
 * first screen that shows their notes or replies (the logging page's notes, the workout
 * page, the dashboard), so what a reload left on the device is sent from any of them. It
 * lives as long as the tab and the sign-in; signing out stops it (and its erase empties the
 * store with the chat's).
 */

let running: { readonly me: UserId; readonly outbox: NotesOutbox } | undefined

export function notesOutboxOf(
  services: { readonly session: SessionActorRef; readonly chat: Pick<ChatGateway, "addComment"> },
  me: UserId
): NotesOutbox {
  if (running?.me === me) return running.outbox
  running?.outbox.stop()
  const outbox = startNotesOutbox(
    { chat: services.chat, kept: indexedDbChatOutbox(me, undefined, "notes"), watchNetwork },
    me,
    isOnline()
  )
  running = { me, outbox }
  onSignedOut(services.session, () => {
    outbox.stop()
    if (running?.outbox === outbox) running = undefined
  })
  return outbox
}
