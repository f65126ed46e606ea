/**
 * The chat outboxes on the device (IndexedDB, fake-indexeddb), docs/decisions/030: each
 * message kept until the server stored it, per person and thread, oldest first, the
 * refusal with it; signing out counts them with the unsent sets, and erases them.
 */
import { IDBFactory } from "fake-indexeddb"
import { describe, expect, test } from "vitest"
import type { MessageId } from "#domain/chat.ts"
import type { UserId } from "#domain/ids.ts"
import { createIndexedDbOutbox } from "#device/autosave.outbox.ts"
import { indexedDbChatOutbox } from "#device/chat-outbox.store.ts"
import type { OutboxEntry } from "#domain/chat-outbox.ts"
import { countUnsent, eraseDevice } from "#device/device-erase.ts"

const ANN = 7 as UserId
const BO = 8 as UserId
const COACH = 3 as UserId
const entry = (n: number, body: string, minute: number, refused: string | null = null): OutboxEntry => ({
  id: `00000000-0000-4000-8000-00000000000${n}` as MessageId,
  body,
  createdAt: `2026-11-23T17:0${minute}:00.000Z`,
  refused
})

describe("the chat outboxes on the device", () => {
  test("give back each thread's messages oldest first, refusal included, and only the writer's", async () => {
    const factory = new IDBFactory()
    const ann = indexedDbChatOutbox(ANN, factory)
    await ann.keep(ANN, entry(2, "Second", 5))
    await ann.keep(ANN, entry(1, "First", 1, "body: must not be empty"))
    const coach = indexedDbChatOutbox(COACH, factory)
    await coach.keep(ANN, entry(3, "To Ann", 2))
    await coach.keep(BO, entry(4, "To Bo", 3))

    // After a reload: a new store over the same database.
    const again = indexedDbChatOutbox(ANN, factory)
    expect(await again.load(ANN)).toEqual([entry(1, "First", 1, "body: must not be empty"), entry(2, "Second", 5)])
    expect(await again.threads()).toEqual([ANN])
    expect(await indexedDbChatOutbox(COACH, factory).threads()).toEqual([ANN, BO])
    expect(await indexedDbChatOutbox(COACH, factory).load(BO)).toEqual([entry(4, "To Bo", 3)])
    // Someone else signed in on this device never sends Ann's.
    expect(await indexedDbChatOutbox(BO, factory).threads()).toEqual([])
  })

  test("keep the same id once (a refusal replaces the waiting copy), and forget it once stored", async () => {
    const factory = new IDBFactory()
    const ann = indexedDbChatOutbox(ANN, factory)
    await ann.keep(ANN, entry(1, "First", 1))
    await ann.keep(ANN, entry(1, "First", 1, "body: too long"))
    expect(await ann.load(ANN)).toEqual([entry(1, "First", 1, "body: too long")])
    await ann.forget(entry(1, "First", 1).id)
    expect(await ann.load(ANN)).toEqual([])
    expect(await ann.threads()).toEqual([])
  })

  test("signing out counts unsent messages with unsent sets, then erases them", async () => {
    const factory = new IDBFactory()
    expect(await countUnsent(factory)).toEqual({ sets: 0, messages: 0 })
    const ann = indexedDbChatOutbox(ANN, factory)
    await ann.keep(ANN, entry(1, "First", 1))
    await ann.keep(ANN, entry(2, "Second", 2, "body: too long"))
    expect(await countUnsent(factory)).toEqual({ sets: 0, messages: 2 })
    await createIndexedDbOutbox(ANN, factory).put({
      setId: 11 as never,
      update: { weight: 142.5 } as never,
      version: 1
    })
    expect(await countUnsent(factory)).toEqual({ sets: 1, messages: 2 })
    await eraseDevice(factory)
    expect(await countUnsent(factory)).toEqual({ sets: 0, messages: 0 })
    expect(await indexedDbChatOutbox(ANN, factory).load(ANN)).toEqual([])
  })
})
