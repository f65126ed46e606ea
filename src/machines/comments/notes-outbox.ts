import { createActor, fromPromise } from "xstate"
import { BadRequest } from "#domain/api-errors.ts"
import type { IsoDate } from "#domain/calendar.ts"
import type { ChatMessage, MessageId } from "#domain/chat.ts"
import type { CommentId, CommentTarget, WorkoutComment } from "#domain/comments.ts"
import type { SetId, UserId } from "#domain/ids.ts"
import type { ChatGateway } from "#gateway/chat-gateway.ts"
import { chatOutboxImplementations, messageWritten } from "../chat-outbox/chat-outbox.actors.ts"
import type { KeptOutbox } from "#domain/chat-outbox.ts"
import { chatOutboxMachine, type SendInput } from "../chat-outbox/chat-outbox.machine.ts"
import type { ChatOutboxActorRef } from "../chat-outbox/chat-outbox.selectors.ts"
import type { Delivery } from "../comment-composer/comment-composer.machine.ts"
import { NoteKeptForLater, NoteRefused } from "#domain/note-outcomes.ts"

/*
 * A lifter's notes on their sets and workouts go through an outbox (docs/decisions/041):
 * the chat's outbox machine, one per signed-in lifter, its entries kept on the device in
 * the chat outbox's store (the "notes" section) until the server holds them. Each entry's
 * `about` names what it is on; it is sent with the id the device made when the note was
 * written, so a retry after a lost answer stores it once, and in the order written.
 */

/** What a note is on, as the outbox keeps it: "set:102", "workout:2026-11-23:0". */
export const noteAbout = (target: CommentTarget): string =>
  target.kind === "set" ? `set:${target.setId}` : `workout:${target.date}:${target.workoutOrder}`

/** The target an entry's `about` names; null when it names none (a store from elsewhere). */
export const targetOfAbout = (about: string | undefined): CommentTarget | null => {
  const [kind, first, second] = (about ?? "").split(":")
  if (kind === "set" && first !== undefined && /^\d+$/.test(first)) return { kind, setId: Number(first) as SetId }
  if (kind === "workout" && first !== undefined && second !== undefined && /^\d+$/.test(second))
    return { kind, date: first as IsoDate, workoutOrder: Number(second) }
  return null
}

export interface NotesOutboxPorts {
  readonly chat: Pick<ChatGateway, "addComment">
  readonly kept: KeptOutbox
  readonly watchNetwork: (listener: (online: boolean) => void) => () => void
  /** Told of each note the server stored. */
  readonly stored: (comment: WorkoutComment) => void
}

/** The outbox's record of a stored note: the note, as the machine's `sent` carries it. */
const storedAsSent = (id: MessageId, comment: WorkoutComment): ChatMessage => ({
  id,
  clientId: comment.clientId,
  senderId: comment.clientId,
  body: comment.body,
  createdAt: comment.createdAt,
  seq: comment.seq
})

/** The chat outbox's implementations, sending each entry as a note on what it is about. */
export function notesOutboxImplementations(ports: NotesOutboxPorts) {
  const shared = chatOutboxImplementations({
    chat: { sendMessage: () => Promise.reject(new Error("a notes outbox sends no chat message")) },
    kept: ports.kept,
    watchNetwork: ports.watchNetwork
  })
  return {
    ...shared,
    actors: {
      ...shared.actors,
      sendMessage: fromPromise<ChatMessage, SendInput>(async ({ input }) => {
        const target = targetOfAbout(input.about)
        if (target === null) throw new BadRequest({ error: "target: this note names nothing it is on" })
        // The device's id is a uuid either way: a message's and a comment's ids differ only in brand.
        const id = input.id as string as CommentId
        const comment = await ports.chat.addComment({ id, target, body: input.body })
        ports.stored(comment)
        return storedAsSent(input.id, comment)
      })
    }
  }
}

/** One lifter's notes outbox, with what the composers and the lists need of it. */
export interface NotesOutbox {
  readonly actor: ChatOutboxActorRef
  /**
   * Hands a note to the outbox; answers what the server stored, or rejects with
   * NoteKeptForLater (it waits for the network, kept) or NoteRefused (the server said no).
   */
  readonly deliver: (target: CommentTarget, delivery: Delivery) => Promise<WorkoutComment>
  /** Calls `listener` with each note the server stores; returns the stop. */
  readonly onStored: (listener: (comment: WorkoutComment) => void) => () => void
  readonly stop: () => void
}

export function startNotesOutbox(ports: Omit<NotesOutboxPorts, "stored">, me: UserId, online: boolean): NotesOutbox {
  const listeners = new Set<(comment: WorkoutComment) => void>()
  const storedById = new Map<string, WorkoutComment>()
  const stored = (comment: WorkoutComment) => {
    storedById.set(comment.id, comment)
    for (const listener of listeners) listener(comment)
  }
  const machine = chatOutboxMachine.provide(notesOutboxImplementations({ ...ports, stored }))
  const actor = createActor(machine, { input: { clientId: me, online } }).start()
  const onStored = (listener: (comment: WorkoutComment) => void) => {
    listeners.add(listener)
    return () => void listeners.delete(listener)
  }
  const deliver = (target: CommentTarget, delivery: Delivery) =>
    new Promise<WorkoutComment>((resolve, reject) => {
      const id = delivery.id as MessageId
      const refusedBefore = actor.getSnapshot().context.entries.find((entry) => entry.id === id)?.refused ?? null
      // Sent again by the person after a refusal: the refused entry goes, the note is queued anew.
      if (refusedBefore !== null) actor.send({ type: "message.discard", id })
      const settle = () => {
        const known = storedById.get(delivery.id)
        const snapshot = actor.getSnapshot()
        const entry = snapshot.context.entries.find((kept) => kept.id === id)
        if (known !== undefined) finish(() => resolve(known))
        else if (entry?.refused != null) finish(() => reject(new NoteRefused(entry.refused ?? "")))
        else if (entry !== undefined && (snapshot.matches("offline") || snapshot.matches("waitingToRetry")))
          finish(() => reject(new NoteKeptForLater()))
      }
      const watching = actor.subscribe(settle)
      const stopListening = onStored(settle)
      const finish = (answer: () => void) => {
        watching.unsubscribe()
        stopListening()
        answer()
      }
      if (!storedById.has(delivery.id)) actor.send(messageWritten(delivery.text, noteAbout(target), id))
      settle()
    })
  return { actor, deliver, onStored, stop: () => actor.stop() }
}
