/**
 * The promise autosave makes, checked as a property: whatever mix of logged edits (a
 * value typed, then Done: typing alone sends nothing, docs/decisions/039-done-means-done.md),
 * network failures, hidden pages and reloads happens, once the network is back every
 * set's last logged edit reaches the server, field by field, and nothing older overwrites
 * it afterwards.
 * (A page opened offline cannot show what the server holds; an edit there logs the set
 * as that page shows it, so earlier values of its other fields are no longer promised.)
 * Real pieces: the machine, the IndexedDB outbox (fake-indexeddb) and the send loop;
 * only the server is a fake, and time is a simulated clock.
 */
import fc from "fast-check"
import { IDBFactory } from "fake-indexeddb"
import { beforeAll, describe, expect, test, vi } from "vitest"
import { createActor, SimulatedClock } from "xstate"
import { GatewayDefect } from "#gateway/gateway-defect.ts"
import type { SetId, UserId } from "#domain/ids.ts"
import type { IsoDate } from "#domain/calendar.ts"
import type { LoggedRow, SetResultUpdate } from "#domain/workout.ts"
import { workoutRowFixture } from "#domain/workout-row-fixture.ts"
import { autosaveImplementations, sendOutbox, type PageSignals } from "#machines/autosave/autosave.actors.ts"
import { createIndexedDbOutbox } from "#device/autosave.outbox.ts"
import { autosaveMachine } from "#machines/autosave/autosave.machine.ts"
import type { SetBase } from "#machines/autosave/autosave.types.ts"
import type { LoggedField } from "#domain/logging-outbox.ts"

const SETS = [101, 102, 103] as Array<SetId>
/** Nothing prescribed to prefill: each field shows what was typed or what the server holds. */
const NO_PREFILL: SetBase = { weight: null, reps: null, rir: null, unit: "lb" }
const CLIENT = 7 as UserId
const DAY = "2026-01-05" as IsoDate

type Command =
  | { readonly kind: "edit"; readonly setId: SetId; readonly field: LoggedField; readonly value: number }
  | { readonly kind: "network"; readonly up: boolean }
  | { readonly kind: "serverError"; readonly failures: number }
  | { readonly kind: "hide" }
  | { readonly kind: "reload" }
  | { readonly kind: "wait"; readonly ms: number }

const edit = fc.oneof(
  fc.record({
    kind: fc.constant("edit" as const),
    setId: fc.constantFrom(...SETS),
    field: fc.constant("weight" as const),
    value: fc.integer({ min: 0, max: 500 })
  }),
  fc.record({
    kind: fc.constant("edit" as const),
    setId: fc.constantFrom(...SETS),
    field: fc.constant("reps" as const),
    value: fc.integer({ min: 0, max: 100 })
  }),
  fc.record({
    kind: fc.constant("edit" as const),
    setId: fc.constantFrom(...SETS),
    field: fc.constant("rir" as const),
    value: fc.integer({ min: 0, max: 20 }).map((n) => n / 2)
  })
)
const command: fc.Arbitrary<Command> = fc.oneof(
  { arbitrary: edit, weight: 6 },
  { arbitrary: fc.record({ kind: fc.constant("network" as const), up: fc.boolean() }), weight: 2 },
  {
    arbitrary: fc.record({ kind: fc.constant("serverError" as const), failures: fc.integer({ min: 1, max: 3 }) }),
    weight: 1
  },
  { arbitrary: fc.constant({ kind: "hide" as const }), weight: 1 },
  { arbitrary: fc.constant({ kind: "reload" as const }), weight: 1 },
  { arbitrary: fc.record({ kind: fc.constant("wait" as const), ms: fc.integer({ min: 0, max: 5000 }) }), weight: 3 }
)

/** The logged row the server answers: what it now holds for the set (the fields autosave reads). */
const answerRow = (id: number, held: Record<string, number | boolean | null> = {}): LoggedRow =>
  ({
    id,
    weight: held["weight"] ?? null,
    reps: held["reps"] ?? null,
    rir: held["rir"] ?? null,
    rpe: held["rpe"] ?? null,
    skipped: held["skipped"] ?? false
  }) as LoggedRow

/** The server: applies each update it accepts and remembers every write per field. */
function fakeServer() {
  const state: Record<number, Record<string, number | boolean | null>> = {}
  const writes: Array<{ setId: number; field: string; value: unknown }> = []
  let up = true
  let failNext = 0
  return {
    state,
    writes,
    setUp: (value: boolean) => void (up = value),
    isUp: () => up,
    failNext: (n: number) => void (failNext = n),
    gateway: {
      updateWorkoutResult: async (update: SetResultUpdate): Promise<LoggedRow> => {
        await Promise.resolve()
        if (!up) throw new GatewayDefect({ reason: "network", message: "offline" })
        if (failNext > 0) {
          failNext--
          throw new GatewayDefect({ reason: "status", status: 503, message: "busy" })
        }
        const { id, ...fields } = update
        for (const [field, value] of Object.entries(fields)) writes.push({ setId: id, field, value })
        state[id] = { ...state[id], ...(fields as Record<string, number | boolean | null>) }
        return answerRow(id, state[id])
      }
    },
    /** What the server holds, as rows (GET /workoutResults). */
    workoutResults: (): Promise<ReadonlyArray<LoggedRow>> =>
      up
        ? Promise.resolve(
            Object.entries(state).map(
              ([id, values]) =>
                ({
                  ...workoutRowFixture({ id: Number(id), date: DAY, exercise: "Squat" }),
                  skipped: false,
                  ...values
                }) as LoggedRow
            )
          )
        : Promise.reject(new GatewayDefect({ reason: "network", message: "offline" }))
  }
}

// Lets IndexedDB (fake-indexeddb schedules with real timers) and promise chains finish.
const settle = async () => {
  for (let i = 0; i < 6; i++) await new Promise((resolve) => setTimeout(resolve, 0))
}

async function runScenario(commands: ReadonlyArray<Command>, prefill: SetBase = NO_PREFILL) {
  const factory = new IDBFactory()
  const server = fakeServer()
  const clock = new SimulatedClock()
  let pages = 0
  // The page's signals, as the browser would give them (src/device/autosave.browser.ts in the app).
  let signals: PageSignals | undefined
  const openPage = () => {
    pages++
    const implementations = autosaveImplementations({
      outbox: createIndexedDbOutbox(CLIENT, factory),
      gateway: { ...server.gateway, workoutResults: server.workoutResults },
      clientId: CLIENT,
      date: DAY,
      watchPage: (page) => {
        signals = page
        return () => (signals = undefined)
      },
      whenIdle: (work) => {
        work()
        return () => undefined
      }
    })
    return createActor(autosaveMachine.provide(implementations), {
      input: { versionBase: pages * 1_000_000 },
      clock
    }).start()
  }
  let page = openPage()
  const lastEdit = new Map<string, number>()

  for (const step of commands) {
    if (step.kind === "edit") {
      page.send({ type: "set.edit", setId: step.setId, field: step.field, text: String(step.value), base: prefill })
      // Logged with Done ("Log anyway" when it asks about a field left empty).
      page.send({ type: "set.done", setId: step.setId, base: prefill })
      page.send({ type: "set.done.confirm", setId: step.setId, base: prefill })
      lastEdit.set(`${step.setId}.${step.field}`, step.value)
    } else if (step.kind === "network") {
      server.setUp(step.up)
      if (step.up) signals?.online()
    } else if (step.kind === "serverError") server.failNext(step.failures)
    else if (step.kind === "hide") signals?.hidden()
    else if (step.kind === "reload") {
      await settle()
      page.stop()
      // Opened offline, the page cannot show what the server holds: later edits log the set as it shows it.
      if (!server.isUp()) lastEdit.clear()
      page = openPage()
    } else clock.increment(step.ms)
    await settle()
  }

  // The network comes back for good; give the retries time to run out.
  server.setUp(true)
  server.failNext(0)
  signals?.online()
  for (
    let i = 0;
    i < 20 && !(page.getSnapshot().matches("idle") && Object.keys(page.getSnapshot().context.pending).length === 0);
    i++
  ) {
    await settle()
    clock.increment(31_000)
  }
  await settle()
  const leftInOutbox = await createIndexedDbOutbox(CLIENT, factory).readAll()
  page.stop()
  return { server, lastEdit, leftInOutbox, finalState: page.getSnapshot().value }
}

describe("delivering set edits", () => {
  beforeAll(() => {
    // Offline loads and refused sends are logged by design; keep the report readable.
    vi.spyOn(console, "error").mockImplementation(() => undefined)
  })

  test("every set's last edit reaches the server, through failures, hidden pages and reloads", async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(command, { minLength: 1, maxLength: 40 }), async (commands) => {
        const { server, lastEdit, leftInOutbox, finalState } = await runScenario(commands)
        expect(finalState).toBe("idle")
        expect(leftInOutbox).toEqual([])
        for (const [key, value] of lastEdit) {
          const [setId, field] = key.split(".") as [string, string]
          expect(server.state[Number(setId)]?.[field], `${key} on the server`).toBe(value)
          // Nothing older arrives after the last edit: its value is the field's final write.
          const lastWrite = server.writes.filter((w) => w.setId === Number(setId) && w.field === field).at(-1)
          expect(lastWrite?.value).toBe(value)
        }
      }),
      { numRuns: 60 }
    )
  }, 120_000)

  test("a set on a page opened offline is logged as it shows it, prescription included", async () => {
    const squat = 101 as SetId
    const { server } = await runScenario(
      [
        { kind: "network", up: false },
        { kind: "reload" },
        { kind: "edit", setId: squat, field: "weight", value: 120 },
        { kind: "wait", ms: 400 }
      ],
      { weight: 100, reps: 5, rir: 2, unit: "lb" } as unknown as SetBase
    )
    expect(server.state[squat]).toMatchObject({ weight: 120, reps: 5, rir: 2 })
  })

  test("an edit is on disk before it is sent, and leaves the outbox once the server has it", async () => {
    const factory = new IDBFactory()
    const server = fakeServer()
    const outbox = createIndexedDbOutbox(CLIENT, factory)
    const entry = { setId: 101 as SetId, version: 1, update: { id: 101 as SetId, weight: 100 as never } }
    void outbox.put(entry)
    let onDiskWhenSent: unknown
    const results = await sendOutbox([entry], outbox, {
      updateWorkoutResult: async (update) => {
        onDiskWhenSent = await createIndexedDbOutbox(CLIENT, factory).readAll()
        return server.gateway.updateWorkoutResult(update)
      }
    })
    expect(onDiskWhenSent).toEqual([entry])
    // Saved, with what the server answered it now holds.
    expect(results).toMatchObject([{ setId: 101, version: 1, outcome: "saved", held: { weight: 100 } }])
    expect(await outbox.readAll()).toEqual([])
  })

  test("confirming an older version keeps a newer edit of the same set in the outbox", async () => {
    const outbox = createIndexedDbOutbox(CLIENT, new IDBFactory())
    const newer = { setId: 101 as SetId, version: 2, update: { id: 101 as SetId, weight: 120 as never } }
    await outbox.put(newer)
    await outbox.remove(101 as SetId, 1)
    expect(await outbox.readAll()).toEqual([newer])
  })
})
