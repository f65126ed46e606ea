/**
 * The device copy in IndexedDB (fake-indexeddb), docs/decisions/027: each user's own
 * copy, reads joining it, a span answering only for days it covers, and signing out's
 * erase and count of unsent sets.
 */
import { IDBFactory } from "fake-indexeddb"
import { describe, expect, test } from "vitest"
import type { IsoDate } from "#domain/calendar.ts"
import type { UserId } from "#domain/ids.ts"
import { workoutRowFixture } from "#domain/workout-row-fixture.ts"
import { createIndexedDbOutbox } from "#device/autosave.outbox.ts"
import { indexedDbDeviceCopy } from "#device/device-copy.store.ts"
import { countUnsentSets, eraseDevice } from "#device/device-erase.ts"
import { asOfText } from "#domain/as-of-text.ts"
import { isNetworkFailure } from "#domain/network-failure.ts"

const NOW = new Date("2026-01-07T07:42:00")
const day = (iso: string) => iso as IsoDate
const row = (id: number, date: string, exercise: string) => workoutRowFixture({ id, date, exercise, reps: 5, rir: 2 })
const ANN = 7 as UserId
const BO = 8 as UserId

describe("the device copy", () => {
  test("keeps each user's reads apart, and answers a range it covers with its rows and when it was read", async () => {
    const factory = new IDBFactory()
    const ann = indexedDbDeviceCopy(ANN, factory, () => NOW)
    await ann.keep({
      from: day("2026-01-01"),
      to: day("2026-01-21"),
      workouts: [row(1, "2026-01-07", "Squat"), row(2, "2026-01-10", "Deadlift")],
      results: [],
      completions: []
    })
    const week = await ann.read({ from: day("2026-01-04"), to: day("2026-01-10") })
    expect(week?.asOf).toBe(NOW.getTime())
    expect(week?.workouts?.map((r) => r.exercise)).toEqual(["Squat", "Deadlift"])
    expect(week?.results).toEqual([])
    // Another user on the same device has no copy at all.
    expect(
      await indexedDbDeviceCopy(BO, factory, () => NOW).read({ from: day("2026-01-04"), to: day("2026-01-10") })
    ).toBeNull()
    // Days the copy never read are not answered.
    expect(await ann.read({ from: day("2026-01-25"), to: day("2026-01-31") })).toBeNull()
  })

  test("a fresh read replaces its days and joins the span; a read apart from it is not kept", async () => {
    const copy = indexedDbDeviceCopy(ANN, new IDBFactory(), () => NOW)
    await copy.keep({ from: day("2026-01-04"), to: day("2026-01-10"), workouts: [row(1, "2026-01-07", "Squat")] })
    await copy.keep({ from: day("2026-01-07"), to: day("2026-01-17"), workouts: [row(3, "2026-01-14", "Press")] })
    const joined = await copy.read({ from: day("2026-01-04"), to: day("2026-01-17") })
    // Today's squat was removed by the coach: the later read, covering today, says so.
    expect(joined?.workouts?.map((r) => r.exercise)).toEqual(["Press"])
    await copy.keep({ from: day("2026-02-20"), to: day("2026-02-26"), workouts: [row(4, "2026-02-21", "Row")] })
    expect(await copy.read({ from: day("2026-02-20"), to: day("2026-02-26") })).toBeNull()
    // Which kinds were read is kept apart: no results were, so none are claimed.
    expect(joined?.results).toBeNull()
  })

  test("keeps each lifter's preferences as the server answered them, beside their days and apart from others'", async () => {
    const factory = new IDBFactory()
    let clock = NOW
    const ann = indexedDbDeviceCopy(ANN, factory, () => clock)
    // Never answered on this device: nothing is claimed, no unit guessed.
    expect(await ann.readPreferences()).toBeNull()
    await ann.keepPreferences({ unit: "kg", bar: 15, smallest_plate: 0.5 })
    // Only preferences kept: the days are still not covered.
    expect(await ann.read({ from: day("2026-01-04"), to: day("2026-01-10") })).toBeNull()
    clock = new Date("2026-01-07T09:00:00")
    await ann.keep({ from: day("2026-01-01"), to: day("2026-01-21"), workouts: [row(1, "2026-01-07", "Squat")] })
    // A later read of the days keeps the preferences, and says when the server answered them, not the days.
    expect(await ann.readPreferences()).toEqual({
      preferences: { unit: "kg", bar: 15, smallest_plate: 0.5 },
      asOf: NOW.getTime()
    })
    expect((await ann.read({ from: day("2026-01-04"), to: day("2026-01-10") }))?.asOf).toBe(clock.getTime())
    // A new answer replaces the old one; the days stay.
    await ann.keepPreferences({ unit: "lb", bar: null, smallest_plate: null })
    expect((await ann.readPreferences())?.preferences.unit).toBe("lb")
    expect((await ann.read({ from: day("2026-01-04"), to: day("2026-01-10") }))?.workouts).toHaveLength(1)
    // Another user on the same device has none.
    expect(await indexedDbDeviceCopy(BO, factory, () => NOW).readPreferences()).toBeNull()
    await eraseDevice(factory)
    expect(await ann.readPreferences()).toBeNull()
  })

  test("signing out empties the copy and the outbox, after counting what was not sent", async () => {
    const factory = new IDBFactory()
    expect(await countUnsentSets(factory)).toBe(0)
    const outbox = createIndexedDbOutbox(ANN, factory)
    await outbox.put({ setId: 11 as never, update: { weight: 142.5 } as never, version: 1 })
    await outbox.put({ setId: 12 as never, update: { weight: 100 } as never, version: 1 })
    await indexedDbDeviceCopy(ANN, factory, () => NOW).keep({
      from: day("2026-01-04"),
      to: day("2026-01-10"),
      workouts: [row(1, "2026-01-07", "Squat")]
    })
    expect(await countUnsentSets(factory)).toBe(2)
    await eraseDevice(factory)
    expect(await countUnsentSets(factory)).toBe(0)
    expect(
      await indexedDbDeviceCopy(ANN, factory, () => NOW).read({ from: day("2026-01-04"), to: day("2026-01-10") })
    ).toBeNull()
  })
})

describe("what the screens say and when they say it", () => {
  test("'as of' is the time alone today, with the date another day", () => {
    expect(asOfText(NOW.getTime(), NOW, "en-US")).toBe("7:42 AM")
    expect(asOfText(new Date("2026-01-06T18:05:00").getTime(), NOW, "en-US")).toBe("Jan 6, 6:05 PM")
  })

  test("only a failure to reach the server is answered from the copy, never a refusal", () => {
    expect(isNetworkFailure(new TypeError("Failed to fetch"))).toBe(true)
    expect(isNetworkFailure({ _tag: "GatewayDefect", reason: "network" })).toBe(true)
    expect(
      isNetworkFailure({ _tag: "GatewayDefect", reason: "token", cause: { code: "auth/network-request-failed" } })
    ).toBe(true)
    expect(isNetworkFailure({ _tag: "GatewayDefect", reason: "status", status: 500 })).toBe(false)
    expect(isNetworkFailure({ _tag: "Forbidden", error: "Not your client" })).toBe(false)
    expect(isNetworkFailure({ _tag: "Unauthorized", error: "Sign in again" })).toBe(false)
  })
})
