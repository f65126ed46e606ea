/**
 * A lifter's notes outbox (docs/decisions/041): the chat's outbox machine sending notes on
 * sets and workouts, kept on the device (fake-indexeddb) until the server holds them. A note
 * written offline is kept, survives a reload, is sent once the network is back with the id
 * the device made (a retry after a lost answer sends the same id), in the order written.
 */
import { IDBFactory } from "fake-indexeddb"
import { SetNotFound } from "#domain/workout-errors.ts"
import { describe, expect, test } from "vitest"
import type { CommentTarget, WorkoutComment } from "#domain/comments.ts"
import type { SetId, UserId } from "#domain/ids.ts"
import { indexedDbChatOutbox } from "#device/chat-outbox.store.ts"
import { NoteKeptForLater, NoteRefused } from "#domain/note-outcomes.ts"
import { onSet, samId } from "#machines/comments/comments.fixtures.ts"
import { noteAbout, startNotesOutbox, targetOfAbout } from "#machines/comments/notes-outbox.ts"
import { selectPendingNotes } from "#machines/comments/notes-outbox.selectors.ts"
import { NOT_SENT_YET } from "#machines/comment-composer/comment-composer.selectors.ts"
import { settleMicrotasks } from "./coach-stub-actors.ts"

const onSetTwo: CommentTarget = { kind: "set", setId: 102 as SetId }
const onWorkout: CommentTarget = { kind: "workout", date: onSet.date, workoutOrder: 0 }
const networkDown = () => new TypeError("Failed to fetch")

interface Sent {
  readonly id: string
  readonly target: CommentTarget
  readonly body: string
}

/** A server that stores each id once, and a network the test turns on and off. */
function world(factory = new IDBFactory()) {
  const sent: Array<Sent> = []
  const held = new Map<string, WorkoutComment>()
  let reachable = true
  let loseNextAnswer = false
  const listeners = new Set<(online: boolean) => void>()
  const chat = {
    addComment: (comment: Sent): Promise<WorkoutComment> => {
      if (!reachable) return Promise.reject(networkDown())
      sent.push(comment)
      const stored = held.get(comment.id) ?? {
        ...onSet,
        id: comment.id as WorkoutComment["id"],
        body: comment.body,
        seq: held.size + 1
      }
      held.set(comment.id, stored)
      if (loseNextAnswer) {
        loseNextAnswer = false
        return Promise.reject(networkDown())
      }
      return Promise.resolve(stored)
    }
  }
  const start = (me: UserId = samId) =>
    startNotesOutbox(
      {
        chat,
        kept: indexedDbChatOutbox(me, factory, "notes"),
        watchNetwork: (listener) => {
          listeners.add(listener)
          return () => void listeners.delete(listener)
        }
      },
      me,
      reachable
    )
  const network = (online: boolean) => {
    reachable = online
    for (const listener of listeners) listener(online)
  }
  return { factory, sent, held, start, network, loseAnswer: () => (loseNextAnswer = true) }
}

/** Lets the device's store and the outbox's sends run. */
const settle = async () => {
  for (let i = 0; i < 10; i++) {
    await new Promise((resolve) => setTimeout(resolve, 0))
    await settleMicrotasks()
  }
}

describe("what a note is on, as the outbox keeps it", () => {
  test("a set and a workout read back as the targets they were", () => {
    expect(targetOfAbout(noteAbout(onSetTwo))).toEqual(onSetTwo)
    expect(targetOfAbout(noteAbout(onWorkout))).toEqual(onWorkout)
    expect(targetOfAbout("exercise:4")).toBeNull()
    expect(targetOfAbout(undefined)).toBeNull()
  })
})

describe("the notes outbox", () => {
  test("online, a note is stored and answered; nothing stays on the device", async () => {
    const w = world()
    const outbox = w.start()
    await settle()
    const stored = await outbox.deliver(onSetTwo, { id: "0b6e4c1e-8f7a-4c1d-9a63-2f1e5d7c0001", text: "left knee" })
    expect(stored.body).toBe("left knee")
    expect(w.sent).toEqual([{ id: "0b6e4c1e-8f7a-4c1d-9a63-2f1e5d7c0001", target: onSetTwo, body: "left knee" }])
    await settle()
    expect(await indexedDbChatOutbox(samId, w.factory, "notes").load(samId)).toEqual([])
    outbox.stop()
  })

  test("offline, a note is kept (not sent), survives a reload, and is stored once when the network is back", async () => {
    const w = world()
    w.network(false)
    const first = w.start()
    await settle()
    await expect(
      first.deliver(onSetTwo, { id: "0b6e4c1e-8f7a-4c1d-9a63-2f1e5d7c0002", text: "felt easy" })
    ).rejects.toBeInstanceOf(NoteKeptForLater)
    expect(selectPendingNotes(first.actor.getSnapshot(), noteAbout(onSetTwo), null)).toMatchObject([
      { body: "felt easy", status: "waiting", note: NOT_SENT_YET }
    ])
    await settle()
    first.stop()

    // A reload: a new outbox over the same device store, still offline.
    const again = w.start()
    await settle()
    expect(selectPendingNotes(again.actor.getSnapshot(), noteAbout(onSetTwo), null)).toMatchObject([
      { id: "0b6e4c1e-8f7a-4c1d-9a63-2f1e5d7c0002", body: "felt easy", note: NOT_SENT_YET }
    ])
    // The chat's threads do not see it: a note is no chat message.
    expect(await indexedDbChatOutbox(samId, w.factory).load(samId)).toEqual([])
    const heard: Array<string> = []
    again.onStored((comment) => heard.push(comment.id))
    w.network(true)
    await settle()
    expect(w.sent).toEqual([{ id: "0b6e4c1e-8f7a-4c1d-9a63-2f1e5d7c0002", target: onSetTwo, body: "felt easy" }])
    expect(heard).toEqual(["0b6e4c1e-8f7a-4c1d-9a63-2f1e5d7c0002"])
    expect(selectPendingNotes(again.actor.getSnapshot(), noteAbout(onSetTwo), null)).toEqual([])
    expect(await indexedDbChatOutbox(samId, w.factory, "notes").load(samId)).toEqual([])
    again.stop()
  })

  test("a lost answer is retried with the same id, so the server holds the note once", async () => {
    const w = world()
    const outbox = w.start()
    await settle()
    w.loseAnswer()
    await expect(
      outbox.deliver(onWorkout, { id: "0b6e4c1e-8f7a-4c1d-9a63-2f1e5d7c0003", text: "packed gym" })
    ).rejects.toBeInstanceOf(NoteKeptForLater)
    w.network(true)
    await settle()
    expect(w.sent.map((sent) => sent.id)).toEqual([
      "0b6e4c1e-8f7a-4c1d-9a63-2f1e5d7c0003",
      "0b6e4c1e-8f7a-4c1d-9a63-2f1e5d7c0003"
    ])
    expect(w.held.size).toBe(1)
    // The composer's next try answers what the server stored, sending nothing more.
    await expect(
      outbox.deliver(onWorkout, { id: "0b6e4c1e-8f7a-4c1d-9a63-2f1e5d7c0003", text: "packed gym" })
    ).resolves.toMatchObject({
      body: "packed gym"
    })
    expect(w.sent).toHaveLength(2)
    outbox.stop()
  })

  test("notes written offline are sent in the order written", async () => {
    const w = world()
    w.network(false)
    const outbox = w.start()
    await settle()
    const kept = [
      outbox.deliver(onSetTwo, { id: "0b6e4c1e-8f7a-4c1d-9a63-2f1e5d7c0004", text: "first" }),
      outbox.deliver(onWorkout, { id: "0b6e4c1e-8f7a-4c1d-9a63-2f1e5d7c0005", text: "second" })
    ]
    await Promise.allSettled(kept)
    w.network(true)
    await settle()
    expect(w.sent.map((sent) => sent.body)).toEqual(["first", "second"])
    outbox.stop()
  })

  test("a refusal is the server's words; sending again queues the note anew", async () => {
    const w = world()
    const outbox = w.start()
    await settle()
    const refusing = {
      addComment: () => Promise.reject(new SetNotFound({ error: "target.setId: no set 102 in your workouts" }))
    }
    const refused = startNotesOutbox(
      { chat: refusing, kept: indexedDbChatOutbox(samId, w.factory, "notes"), watchNetwork: () => () => undefined },
      samId,
      true
    )
    await settle()
    const answer = refused.deliver(onSetTwo, { id: "0b6e4c1e-8f7a-4c1d-9a63-2f1e5d7c0006", text: "on a removed set" })
    await expect(answer).rejects.toBeInstanceOf(NoteRefused)
    await expect(answer).rejects.toMatchObject({ error: "target.setId: no set 102 in your workouts" })
    const pending = selectPendingNotes(refused.actor.getSnapshot(), noteAbout(onSetTwo), null)
    expect(pending).toMatchObject([{ status: "refused", canDiscard: true }])
    // Hidden where its composer shows it.
    expect(
      selectPendingNotes(refused.actor.getSnapshot(), noteAbout(onSetTwo), "0b6e4c1e-8f7a-4c1d-9a63-2f1e5d7c0006")
    ).toEqual([])
    await expect(
      refused.deliver(onSetTwo, { id: "0b6e4c1e-8f7a-4c1d-9a63-2f1e5d7c0006", text: "on a removed set" })
    ).rejects.toBeInstanceOf(NoteRefused)
    expect(refused.actor.getSnapshot().context.entries).toHaveLength(1)
    refused.stop()
    outbox.stop()
  })
})
