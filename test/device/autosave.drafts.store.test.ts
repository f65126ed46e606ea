/**
 * The drafts kept on the device (docs/decisions/039-done-means-done.md), over
 * fake-indexeddb: kept and read back per lifter, forgotten once logged, and never seen by
 * the outbox that sends.
 */
import { IDBFactory } from "fake-indexeddb"
import { describe, expect, test } from "vitest"
import type { SetId } from "#domain/ids.ts"
import { createIndexedDbDrafts } from "#device/autosave.drafts.ts"
import { createIndexedDbOutbox } from "#device/autosave.outbox.ts"

const SQUAT = 101 as SetId
const BENCH = 102 as SetId

describe("the drafts' store", () => {
  test("keeps each set's latest draft, reads it back after a reload, and forgets it", async () => {
    const factory = new IDBFactory()
    const drafts = createIndexedDbDrafts(7, factory)
    await drafts.putDraft({ setId: SQUAT, typed: { weight: "1" }, unit: "kg" })
    await drafts.putDraft({ setId: SQUAT, typed: { weight: "110" }, unit: "kg" })
    await drafts.putDraft({ setId: BENCH, typed: { reps: "25x" } })
    // A new page (a reload) reads what the last one kept.
    const reloaded = createIndexedDbDrafts(7, factory)
    expect(await reloaded.readDrafts()).toEqual([
      { setId: SQUAT, typed: { weight: "110" }, unit: "kg" },
      { setId: BENCH, typed: { reps: "25x" } }
    ])
    await reloaded.forgetDraft(SQUAT)
    expect(await createIndexedDbDrafts(7, factory).readDrafts()).toEqual([{ setId: BENCH, typed: { reps: "25x" } }])
  })

  test("one lifter never reads another's drafts, and the outbox that sends never sees any", async () => {
    const factory = new IDBFactory()
    await createIndexedDbDrafts(7, factory).putDraft({ setId: SQUAT, typed: { weight: "110" }, unit: "lb" })
    expect(await createIndexedDbDrafts(8, factory).readDrafts()).toEqual([])
    expect(await createIndexedDbOutbox(7, factory).readAll()).toEqual([])
  })
})
