/**
 * The autosave machine walked by its own model: every state and transition, replayed on
 * a running actor built with `autosaveImplementations`, a simulated clock, a scripted
 * outbox, a scripted draft store and a scripted server.
 * At each step what a person would notice must hold: each set says draft, changed,
 * logged, sending, waiting to sync, skipped, not saved, or why a field cannot be logged;
 * it never says logged while a draft differs, a log waits or a field holds no value;
 * typing never puts anything in the outbox nor sends anything (only Done, Undo and Skip
 * do, docs/decisions/039-done-means-done.md); every log is in the outbox before it is sent.
 */
import { beforeAll, describe, expect, test, vi } from "vitest"
import { createActor, SimulatedClock } from "xstate"
import { BadRequest } from "#domain/api-errors.ts"
import { SetNotFound } from "#domain/workout-errors.ts"
import type { IsoDate } from "#domain/calendar.ts"
import type { SetId, UserId } from "#domain/ids.ts"
import type { LoggedRow, SetResultUpdate } from "#domain/workout.ts"
import { workoutRowFixture } from "#domain/workout-row-fixture.ts"
import { GatewayDefect } from "#gateway/gateway-defect.ts"
import { autosaveImplementations, loggedValues } from "#machines/autosave/autosave.actors.ts"
import { retryDelayMs } from "#domain/retry-backoff.ts"
import { autosaveMachine, DRAFT_KEEP_MS } from "#machines/autosave/autosave.machine.ts"
import { hasLoggedValue, heldValues } from "#machines/autosave/autosave.sets.ts"
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
  type Restored,
  type SendResult,
  type SetBase
} from "#machines/autosave/autosave.types.ts"
import type { Draft, DraftStore, Outbox, OutboxEntry } from "#domain/logging-outbox.ts"
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
/** The prescription each set's fields start with, in the lifter's unit. */
const PREFILL = { weight: 185, reps: 5, rir: 2, unit: "lb" } as unknown as SetBase
/** The same before the lifter's unit is known. */
const UNKNOWN_UNIT: SetBase = { ...PREFILL, unit: undefined }

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
  // An emptied field: Done asks before logging the set without it.
  { type: "set.edit", setId: SQUAT, field: "reps", text: "", base: PREFILL },
  { type: "set.done", setId: SQUAT, base: PREFILL },
  { type: "set.done.confirm", setId: SQUAT, base: PREFILL },
  { type: "set.done.cancel", setId: SQUAT },
  { type: "set.undo", setId: SQUAT, base: PREFILL },
  // Refused: the bench holds nothing and its prescribed weight's unit is not known yet.
  { type: "set.done", setId: BENCH, base: UNKNOWN_UNIT },
  { type: "drafts.keep" },
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
    Object.keys(invalid).sort(),
    [...(snapshot.context.drafted ?? [])].sort(),
    snapshot.context.asking?.setId ?? null,
    // What the squat comes to (logged or not): Undo takes only a logged set.
    hasLoggedValue(heldValues(snapshot.context, SQUAT))
  ])
}

const walk = modelOf<AutosaveSnapshot, ModelEvent>(autosaveMachine, {
  input: { versionBase: 1000 },
  events: eventsFor,
  serialize
})

/**
 * Each of the lifter's events (type, Done, ask, confirm, cancel, Undo, skip, remove, keep
 * drafts), the shortest walk ending in it from every vertex it changes something in: the
 * draft → done → undone and the asking paths are replayed on the running actor too.
 */
const LIFTER_EVENTS = new Set([
  "set.edit",
  "set.done",
  "set.done.confirm",
  "set.done.cancel",
  "set.undo",
  "drafts.keep",
  "set.skip",
  "set.removed"
])
const lifterWalks = walk.edges.filter(
  (edge) =>
    LIFTER_EVENTS.has(edge.event.type) &&
    serialize(edge.path.state) !== serialize(edge.from) &&
    leafOf(edge.from) === "idle" &&
    // The scripted server answers its whole row: a page that could not read it, or forgot the
    // set (removed), knows less than it does, and the model cannot tell.
    !edge.path.steps.some((step) => step.event.type === "xstate.error.actor.restore") &&
    !edge.path.steps.slice(0, -1).some((step) => step.event.type === "set.removed")
)

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
function startAutosave(draftsBefore: ReadonlyArray<Draft> = []) {
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
  /** The drafts kept on the device. */
  const draftsOnDisk = new Map<number, Draft>(draftsBefore.map((draft) => [draft.setId, draft]))
  const drafts: DraftStore = {
    readDrafts: () => Promise.resolve([...draftsOnDisk.values()]),
    putDraft: (draft) => {
      draftsOnDisk.set(draft.setId, draft)
      return Promise.resolve()
    },
    forgetDraft: (setId) => {
      draftsOnDisk.delete(setId)
      return Promise.resolve()
    }
  }
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
      // On disk when its send began (a newer log of the set may have replaced it since).
      sent.push({ update, onDisk: disk.get(update.id)?.update === update || stored.some((e) => e.update === update) })
      if (outcome === "retry") return Promise.reject(new GatewayDefect({ reason: "network", message: "offline" }))
      if (outcome === "rejected") return Promise.reject(new BadRequest({ error: "weight must be at most 2000" }))
      if (outcome === "gone")
        return Promise.reject(new SetNotFound({ error: `id: no set with id ${update.id} in your workouts` }))
      const { id, ...fields } = update
      held[id] = { ...held[id], ...fields }
      return Promise.resolve({ id, ...held[id] } as LoggedRow)
    }
  }
  const actor = createActor(
    autosaveMachine.provide(
      autosaveImplementations({
        gateway: gateway,
        clientId: 7 as UserId,
        date: "2026-01-05" as IsoDate,
        outbox,
        drafts,
        watchPage: () => () => undefined,
        whenIdle: () => () => undefined
      })
    ),
    { input: { versionBase: 1000 }, clock }
  ).start()
  /** Sets removed and not touched since. */
  const removed = new Set<SetId>()
  return { actor, clock, stored, restores, sends, sent, removed, draftsOnDisk }
}

const flush = () => new Promise((resolve) => setTimeout(resolve, 0))
/** The longest a jittered backoff waits. */
const LONGEST_WAIT_MS = 30_000

describe("a running autosave, driven along the model", () => {
  beforeAll(() => {
    // Refused edits are logged by design (docs/product.md); keep the report readable.
    vi.spyOn(console, "error").mockImplementation(() => undefined)
  })

  test.each([...new Set([...walk.walksForEveryTransition, ...lifterWalks])].map((edge) => [edge.name, edge] as const))(
    "%s",
    async (_, edge) => {
      const run = startAutosave()
      await walk.model.testPath(edge.path, {
        events: new Proxy(
          {},
          {
            get:
              () =>
              async ({ event }: { event: ModelEvent }) => {
                if (event.type.startsWith("xstate.after.")) {
                  // The backoff is jittered: wait its longest.
                  run.clock.increment(LONGEST_WAIT_MS)
                } else if (event.type === "xstate.done.actor.restore")
                  run.restores.at(-1)?.resolve(event.output as Restored)
                else if (event.type === "xstate.error.actor.restore") run.restores.at(-1)?.reject(event.error)
                else if (event.type === "xstate.done.actor.sendEdits") {
                  // The model's results name the versions in flight; the running actor's are the same.
                  run.sends.at(-1)?.resolve(event.output as ReadonlyArray<SendResult>)
                } else if (event.type === "xstate.error.actor.sendEdits") run.sends.at(-1)?.reject(event.error)
                else if (event.type === "set.edit" || event.type === "drafts.keep" || event.type === "page.hidden") {
                  // Typing (and keeping drafts) never reaches the outbox nor the server.
                  const stored = run.stored.length
                  const sent = run.sent.length
                  run.removed.delete(SQUAT)
                  run.actor.send(event as AutosaveEvent)
                  await flush()
                  expect(run.stored.length).toBe(stored)
                  expect(run.sent.length).toBe(sent)
                } else {
                  if (event.type === "set.removed") run.removed.add(SQUAT)
                  else if (event.type.startsWith("set.") && !("base" in event && event.base === UNKNOWN_UNIT))
                    run.removed.delete(SQUAT)
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
              // Typed and not logged: a draft, or a change to what is logged, until Done.
              else if (
                snapshot.context.drafted?.includes(setId) === true &&
                heldValues(snapshot.context, setId)?.skipped !== true
              )
                expect(status).toBe(hasLoggedValue(heldValues(snapshot.context, setId)) ? "changed" : "draft")
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
              // A set with a field that holds no value is not logged: Done is refused.
              if (invalid[setId] !== undefined)
                expect(snapshot.can({ type: "set.done", setId, base: PREFILL })).toBe(false)
            }
            // Nothing about a removed set is kept, not even a draft on the device.
            if (run.removed.has(SQUAT)) {
              expect(selectSetOutcome(snapshot, SQUAT)).toBe("unlogged")
              expect(snapshot.context.typed[SQUAT]).toBeUndefined()
              expect(run.draftsOnDisk.has(SQUAT)).toBe(false)
            }
            // A set logged, skipped or removed has no draft left on the device.
            for (const setId of [SQUAT, BENCH])
              if (snapshot.context.drafted?.includes(setId) !== true) expect(run.draftsOnDisk.has(setId)).toBe(false)
            // The bench's weight in an unknown unit is never logged.
            expect(run.stored.filter((entry) => entry.setId === BENCH)).toEqual([])
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
    }
  )
})

const edit = (
  field: "weight" | "reps" | "rir",
  text: string,
  setId: SetId = SQUAT,
  base: SetBase = PREFILL
): AutosaveEvent => ({
  type: "set.edit",
  setId,
  field,
  text,
  base
})
const updatesSent = (run: ReturnType<typeof startAutosave>) => run.sends.map((s) => s.entries.map((e) => e.update))
const KILOS = { ...PREFILL, weight: 85, unit: "kg" } as SetBase

/** A running autosave whose page has read the outbox (with `entries`) and the server. */
async function ready(entries: ReadonlyArray<OutboxEntry> = [], drafts: ReadonlyArray<Draft> = []) {
  const run = startAutosave(drafts)
  run.restores[0]?.resolve(restoredWith(entries))
  await flush()
  return run
}
const view = (run: ReturnType<typeof startAutosave>, setId: SetId, base: SetBase = PREFILL) =>
  selectSetInput(run.actor.getSnapshot(), setId, base)
const answer = async (run: ReturnType<typeof startAutosave>, outcome: SendResult["outcome"] = "saved") => {
  run.sends.at(-1)?.resolve(sendResults(run.actor.getSnapshot(), outcome))
  await flush()
}

describe("typing makes a draft; Done logs (docs/decisions/039-done-means-done.md)", () => {
  test("typing is kept on the device 300 ms after the last keystroke, marked a draft, and never sent", async () => {
    const run = await ready()
    for (const text of ["2", "22", "225"]) {
      run.actor.send(edit("weight", text, BENCH))
      run.clock.increment(200)
    }
    expect(run.draftsOnDisk.get(BENCH)).toBeUndefined()
    expect(view(run, BENCH)).toMatchObject({
      status: "draft",
      statusText: "Draft — not logged yet",
      weight: "225",
      reps: "5",
      done: false,
      canUndo: false
    })
    run.clock.increment(DRAFT_KEEP_MS - 200)
    expect(run.draftsOnDisk.get(BENCH)).toEqual({ setId: BENCH, typed: { weight: "225" }, unit: "lb" })
    run.clock.increment(60_000)
    await flush()
    expect(run.stored).toEqual([])
    expect(run.sent).toEqual([])
    expect(selectSetOutcome(run.actor.getSnapshot(), BENCH)).toBe("unlogged")
  })

  test("hiding the page keeps the drafts at once", async () => {
    const run = await ready()
    run.actor.send(edit("rir", "2.5", BENCH))
    run.actor.send({ type: "page.hidden" })
    expect(run.draftsOnDisk.get(BENCH)?.typed).toEqual({ rir: "2.5" })
    expect(run.sent).toEqual([])
  })

  test("Done sends the whole set once, at once; the draft leaves the device; Logged only once the server holds it", async () => {
    const run = await ready()
    run.actor.send(edit("weight", "225", BENCH))
    run.actor.send({ type: "page.hidden" })
    run.actor.send({ type: "set.done", setId: BENCH, base: PREFILL })
    expect(updatesSent(run)).toEqual([[{ id: BENCH, weight: 225, weight_unit: "lb", reps: 5, rir: 2, skipped: false }]])
    expect(run.draftsOnDisk.has(BENCH)).toBe(false)
    expect(view(run, BENCH)).toMatchObject({ status: "saving", statusText: "Sending…", done: true })
    await answer(run)
    expect(view(run, BENCH)).toMatchObject({
      status: "saved",
      statusText: "Logged",
      done: true,
      canUndo: true,
      performed: { weight: 225, reps: 5, rir: 2 }
    })
  })

  test("a set the server holds shows what it holds; a change is a draft until Done updates it", async () => {
    const run = await ready()
    expect(view(run, SQUAT)).toMatchObject({ weight: "200", reps: "", rir: "", status: "saved", canUndo: true })
    run.actor.send(edit("reps", "8"))
    run.clock.increment(DRAFT_KEEP_MS)
    expect(view(run, SQUAT)).toMatchObject({
      status: "changed",
      statusText: "Changed — tap Done to update",
      canUndo: false,
      canMarkDone: true
    })
    expect(run.sent).toEqual([])
    run.actor.send({ type: "set.done", setId: SQUAT, base: PREFILL })
    expect(updatesSent(run)).toEqual([
      [{ id: SQUAT, weight: 200, weight_unit: "lb", reps: 8, rir: null, skipped: false }]
    ])
  })

  test("Undo clears the log on the server and keeps what the fields show as a draft", async () => {
    const run = await ready()
    run.actor.send({ type: "set.done", setId: BENCH, base: PREFILL })
    await answer(run)
    run.actor.send({ type: "set.undo", setId: BENCH, base: PREFILL })
    expect(updatesSent(run)[1]).toEqual([{ id: BENCH, weight: null, reps: null, rir: null, skipped: false }])
    // Never "Logged" for what the server is told to drop, even before it answers.
    expect(view(run, BENCH)).toMatchObject({ status: "draft", done: false, canUndo: false })
    expect(run.draftsOnDisk.get(BENCH)).toEqual({
      setId: BENCH,
      typed: { weight: "185", reps: "5", rir: "2" },
      unit: "lb"
    })
    await answer(run)
    expect(view(run, BENCH)).toMatchObject({ status: "draft", weight: "185", reps: "5", rir: "2" })
    expect(selectSetOutcome(run.actor.getSnapshot(), BENCH)).toBe("unlogged")
    // Done again logs the draft.
    run.actor.send({ type: "set.done", setId: BENCH, base: PREFILL })
    expect(updatesSent(run)[2]).toEqual([
      { id: BENCH, weight: 185, weight_unit: "lb", reps: 5, rir: 2, skipped: false }
    ])
  })

  test("Undo is refused for a set not logged", async () => {
    const run = await ready()
    expect(run.actor.getSnapshot().can({ type: "set.undo", setId: BENCH, base: PREFILL })).toBe(false)
  })

  test("Done with an empty weight asks; Cancel keeps the draft; Log anyway logs it without", async () => {
    const run = await ready()
    run.actor.send(edit("weight", "", BENCH))
    run.actor.send({ type: "set.done", setId: BENCH, base: PREFILL })
    expect(view(run, BENCH)).toMatchObject({ asking: ["weight"], status: "draft" })
    expect(run.stored).toEqual([])
    run.actor.send({ type: "set.done.cancel", setId: BENCH })
    expect(view(run, BENCH)).toMatchObject({ asking: undefined, status: "draft" })
    expect(run.stored).toEqual([])
    // "Log anyway" answers only a question asked.
    run.actor.send({ type: "set.done.confirm", setId: BENCH, base: PREFILL })
    expect(run.stored).toEqual([])
    run.actor.send({ type: "set.done", setId: BENCH, base: PREFILL })
    run.actor.send({ type: "set.done.confirm", setId: BENCH, base: PREFILL })
    expect(updatesSent(run)).toEqual([
      [{ id: BENCH, weight: null, weight_unit: "lb", reps: 5, rir: 2, skipped: false }]
    ])
    expect(view(run, BENCH).asking).toBeUndefined()
  })

  test("Done with empty reps asks too; a set prescribed no weight does not ask for one", async () => {
    const run = await ready()
    const BODYWEIGHT = { ...PREFILL, weight: null } as SetBase
    run.actor.send(edit("reps", "", BENCH, BODYWEIGHT))
    run.actor.send({ type: "set.done", setId: BENCH, base: BODYWEIGHT })
    expect(view(run, BENCH, BODYWEIGHT).asking).toEqual(["reps"])
    run.actor.send(edit("reps", "12", BENCH, BODYWEIGHT))
    run.actor.send({ type: "set.done", setId: BENCH, base: BODYWEIGHT })
    expect(updatesSent(run)).toEqual([
      [{ id: BENCH, weight: null, weight_unit: "lb", reps: 12, rir: 2, skipped: false }]
    ])
  })

  test("a weight whose unit is unknown is never logged, nor guessed as lb; the set says why", async () => {
    const run = await ready()
    expect(view(run, BENCH, UNKNOWN_UNIT)).toMatchObject({
      status: "unit",
      statusText: "Waiting for your unit (lb or kg)…",
      canMarkDone: false,
      weight: "",
      weightUnit: undefined
    })
    run.actor.send(edit("weight", "80", BENCH, UNKNOWN_UNIT))
    run.actor.send({ type: "set.done", setId: BENCH, base: UNKNOWN_UNIT })
    expect(run.stored).toEqual([])
    expect(view(run, BENCH, UNKNOWN_UNIT)).toMatchObject({ status: "unit", weight: "80", canMarkDone: false })
    // The lifter's unit is known (kg): the 80 typed is logged in kg.
    expect(view(run, BENCH, KILOS)).toMatchObject({ status: "draft", weightUnit: "kg", canMarkDone: true })
    run.actor.send({ type: "set.done", setId: BENCH, base: KILOS })
    expect(updatesSent(run)).toEqual([[{ id: BENCH, weight: 80, weight_unit: "kg", reps: 5, rir: 2, skipped: false }]])
  })

  test("a failed send waits to sync, then retries with a growing, jittered backoff", async () => {
    const run = await ready()
    run.actor.send({ type: "set.done", setId: BENCH, base: PREFILL })
    await answer(run, "retry")
    expect(view(run, BENCH)).toMatchObject({ status: "offline", statusText: "Waiting to sync" })
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
    ["rir", "0", 0]
  ] as const)("%s %j is logged as %j", async (field, text, value) => {
    const run = await ready()
    run.actor.send(edit(field, text, BENCH))
    run.actor.send({ type: "set.done", setId: BENCH, base: PREFILL })
    expect(updatesSent(run)[0]?.[0]).toMatchObject({ [field]: value })
    expect(view(run, BENCH)[field]).toBe(text)
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
  ] as const)("%s %j is kept on the field with its message, and never logged", async (field, text, message) => {
    const run = await ready()
    run.actor.send(edit(field, text, BENCH))
    run.clock.increment(DRAFT_KEEP_MS)
    expect(run.actor.getSnapshot().matches("idle")).toBe(true)
    expect(view(run, BENCH)).toMatchObject({
      [field]: text,
      errors: { [field]: message },
      status: "invalid",
      statusText: `Not logged: ${message}`,
      canMarkDone: false
    })
    // Done is refused while the field says why.
    run.actor.send({ type: "set.done", setId: BENCH, base: PREFILL })
    expect(run.stored).toEqual([])
    // The draft keeps what was typed, message and all, across a reload.
    expect(run.draftsOnDisk.get(BENCH)?.typed).toEqual({ [field]: text })
  })

  test("in kilograms: a prefilled weight is logged in kg, a weight held in pounds is shown in kg and kept as held", async () => {
    const run = await ready()
    run.actor.send({ type: "set.done", setId: BENCH, base: KILOS })
    expect(updatesSent(run)[0]).toEqual([{ id: BENCH, weight: 85, weight_unit: "kg", reps: 5, rir: 2, skipped: false }])
    await answer(run)
    // The squat holds 200 lb: the lifter reads 90.72 kg, and a new rep count leaves the 200 lb as it is.
    expect(view(run, SQUAT, KILOS).weight).toBe("90.72")
    run.actor.send(edit("reps", "6", SQUAT, KILOS))
    run.actor.send({ type: "set.done", setId: SQUAT, base: KILOS })
    expect(
      updatesSent(run)
        .at(-1)
        ?.find((update) => update.id === SQUAT)
    ).toMatchObject({ weight: 200, weight_unit: "lb" })
    await answer(run)
    // A weight typed is in the field's unit, and so is its message.
    run.actor.send(edit("weight", "2500", SQUAT, KILOS))
    expect(view(run, SQUAT, KILOS).errors.weight).toBe("Weight must be 0 to 2000 kg")
    run.actor.send(edit("weight", "92.5", SQUAT, KILOS))
    run.actor.send({ type: "set.done", setId: SQUAT, base: KILOS })
    expect(
      updatesSent(run)
        .at(-1)
        ?.find((update) => update.id === SQUAT)
    ).toMatchObject({ weight: 92.5, weight_unit: "kg" })
  })

  test("a weight typed in one known unit stays in it when the field's unit changes", async () => {
    const run = await ready()
    run.actor.send(edit("weight", "280", BENCH))
    expect(view(run, BENCH, KILOS)).toMatchObject({ weight: "280", weightUnit: "lb" })
    run.actor.send({ type: "set.done", setId: BENCH, base: KILOS })
    expect(updatesSent(run).at(-1)?.[0]).toMatchObject({ weight: 280, weight_unit: "lb" })
    // A set not typed in takes the field's unit.
    expect(view(run, SQUAT, KILOS).weightUnit).toBe("kg")
  })

  test("skip sends skipped and keeps the draft; a later done un-skips with the whole set", async () => {
    const run = await ready()
    run.actor.send(edit("reps", "3", BENCH))
    run.actor.send({ type: "page.hidden" })
    run.actor.send({ type: "set.skip", setId: BENCH })
    expect(run.draftsOnDisk.get(BENCH)?.typed).toEqual({ reps: "3" })
    expect(selectSetOutcome(run.actor.getSnapshot(), BENCH)).toBe("skipped")
    expect(updatesSent(run)).toEqual([[{ id: BENCH, skipped: true }]])
    await answer(run)
    expect(view(run, BENCH)).toMatchObject({ status: "skipped", statusText: "Skipped", skipped: true, done: false })
    run.actor.send({ type: "set.done", setId: BENCH, base: PREFILL })
    expect(updatesSent(run)[1]).toEqual([
      { id: BENCH, weight: 185, weight_unit: "lb", reps: 3, rir: 2, skipped: false }
    ])
    expect(run.draftsOnDisk.has(BENCH)).toBe(false)
    await answer(run)
    expect(selectSetOutcome(run.actor.getSnapshot(), BENCH)).toBe("logged")
  })

  test("a removed set is forgotten: nothing waits, nothing is sent, no draft stays on the device", async () => {
    const run = await ready()
    run.actor.send(edit("reps", "12", BENCH))
    run.actor.send({ type: "page.hidden" })
    run.actor.send({ type: "set.removed", setId: BENCH })
    run.clock.increment(DRAFT_KEEP_MS)
    expect(run.sent).toEqual([])
    expect(run.draftsOnDisk.has(BENCH)).toBe(false)
    expect(view(run, BENCH)).toMatchObject({ reps: "5", status: "untouched" })
  })

  test("logs left by an earlier page are shown as waiting and sent at once", async () => {
    const run = await ready([leftover])
    expect(view(run, BENCH)).toMatchObject({ weight: "135", status: "saving" })
    expect(view(run, SQUAT)).toMatchObject({ weight: "200", status: "saved" })
    expect(run.sends[0]?.entries).toEqual([leftover])
  })

  test("drafts left by an earlier page come back as drafts, messages and all, and are not sent", async () => {
    const run = await ready([], [{ setId: BENCH, typed: { weight: "2500", reps: "7" }, unit: "lb" }])
    expect(view(run, BENCH)).toMatchObject({
      weight: "2500",
      reps: "7",
      errors: { weight: "Weight must be 0 to 2000 lbs" },
      status: "invalid"
    })
    run.actor.send(edit("weight", "250", BENCH))
    expect(view(run, BENCH)).toMatchObject({ status: "draft", statusText: "Draft — not logged yet" })
    run.clock.increment(60_000)
    expect(run.sent).toEqual([])
  })
})
