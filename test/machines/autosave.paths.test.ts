/**
 * The autosave machine walked by its own model: every state and transition, replayed on
 * a running actor built with `autosaveImplementations`, a simulated clock, a scripted
 * outbox and a scripted server.
 * At each step what a person would notice must hold: each set says saved, saving,
 * waiting to sync, skipped, not saved, or why a field is not sent; it never says saved
 * while an edit waits or a field holds no value; every edit is in the outbox before it
 * is sent, a field typed past is never sent, and nothing is sent before 300 ms of quiet
 * unless the page is being hidden.
 */
import { beforeAll, describe, expect, test, vi } from "vitest"
import { createActor, SimulatedClock } from "xstate"
import { BadRequest, NotFound } from "#domain/api-errors.ts"
import type { IsoDate } from "#domain/calendar.ts"
import type { SetId, UserId } from "#domain/ids.ts"
import type { PrefilledSet } from "#domain/prescription.ts"
import type { LoggedRow, SetResultUpdate } from "#domain/workout.ts"
import { workoutRowFixture } from "#domain/workout-row-fixture.ts"
import { GatewayDefect } from "#gateway/gateway-defect.ts"
import { autosaveImplementations, loggedValues } from "#machines/autosave/autosave.actors.ts"
import { retryDelayMs } from "#machines/autosave/autosave.edits.ts"
import { autosaveMachine, SAVE_DEBOUNCE_MS } from "#machines/autosave/autosave.machine.ts"
import {
  selectSetInput,
  selectSetOutcome,
  selectSetStatus,
  type AutosaveSnapshot
} from "#machines/autosave/autosave.selectors.ts"
import {
  LOGGED_FIELDS,
  type AutosaveEvent,
  type LoggedValues,
  type Outbox,
  type OutboxEntry,
  type Restored,
  type SendResult,
  type SetBase
} from "#machines/autosave/autosave.types.ts"
import { delayedEvents, leafOf, modelOf } from "./client-model-walk.ts"

const SQUAT = 101 as SetId
const BENCH = 103 as SetId
/** What the server holds for the workout when the page opens: the squat logged at 200 lbs. */
const SERVER_ROWS: ReadonlyArray<LoggedRow> = [
  {
    ...workoutRowFixture({ id: SQUAT, date: "2026-01-05", exercise: "Squat", weight: 200 }),
    skipped: false
  } as LoggedRow
]
/** The prescription each set's fields start with. */
const PREFILL = { weight: 185, reps: 5, rir: 2 } as unknown as PrefilledSet

type ModelEvent = AutosaveEvent | { readonly type: string; readonly output?: unknown; readonly error?: unknown }

const leftover: OutboxEntry = { setId: BENCH, version: 5, update: { id: BENCH, weight: 135 as never } }
const restoredWith = (entries: ReadonlyArray<OutboxEntry>): Restored => ({
  entries,
  logged: loggedValues(SERVER_ROWS)
})

const sendResults = (snapshot: AutosaveSnapshot, outcome: SendResult["outcome"]): ReadonlyArray<SendResult> =>
  snapshot.context.inFlight.map(({ setId, version }) => ({ setId, version, outcome }))

const eventsFor = (snapshot: AutosaveSnapshot): ReadonlyArray<ModelEvent> => [
  { type: "set.edit", setId: SQUAT, field: "reps", text: "25", base: PREFILL },
  { type: "set.edit", setId: SQUAT, field: "reps", text: "25x", base: PREFILL },
  { type: "set.done", setId: SQUAT, base: PREFILL },
  { type: "set.skip", setId: SQUAT },
  { type: "set.removed", setId: SQUAT },
  { type: "page.hidden" },
  { type: "network.online" },
  ...delayedEvents(snapshot),
  { type: "xstate.done.actor.restore", output: restoredWith([]) },
  { type: "xstate.done.actor.restore", output: restoredWith([leftover]) },
  { type: "xstate.error.actor.restore", error: new Error("IndexedDB unavailable") },
  { type: "xstate.done.actor.sendEdits", output: sendResults(snapshot, "saved") },
  { type: "xstate.done.actor.sendEdits", output: sendResults(snapshot, "retry") },
  { type: "xstate.done.actor.sendEdits", output: sendResults(snapshot, "rejected") },
  { type: "xstate.done.actor.sendEdits", output: sendResults(snapshot, "gone") },
  { type: "xstate.error.actor.sendEdits", error: new Error("crashed") }
]

const serialize = (snapshot: AutosaveSnapshot): string => {
  const { pending, inFlight, rejected, invalid } = snapshot.context
  const editedDuringSend =
    inFlight.some((sent) => pending[sent.setId]?.version !== sent.version) ||
    Object.keys(pending).length > inFlight.length
  return JSON.stringify([
    snapshot.value,
    Object.keys(pending).sort(),
    inFlight.length > 0 && editedDuringSend,
    rejected.length > 0,
    (snapshot.context.gone ?? []).length > 0,
    Object.keys(invalid).sort()
  ])
}

const walk = modelOf<AutosaveSnapshot, ModelEvent>(autosaveMachine, {
  input: { versionBase: 1000 },
  events: eventsFor,
  serialize
})

describe("the autosave machine's model", () => {
  test("reaches every state the machine declares", () => {
    expect(walk.reachedStates).toEqual(walk.leafStates)
  })

  test("takes every transition the machine declares, every guarded branch included", () => {
    expect(walk.untakenTransitions).toEqual([])
  })
})

/**
 * The app's wiring (`autosaveImplementations`) over a scripted outbox and gateway: the
 * outbox read and each send wait for the walk, which answers them as the model says.
 */
function startAutosave() {
  const clock = new SimulatedClock()
  const stored: Array<OutboxEntry> = []
  const disk = new Map<number, OutboxEntry>()
  const restores: Array<{ resolve: (r: Restored) => void; reject: (e: unknown) => void }> = []
  const sends: Array<{
    /** What the outbox held when the send began: the batch it sends. */
    entries: ReadonlyArray<OutboxEntry>
    storedBefore: number
    resolve: (r: ReadonlyArray<SendResult>) => void
    reject: (e: unknown) => void
  }> = []
  /** Every update that reached the server, and whether the outbox held it then. */
  const sent: Array<{ update: SetResultUpdate; onDisk: boolean }> = []
  let restored: Promise<Restored> | undefined
  let outcome: SendResult["outcome"] = "saved"
  const outbox: Outbox = {
    readAll: () => {
      restored = new Promise((resolve, reject) => restores.push({ resolve, reject }))
      return restored.then(({ entries }) => {
        for (const entry of entries) disk.set(entry.setId, entry)
        return entries
      })
    },
    put: (entry) => {
      stored.push(entry)
      disk.set(entry.setId, entry)
      return Promise.resolve()
    },
    remove: (setId, version) => {
      if (disk.get(setId)?.version === version) disk.delete(setId)
      return Promise.resolve()
    },
    forget: (setId) => {
      disk.delete(setId)
      return Promise.resolve()
    },
    drain: () =>
      new Promise((resolve, reject) =>
        sends.push({
          entries: [...disk.values()],
          storedBefore: stored.length,
          resolve: (results) => {
            outcome = results[0]?.outcome ?? "saved"
            resolve()
          },
          reject
        })
      )
  }
  // What the server holds, answered after each update it takes (its logged row).
  const held: Record<number, LoggedValues> = { ...loggedValues(SERVER_ROWS) }
  const gateway = {
    // What the server holds comes with the outbox read (the model's `logged`).
    workoutResults: () => (restored ?? Promise.reject(new Error("no restore"))).then(() => SERVER_ROWS),
    updateWorkoutResult: (update: SetResultUpdate) => {
      sent.push({ update, onDisk: disk.get(update.id)?.update === update })
      if (outcome === "retry") return Promise.reject(new GatewayDefect({ reason: "network", message: "offline" }))
      if (outcome === "rejected") return Promise.reject(new BadRequest({ error: "weight must be at most 2000" }))
      if (outcome === "gone")
        return Promise.reject(new NotFound({ error: `id: no set with id ${update.id} in your workouts` }))
      const { id, ...fields } = update
      held[id] = { ...held[id], ...fields }
      return Promise.resolve({ id, ...held[id] } as LoggedRow)
    }
  }
  const actor = createActor(
    autosaveMachine.provide(
      autosaveImplementations({
        gateway: () => Promise.resolve(gateway as never),
        clientId: 7 as UserId,
        date: "2026-01-05" as IsoDate,
        outbox,
        watchPage: () => () => undefined,
        whenIdle: () => () => undefined
      })
    ),
    { input: { versionBase: 1000 }, clock }
  ).start()
  /** Sets removed and not touched since. */
  const removed = new Set<SetId>()
  return { actor, clock, stored, restores, sends, sent, removed }
}

const flush = () => new Promise((resolve) => setTimeout(resolve, 0))
const waitFor = (type: string): number => (type.includes("saveDebounce") ? SAVE_DEBOUNCE_MS : 30_000)

describe("a running autosave, driven along the model", () => {
  beforeAll(() => {
    // Refused edits are logged by design (SPEC section 8); keep the report readable.
    vi.spyOn(console, "error").mockImplementation(() => undefined)
  })

  test.each(walk.walksForEveryTransition.map((edge) => [edge.name, edge] as const))("%s", async (_, edge) => {
    const run = startAutosave()
    await walk.model.testPath(edge.path, {
      events: new Proxy(
        {},
        {
          get:
            () =>
            async ({ event }: { event: ModelEvent }) => {
              const before = run.actor.getSnapshot().value
              if (event.type.startsWith("xstate.after.")) {
                // Just short of the debounce nothing is sent; at 300 ms it is. The backoff is jittered: wait its longest.
                run.clock.increment(waitFor(event.type) - 1)
                if (event.type.includes("saveDebounce")) expect(run.actor.getSnapshot().value).toEqual(before)
                run.clock.increment(1)
              } else if (event.type === "xstate.done.actor.restore")
                run.restores.at(-1)?.resolve(event.output as Restored)
              else if (event.type === "xstate.error.actor.restore") run.restores.at(-1)?.reject(event.error)
              else if (event.type === "xstate.done.actor.sendEdits") {
                // The model's results name the versions in flight; the running actor's are the same.
                run.sends.at(-1)?.resolve(event.output as ReadonlyArray<SendResult>)
              } else if (event.type === "xstate.error.actor.sendEdits") run.sends.at(-1)?.reject(event.error)
              else {
                if (event.type === "set.removed") run.removed.add(SQUAT)
                else if (event.type.startsWith("set.")) run.removed.delete(SQUAT)
                run.actor.send(event as AutosaveEvent)
              }
              await flush()
            }
        }
      ),
      states: {
        "*": (expected) => {
          const snapshot = run.actor.getSnapshot()
          expect(leafOf(snapshot)).toBe(leafOf(expected))
          expect(snapshot.context.pending).toEqual(expected.context.pending)
          expect(snapshot.context.values).toEqual(expected.context.values)
          // Every edit reached the outbox before any send that carries it.
          for (const send of run.sends) {
            for (const entry of send.entries) {
              expect(
                run.stored.slice(0, send.storedBefore).concat(entry.version === leftover.version ? [leftover] : [])
              ).toContainEqual(entry)
            }
          }
          for (const setId of [SQUAT, BENCH]) {
            const { invalid, pending, rejected, values } = snapshot.context
            const status = selectSetStatus(snapshot, setId)
            if (invalid[setId] !== undefined) expect(status).toBe("invalid")
            else if (rejected.includes(setId)) expect(status).toBe("rejected")
            // A set the coach removed says so, whatever waits for it: it is never sent again.
            else if (snapshot.context.gone?.includes(setId) === true) expect(status).toBe("removed")
            else if (pending[setId] !== undefined)
              expect(status).toBe(
                snapshot.matches("waitingToRetry") && !snapshot.context.rateLimited ? "offline" : "saving"
              )
            else expect(["saved", "skipped", "untouched"]).toContain(status)
            // "Saved" only when every field shows what the server holds.
            if (status === "saved") {
              const view = selectSetInput(snapshot, setId, PREFILL)
              for (const field of LOGGED_FIELDS) expect(view[field]).toBe(String(values[setId]?.[field] ?? ""))
            }
            // A field typed past is never waiting to be sent.
            for (const field of Object.keys(invalid[setId] ?? {}))
              expect(pending[setId]?.update).not.toHaveProperty(field)
          }
          // Nothing about a removed set is kept.
          if (run.removed.has(SQUAT)) {
            expect(selectSetOutcome(snapshot, SQUAT)).toBe("unlogged")
            expect(snapshot.context.typed[SQUAT]).toBeUndefined()
          }
          // RPE is no longer logged (docs/decisions/016).
          expect(run.sent.filter(({ update }) => "rpe" in update)).toEqual([])
          // A send carries exactly what is on disk, and nothing reaches the server that was not.
          const bySet = (entries: ReadonlyArray<OutboxEntry>) => [...entries].sort((a, b) => a.setId - b.setId)
          if (snapshot.matches("sending")) {
            expect(bySet(run.sends.at(-1)?.entries ?? [])).toEqual(bySet(snapshot.context.inFlight))
          }
          expect(run.sent.filter(({ onDisk }) => !onDisk)).toEqual([])
        }
      }
    })
    run.actor.stop()
  })
})

const edit = (field: "weight" | "reps" | "rir", text: string, setId: SetId = SQUAT): AutosaveEvent => ({
  type: "set.edit",
  setId,
  field,
  text,
  base: PREFILL
})
const updatesSent = (run: ReturnType<typeof startAutosave>) => run.sends.map((s) => s.entries.map((e) => e.update))

describe("saving set edits", () => {
  test("typing sends the whole set once, 300 ms after the last keystroke, with the latest values", async () => {
    const run = startAutosave()
    run.restores[0]?.resolve(restoredWith([]))
    await flush()
    for (const text of ["2", "22", "225"]) {
      run.actor.send(edit("weight", text, BENCH))
      run.clock.increment(200)
    }
    expect(run.sends).toHaveLength(0)
    expect(selectSetInput(run.actor.getSnapshot(), BENCH, PREFILL)).toMatchObject({
      status: "saving",
      weight: "225",
      reps: "5",
      rir: "2"
    })
    run.clock.increment(100)
    // The other fields as shown (the prefill), so the server holds what the screen says.
    expect(updatesSent(run)).toEqual([[{ id: BENCH, weight: 225, weight_unit: "lb", reps: 5, rir: 2, skipped: false }]])
    run.sends[0]?.resolve(sendResults(run.actor.getSnapshot(), "saved"))
    await flush()
    expect(selectSetInput(run.actor.getSnapshot(), BENCH, PREFILL)).toMatchObject({
      status: "saved",
      statusText: "Saved",
      done: true,
      performed: { weight: 225, reps: 5, rir: 2 }
    })
  })

  test("a set the server holds shows and sends what the server holds, not the prefill", async () => {
    const run = startAutosave()
    run.restores[0]?.resolve(restoredWith([]))
    await flush()
    expect(selectSetInput(run.actor.getSnapshot(), SQUAT, PREFILL)).toMatchObject({
      weight: "200",
      reps: "",
      rir: "",
      status: "saved"
    })
    run.actor.send(edit("reps", "8"))
    run.actor.send({ type: "page.hidden" })
    expect(updatesSent(run)).toEqual([
      [{ id: SQUAT, weight: 200, weight_unit: "lb", reps: 8, rir: null, skipped: false }]
    ])
  })

  test("done logs the set as prefilled in one event", async () => {
    const run = startAutosave()
    run.restores[0]?.resolve(restoredWith([]))
    await flush()
    run.actor.send({ type: "set.done", setId: BENCH, base: PREFILL })
    expect(selectSetInput(run.actor.getSnapshot(), BENCH, PREFILL)).toMatchObject({ status: "saving", done: true })
    run.clock.increment(SAVE_DEBOUNCE_MS)
    expect(updatesSent(run)).toEqual([[{ id: BENCH, weight: 185, weight_unit: "lb", reps: 5, rir: 2, skipped: false }]])
  })

  test("hiding the page sends at once instead of waiting for the debounce", async () => {
    const run = startAutosave()
    run.restores[0]?.resolve(restoredWith([]))
    await flush()
    run.actor.send(edit("rir", "2.5", BENCH))
    run.actor.send({ type: "page.hidden" })
    expect(updatesSent(run)).toEqual([
      [{ id: BENCH, weight: 185, weight_unit: "lb", reps: 5, rir: 2.5, skipped: false }]
    ])
  })

  test("a failed send waits to sync, then retries with a growing, jittered backoff", async () => {
    const run = startAutosave()
    run.restores[0]?.resolve(restoredWith([]))
    await flush()
    run.actor.send(edit("reps", "5"))
    run.clock.increment(SAVE_DEBOUNCE_MS)
    run.sends[0]?.resolve(sendResults(run.actor.getSnapshot(), "retry"))
    await flush()
    expect(selectSetInput(run.actor.getSnapshot(), SQUAT, PREFILL)).toMatchObject({
      status: "offline",
      statusText: "Waiting to sync"
    })
    run.clock.increment(30_000)
    expect(run.sends).toHaveLength(2)
    expect([retryDelayMs(1, 0), retryDelayMs(1, 1), retryDelayMs(3, 1), retryDelayMs(20, 1)]).toEqual([
      500, 1000, 4000, 30_000
    ])
  })

  test.each([
    ["reps", "25", 25],
    ["reps", "100", 100],
    ["weight", "2000", 2000],
    ["weight", "102.5", 102.5],
    ["rir", "8.5", 8.5],
    ["rir", "0", 0],
    ["reps", "", null]
  ] as const)("%s %j is sent as %j", async (field, text, value) => {
    const run = startAutosave()
    run.restores[0]?.resolve(restoredWith([]))
    await flush()
    run.actor.send(edit(field, text, BENCH))
    run.actor.send({ type: "page.hidden" })
    expect(updatesSent(run)[0]?.[0]).toMatchObject({ [field]: value })
    expect(selectSetInput(run.actor.getSnapshot(), BENCH, PREFILL)[field]).toBe(text)
  })

  test.each([
    ["reps", "101", "Reps must be a whole number from 0 to 100"],
    ["reps", "2.5", "Reps must be a whole number from 0 to 100"],
    ["reps", "25x", "Reps must be a whole number from 0 to 100"],
    ["weight", "2500", "Weight must be 0 to 2000 lbs"],
    ["weight", "-5", "Weight must be 0 to 2000 lbs"],
    ["weight", "1e3", "Weight must be 0 to 2000 lbs"],
    ["rir", "8.3", "RIR must be 0 to 10 in steps of 0.5"],
    ["rir", "11", "RIR must be 0 to 10 in steps of 0.5"]
  ] as const)("%s %j is kept on the field with its message, and never sent", async (field, text, message) => {
    const run = startAutosave()
    run.restores[0]?.resolve(restoredWith([]))
    await flush()
    run.actor.send(edit(field, text, BENCH))
    run.clock.increment(SAVE_DEBOUNCE_MS)
    expect(run.actor.getSnapshot().matches("idle")).toBe(true)
    expect(run.stored).toEqual([])
    expect(selectSetInput(run.actor.getSnapshot(), BENCH, PREFILL)).toMatchObject({
      [field]: text,
      errors: { [field]: message },
      status: "invalid",
      statusText: `Not sent: ${message}`,
      canMarkDone: false
    })
    // Done is refused while the field says why.
    run.actor.send({ type: "set.done", setId: BENCH, base: PREFILL })
    expect(run.stored).toEqual([])
  })

  test("a value typed past before the debounce is taken back: 2 then 25x sends no reps", async () => {
    const run = startAutosave()
    run.restores[0]?.resolve(restoredWith([]))
    await flush()
    run.actor.send(edit("reps", "2", BENCH))
    run.actor.send(edit("reps", "25x", BENCH))
    run.clock.increment(SAVE_DEBOUNCE_MS)
    expect(updatesSent(run)).toEqual([[{ id: BENCH, weight: 185, weight_unit: "lb", rir: 2, skipped: false }]])
    // The outbox never keeps the 2 either.
    expect(run.stored.at(-1)?.update).not.toHaveProperty("reps")
    run.sends[0]?.resolve(sendResults(run.actor.getSnapshot(), "saved"))
    await flush()
    expect(selectSetInput(run.actor.getSnapshot(), BENCH, PREFILL)).toMatchObject({ status: "invalid", reps: "25x" })
    // Fixing the field sends it, and only then the set is saved.
    run.actor.send(edit("reps", "25", BENCH))
    run.clock.increment(SAVE_DEBOUNCE_MS)
    expect(updatesSent(run)[1]).toEqual([
      { id: BENCH, weight: 185, weight_unit: "lb", reps: 25, rir: 2, skipped: false }
    ])
    run.sends[1]?.resolve(sendResults(run.actor.getSnapshot(), "saved"))
    await flush()
    expect(selectSetInput(run.actor.getSnapshot(), BENCH, PREFILL)).toMatchObject({ status: "saved", reps: "25" })
  })

  test("in kilograms: typed and prefilled weights are sent in kg, a weight held in pounds is shown in kg and kept as held", async () => {
    const KILOS = { ...PREFILL, weight: 85, unit: "kg" } as SetBase
    const run = startAutosave()
    run.restores[0]?.resolve(restoredWith([]))
    await flush()
    // The bench's prefill (a load worked out in kg) logged in one tap.
    run.actor.send({ type: "set.done", setId: BENCH, base: KILOS })
    run.actor.send({ type: "page.hidden" })
    expect(updatesSent(run)[0]).toEqual([{ id: BENCH, weight: 85, weight_unit: "kg", reps: 5, rir: 2, skipped: false }])
    run.sends[0]?.resolve(sendResults(run.actor.getSnapshot(), "saved"))
    await flush()
    // The squat holds 200 lb: the lifter reads 90.72 kg, and a new rep count leaves the 200 lb as it is.
    expect(selectSetInput(run.actor.getSnapshot(), SQUAT, KILOS).weight).toBe("90.72")
    run.actor.send({ type: "set.edit", setId: SQUAT, field: "reps", text: "6", base: KILOS })
    run.actor.send({ type: "page.hidden" })
    expect(
      updatesSent(run)
        .at(-1)
        ?.find((update) => update.id === SQUAT)
    ).toMatchObject({ weight: 200, weight_unit: "lb" })
    run.sends.at(-1)?.resolve(sendResults(run.actor.getSnapshot(), "saved"))
    await flush()
    // A weight typed is in the field's unit, and so is its message.
    run.actor.send({ type: "set.edit", setId: SQUAT, field: "weight", text: "2500", base: KILOS })
    expect(selectSetInput(run.actor.getSnapshot(), SQUAT, KILOS).errors.weight).toBe("Weight must be 0 to 2000 kg")
    run.actor.send({ type: "set.edit", setId: SQUAT, field: "weight", text: "92.5", base: KILOS })
    run.actor.send({ type: "page.hidden" })
    expect(
      updatesSent(run)
        .at(-1)
        ?.find((update) => update.id === SQUAT)
    ).toMatchObject({ weight: 92.5, weight_unit: "kg" })
  })

  test("a weight typed before the lifter's unit was known stays in the unit it was typed in", async () => {
    const KILOS = { ...PREFILL, weight: 85, unit: "kg" } as SetBase
    const run = startAutosave()
    run.restores[0]?.resolve(restoredWith([]))
    await flush()
    run.actor.send(edit("weight", "280", BENCH))
    // The loads come in: the field's unit is now kg, but 280 was typed under "lbs".
    expect(selectSetInput(run.actor.getSnapshot(), BENCH, KILOS)).toMatchObject({ weight: "280", weightUnit: "lb" })
    run.actor.send({ type: "set.edit", setId: BENCH, field: "reps", text: "3", base: KILOS })
    run.actor.send({ type: "page.hidden" })
    expect(updatesSent(run).at(-1)?.[0]).toMatchObject({ weight: 280, weight_unit: "lb", reps: 3 })
    // A set not typed in takes the field's unit.
    expect(selectSetInput(run.actor.getSnapshot(), SQUAT, KILOS).weightUnit).toBe("kg")
  })

  test("skip sends skipped, and a later done un-skips with the whole set", async () => {
    const run = startAutosave()
    run.restores[0]?.resolve(restoredWith([]))
    await flush()
    run.actor.send({ type: "set.skip", setId: BENCH })
    expect(selectSetOutcome(run.actor.getSnapshot(), BENCH)).toBe("skipped")
    run.clock.increment(SAVE_DEBOUNCE_MS)
    expect(updatesSent(run)).toEqual([[{ id: BENCH, skipped: true }]])
    run.sends[0]?.resolve(sendResults(run.actor.getSnapshot(), "saved"))
    await flush()
    expect(selectSetInput(run.actor.getSnapshot(), BENCH, PREFILL)).toMatchObject({
      status: "skipped",
      statusText: "Skipped",
      skipped: true,
      done: false,
      performed: undefined
    })
    run.actor.send({ type: "set.done", setId: BENCH, base: PREFILL })
    run.clock.increment(SAVE_DEBOUNCE_MS)
    expect(updatesSent(run)[1]).toEqual([
      { id: BENCH, weight: 185, weight_unit: "lb", reps: 5, rir: 2, skipped: false }
    ])
    run.sends[1]?.resolve(sendResults(run.actor.getSnapshot(), "saved"))
    await flush()
    expect(selectSetOutcome(run.actor.getSnapshot(), BENCH)).toBe("logged")
  })

  test("a removed set is forgotten: nothing waits, nothing is sent, nothing stays on disk", async () => {
    const run = startAutosave()
    run.restores[0]?.resolve(restoredWith([]))
    await flush()
    run.actor.send(edit("reps", "12", BENCH))
    run.actor.send({ type: "set.removed", setId: BENCH })
    run.clock.increment(SAVE_DEBOUNCE_MS)
    expect(updatesSent(run).flat()).toEqual([])
    expect(run.actor.getSnapshot().context.pending).toEqual({})
    expect(selectSetInput(run.actor.getSnapshot(), BENCH, PREFILL)).toMatchObject({ reps: "5", status: "untouched" })
  })

  test("edits left by an earlier page are shown as waiting and sent at once", async () => {
    const run = startAutosave()
    run.restores[0]?.resolve(restoredWith([leftover]))
    await flush()
    expect(selectSetInput(run.actor.getSnapshot(), BENCH, PREFILL)).toMatchObject({ weight: "135", status: "saving" })
    expect(selectSetInput(run.actor.getSnapshot(), SQUAT, PREFILL)).toMatchObject({ weight: "200", status: "saved" })
    expect(run.sends[0]?.entries).toEqual([leftover])
  })
})
