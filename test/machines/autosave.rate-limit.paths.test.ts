/**
 * A 429 (too many calls: server/rate-limit.ts) is "come back later", never a failure:
 * the gateway reads it with its Retry-After, the send loop keeps the edit and everything
 * after it in the outbox, and the machine waits what the server asked (no "Offline"
 * notice, no growing backoff, nothing marked "Not saved"), then sends again.
 * Real pieces: the gateway over a scripted fetch, the machine, the IndexedDB outbox
 * (fake-indexeddb) and the send loop; time is a simulated clock.
 */
import { IDBFactory } from "fake-indexeddb"
import { describe, expect, test } from "vitest"
import { createActor, SimulatedClock } from "xstate"
import type { IsoDate } from "#domain/calendar.ts"
import type { SetId, UserId } from "#domain/ids.ts"
import type { LoggedRow, SetResultUpdate } from "#domain/workout.ts"
import { GatewayDefect, isRateLimited } from "#gateway/gateway-defect.ts"
import { makeGateway } from "#gateway/gateway.ts"
import { autosaveImplementations, sendOutbox } from "#machines/autosave/autosave.actors.ts"
import { RETRY_AFTER_JITTER_MS } from "#domain/retry-backoff.ts"
import { autosaveMachine } from "#machines/autosave/autosave.machine.ts"
import { createIndexedDbOutbox } from "#device/autosave.outbox.ts"
import { selectSetStatus, selectSyncView } from "#machines/autosave/autosave.selectors.ts"
import type { OutboxEntry } from "#domain/logging-outbox.ts"

const CLIENT = 7 as UserId
const DAY = "2026-01-05" as IsoDate
const SQUAT = 101 as SetId
const BENCH = 103 as SetId
const RETRY_AFTER_SECONDS = 60

const tooManyRequests = () =>
  new GatewayDefect({
    reason: "rateLimited",
    status: 429,
    message: "Too many requests",
    retryAfterMs: RETRY_AFTER_SECONDS * 1000
  })

// Lets IndexedDB (fake-indexeddb schedules with real timers) and promise chains finish.
const settle = async () => {
  for (let i = 0; i < 6; i++) await new Promise((resolve) => setTimeout(resolve, 0))
}

const entry = (setId: SetId, version: number, reps: number): OutboxEntry => ({
  setId,
  version,
  update: { id: setId, reps: reps as never }
})

describe("the gateway reads a 429", () => {
  test("as a rateLimited defect carrying the server's Retry-After, not as a refusal", async () => {
    const gateway = makeGateway({
      baseUrl: "",
      getIdToken: () => Promise.resolve("token"),
      fetch: () =>
        Promise.resolve(
          Response.json(
            { error: "Too many requests; wait a moment and try again" },
            { status: 429, headers: { "retry-after": String(RETRY_AFTER_SECONDS) } }
          )
        )
    })
    const failure = await gateway.updateWorkoutResult({ id: SQUAT, reps: 5 as never }).catch((error: unknown) => error)
    expect(isRateLimited(failure)).toBe(true)
    expect(failure).toMatchObject({ _tag: "GatewayDefect", status: 429, retryAfterMs: RETRY_AFTER_SECONDS * 1000 })
  })

  test("any other undeclared status stays a plain status defect", async () => {
    const gateway = makeGateway({
      baseUrl: "",
      getIdToken: () => Promise.resolve("token"),
      fetch: () => Promise.resolve(Response.json({ error: "down" }, { status: 503, headers: { "retry-after": "5" } }))
    })
    const failure = await gateway.updateWorkoutResult({ id: SQUAT, reps: 5 as never }).catch((error: unknown) => error)
    expect(isRateLimited(failure)).toBe(false)
    expect(failure).toMatchObject({ reason: "status", status: 503, retryAfterMs: 5000 })
  })
})

describe("the send loop meets a 429", () => {
  test("keeps that edit and every one after it in the outbox, refused by nobody", async () => {
    const outbox = createIndexedDbOutbox(CLIENT, new IDBFactory())
    const entries = [entry(SQUAT, 1, 5), entry(BENCH, 2, 8)]
    for (const one of entries) void outbox.put(one)
    const sent: Array<SetResultUpdate> = []
    const results = await sendOutbox(entries, outbox, {
      updateWorkoutResult: (update) => {
        sent.push(update)
        return Promise.reject(tooManyRequests())
      }
    })
    // The first call met the limit; the rest were not sent into it.
    expect(sent).toHaveLength(1)
    expect(results).toEqual([
      { setId: SQUAT, version: 1, outcome: "retry", retryAfterMs: 60_000, rateLimited: true },
      { setId: BENCH, version: 2, outcome: "retry" }
    ])
    expect(await outbox.readAll()).toEqual(entries)
  })
})

describe("autosave meets a 429", () => {
  test("waits what the server asked, showing 'waiting' and no offline notice, then sends again and saves", async () => {
    const factory = new IDBFactory()
    const clock = new SimulatedClock()
    const calls: Array<SetResultUpdate> = []
    let limited = 2
    const server = {
      updateWorkoutResult: async (update: SetResultUpdate): Promise<LoggedRow> => {
        await Promise.resolve()
        calls.push(update)
        if (limited > 0) {
          limited--
          throw tooManyRequests()
        }
        return { ...update, skipped: update.skipped ?? false } as unknown as LoggedRow
      },
      workoutResults: () => Promise.resolve([] as ReadonlyArray<LoggedRow>)
    }
    const page = createActor(
      autosaveMachine.provide(
        autosaveImplementations({
          outbox: createIndexedDbOutbox(CLIENT, factory),
          gateway: server,
          clientId: CLIENT,
          date: DAY,
          watchPage: () => () => undefined,
          whenIdle: () => () => undefined
        })
      ),
      { input: { versionBase: 1000 }, clock }
    ).start()
    await settle()
    expect(page.getSnapshot().value).toBe("idle")

    const base = { weight: null, reps: null, rir: null, unit: "lb" } as const
    page.send({ type: "set.edit", setId: SQUAT, field: "reps", text: "5", base })
    page.send({ type: "set.done", setId: SQUAT, base })
    await settle()
    expect(calls).toHaveLength(1)

    // Twice the server says "later": each time the same wait, and never a failure.
    for (const callsSoFar of [1, 2]) {
      const snapshot = page.getSnapshot()
      expect(snapshot.value).toBe("waitingToRetry")
      expect(snapshot.context.attempt).toBe(0)
      expect(snapshot.context.rejected).toEqual([])
      // Still on its way, not offline.
      expect(selectSetStatus(snapshot, SQUAT)).toBe("saving")
      expect(selectSyncView(snapshot)).toMatchObject({ offline: false, waitingCount: 1 })
      expect(await createIndexedDbOutbox(CLIENT, factory).readAll()).toHaveLength(1)
      // Not before the time the server named...
      clock.increment(RETRY_AFTER_SECONDS * 1000 - 1)
      await settle()
      expect(calls).toHaveLength(callsSoFar)
      // ...and at the latest a jitter after it.
      clock.increment(RETRY_AFTER_JITTER_MS + 1)
      await settle()
      expect(calls).toHaveLength(callsSoFar + 1)
    }

    expect(page.getSnapshot().value).toBe("idle")
    expect(selectSetStatus(page.getSnapshot(), SQUAT)).toBe("saved")
    expect(calls.at(-1)).toEqual({ id: SQUAT, weight: null, weight_unit: "lb", reps: 5, rir: null, skipped: false })
    expect(await createIndexedDbOutbox(CLIENT, factory).readAll()).toEqual([])
    page.stop()
  })
})
