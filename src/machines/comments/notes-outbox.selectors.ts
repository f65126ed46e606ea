import type { MessageId } from "#domain/chat.ts"
import { selectPendingMessages, type ChatOutboxSnapshot } from "../chat-outbox/chat-outbox.selectors.ts"
import { NOT_SENT_YET } from "../comment-composer/comment-composer.selectors.ts"

/** A note the server does not hold yet, as the place it is on shows it: never as sent. */
export interface PendingNoteView {
  readonly id: MessageId
  readonly body: string
  readonly status: "sending" | "waiting" | "refused"
  /** what the lifter reads under it */
  readonly note: string
  readonly canDiscard: boolean
}

/**
 * The notes waiting in the outbox on `about` (a set, a workout), oldest first. `except` is
 * a composer's own (shown there); `held` the ids the screen's list already has from the
 * server (a lost answer whose note the live feed brought): those are not "not sent".
 */
export const selectPendingNotes = (
  snapshot: ChatOutboxSnapshot,
  about: string,
  except: string | null,
  held: ReadonlySet<string> = new Set()
): ReadonlyArray<PendingNoteView> => {
  const on = new Set(snapshot.context.entries.filter((entry) => entry.about === about).map((entry) => entry.id))
  const offline = snapshot.matches("offline")
  return selectPendingMessages(snapshot)
    .filter((pending) => on.has(pending.id) && pending.id !== except && !held.has(pending.id))
    .map((pending) => ({
      ...pending,
      note: pending.status === "waiting" && offline ? NOT_SENT_YET : pending.note,
      canDiscard: snapshot.can({ type: "message.discard", id: pending.id })
    }))
}

export const samePendingNotes = (a: ReadonlyArray<PendingNoteView>, b: ReadonlyArray<PendingNoteView>): boolean =>
  a.length === b.length && a.every((note, index) => note.id === b[index]?.id && note.note === b[index].note)
