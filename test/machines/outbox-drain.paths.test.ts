/**
 * The app-wide drain of the outbox (docs/decisions/028), walked by its model: every state
 * and transition replayed on a running actor with its real implementations over a drain
 * the test answers. Along every walk the lifter is told what waits on the device (never
 * called sent) and every set the coach removed meanwhile, until they dismiss it; the
 * notice leaves the device only then.
 * Then the real drain over an IndexedDB outbox (fake-indexeddb) and a fake server: offline
 * edits and a finished workout arrive once, in order, the last edit of a set wins, and a
 * removed set is reported with what was logged there.
 */
import { IDBFactory } from "fake-indexeddb"
import { afterEach, beforeAll, describe, expect, test, vi } from "vitest"
import { createActor, waitFor } from "xstate"
import { SetNotFound, WorkoutNotFound } from "#domain/workout-errors.ts"
import type { WorkoutCompletion } from "#domain/completion.ts"
import type { SetId, UserId } from "#domain/ids.ts"
import type { PrefilledSet } from "#domain/prescription.ts"
import type { LoggedRow, SetResultUpdate } from "#domain/workout.ts"
import { GatewayDefect } from "#gateway/gateway-defect.ts"
import { drainOutbox, submitThroughOutbox, type DrainReport } from "#machines/outbox-drain/outbox-drain.drain.ts"
import { autosaveImplementations } from "#machines/autosave/autosave.actors.ts"
import { autosaveMachine } from "#machines/autosave/autosave.machine.ts"
import { createIndexedDbOutbox, sendingExclusively } from "#device/autosave.outbox.ts"
import { createOutboxRecords, onOutboxChange } from "#device/autosave.records.ts"
import { outboxDrainImplementations } from "#machines/outbox-drain/outbox-drain.actors.ts"
import { drainReport, removedSet, waitingCompletion } from "#machines/outbox-drain/outbox-drain.fixtures.ts"
import { outboxDrainMachine } from "#machines/outbox-drain/outbox-drain.machine.ts"
import { selectOutboxView, type OutboxDrainSnapshot } from "#machines/outbox-drain/outbox-drain.selectors.ts"
import type { OutboxDrainEvent } from "#machines/outbox-drain/outbox-drain.types.ts"
import { delayedEvents, modelOf } from "./client-model-walk.ts"
import { done, failure, replayPath } from "./coach-stub-actors.ts"
import { lazyCalls } from "#gateway/lazy-calls.ts"

type ModelEvent =
  OutboxDrainEvent | ReturnType<typeof done> | ReturnType<typeof failure> | { readonly type: `xstate.after.${string}` }

const COMPLETION = waitingCompletion
const LOST = removedSet
const report = drainReport

const eventsFor = (snapshot: OutboxDrainSnapshot): ReadonlyArray<ModelEvent> => [
  { type: "network.online" },
  { type: "outbox.changed" },
  ...snapshot.context.lost.map((lost): ModelEvent => ({ type: "lost.dismiss", key: lost.key })),
  ...(delayedEvents(snapshot) as ReadonlyArray<ModelEvent>),
  done("drain", report({ sent: [COMPLETION] })),
  done("drain", report({ failed: true, waiting: [COMPLETION] })),
  done("drain", report({ lost: [LOST] })),
  failure("drain", new Error("IndexedDB unavailable"))
]

const walk = modelOf<OutboxDrainSnapshot, ModelEvent>(outboxDrainMachine, {
  input: undefined,
  events: eventsFor,
  serialize: (snapshot) =>
    JSON.stringify([
      snapshot.value,
      snapshot.context.waiting.length,
      snapshot.context.lost.map((l) => l.key),
      snapshot.context.dismissedDuringPass
    ])
})

describe("the outbox drain's model", () => {
  test("reaches every state the machine declares", () => {
    expect(walk.reachedStates).toEqual(walk.leafStates)
  })

  test("takes every transition the machine declares, every guarded branch included", () => {
    expect(walk.untakenTransitions).toEqual([])
  })

  test("never shows again a notice dismissed while a pass was under way, whatever that pass read from the device", () => {
    expect(answersAfterDismissal.length).toBeGreaterThan(0)
    for (const edge of walk.edges) {
      const dismissed = dismissedDuringPass(edge.path.steps.slice(0, -1))
      if (!edge.event.type.startsWith("xstate.done.actor.drain")) continue
      const shown = edge.path.state.context.lost.map((lost) => lost.key)
      expect(
        shown.filter((key) => dismissed.has(key)),
        edge.name
      ).toEqual([])
    }
  })
})

/**
 * The notices dismissed while the pass now under way ran: it may have read them from the
 * device before they left it, so its report can still hold them, older than the dismissal.
 */
function dismissedDuringPass(
  steps: ReadonlyArray<{ readonly event: ModelEvent; readonly state: OutboxDrainSnapshot }>
) {
  let dismissed = new Set<string>()
  for (const { event, state } of steps) {
    if (!state.matches("draining")) dismissed = new Set()
    else if (event.type === "lost.dismiss") dismissed.add((event as { key: string }).key)
    else dismissed = new Set()
  }
  return dismissed
}

/** The walks where a pass answers after a notice it may have read was dismissed. */
const answersAfterDismissal = walk.edges.filter(
  (edge) =>
    edge.event.type.startsWith("xstate.done.actor.drain") && dismissedDuringPass(edge.path.steps.slice(0, -1)).size > 0
)

afterEach(() => {
  vi.useRealTimers()
})

describe("a running outbox drain, driven along the model", () => {
  test.each(
    [...new Set([...walk.walksForEveryTransition, ...answersAfterDismissal])].map((edge) => [edge.name, edge] as const)
  )("%s", async (_, edge) => {
    vi.useFakeTimers()
    const passes: Array<{ resolve: (r: DrainReport) => void; reject: (e: unknown) => void }> = []
    const dismissed: Array<string> = []
    let watching = 0
    const actor = createActor(
      outboxDrainMachine.provide(
        outboxDrainImplementations({
          gateway: lazyCalls(() => Promise.reject(new Error("the walk answers the drain itself"))),
          outbox: {} as never,
          records: {
            dismissLost: (key: string) => {
              dismissed.push(key)
              return Promise.resolve()
            }
          } as never,
          exclusively: () => new Promise((resolve, reject) => passes.push({ resolve: resolve as never, reject })),
          watch: () => {
            watching++
            return () => {
              watching--
            }
          }
        })
      )
    ).start()
    const answer = {
      drain: {
        done: (output: unknown) => passes.at(-1)?.resolve(output as DrainReport),
        error: (error: unknown) => passes.at(-1)?.reject(error)
      }
    }
    let shownLost: ReadonlyArray<string> = []
    const walked: Array<{ event: ModelEvent; state: OutboxDrainSnapshot }> = []
    await replayPath<OutboxDrainSnapshot, ModelEvent>(
      actor.getSnapshot(),
      edge.path,
      actor,
      answer,
      (expected, event) => {
        const snapshot = actor.getSnapshot()
        expect(snapshot.value).toEqual(expected.value)
        const view = selectOutboxView(snapshot)
        // One pass at a time, and one for each time the drain was entered.
        expect(passes.length).toBeGreaterThan(0)
        // What waits is said to wait, never to be sent.
        const waiting = snapshot.context.waiting.length
        expect(view.waitingText).toBe(
          waiting === 0
            ? null
            : "Your workout of Thursday, November 26, 2026 is kept on this phone and not yet sent. It will be sent when you are back online."
        )
        expect(view.offline).toBe(snapshot.matches("waitingToRetry"))
        // A notice stays until dismissed, and leaves the device only then.
        const lostNow = view.lost.map((lost) => lost.key)
        if (event?.type === "lost.dismiss") expect(dismissed).toContain(event.key)
        else if (!event?.type.startsWith("xstate.done.actor.drain"))
          for (const key of shownLost) expect(lostNow).toContain(key)
        // A pass's report never brings back what the lifter dismissed while it ran.
        else for (const key of dismissedDuringPass(walked)) expect(lostNow).not.toContain(key)
        if (event !== undefined) walked.push({ event, state: snapshot })
        shownLost = lostNow
        expect(watching).toBe(1)
      },
      { retryBackoff: 30_000 }
    )
    actor.stop()
    expect(watching).toBe(0)
  })
})

/** A server that holds what it is sent, answers 404 for sets the coach removed, and can be cut off. */
function fakeServer() {
  const state = { online: false, removed: new Set<number>(), removedWorkouts: new Set<string>() }
  const calls: Array<{ kind: "set"; update: SetResultUpdate } | { kind: "completion"; completion: WorkoutCompletion }> =
    []
  const held = new Map<number, SetResultUpdate>()
  const completions = new Map<string, WorkoutCompletion>()
  const down = () => Promise.reject(new GatewayDefect({ reason: "network", message: "offline" }))
  const gateway = {
    updateWorkoutResult: (update: SetResultUpdate) => {
      if (!state.online) return down()
      calls.push({ kind: "set", update })
      if (state.removed.has(update.id))
        return Promise.reject(new SetNotFound({ error: `id: no set with id ${update.id} in your workouts` }))
      held.set(update.id, { ...held.get(update.id), ...update })
      return Promise.resolve({ ...held.get(update.id) } as unknown as LoggedRow)
    },
    completeWorkout: (completion: WorkoutCompletion) => {
      if (!state.online) return down()
      calls.push({ kind: "completion", completion })
      const key = `${completion.date}:${completion.workout_order}`
      if (state.removedWorkouts.has(key))
        return Promise.reject(
          new WorkoutNotFound({ error: "workout_order: no workout 0 on 2026-11-26 in your workouts" })
        )
      // The server keeps the first record (server/workouts/completions.ts).
      if (!completions.has(key)) completions.set(key, completion)
      return Promise.resolve(completions.get(key) as WorkoutCompletion)
    }
  }
  return { state, calls, held, completions, gateway }
}

const squat = (
  setId: number,
  weight: number,
  reps: number,
  version: number,
  place = `Back Squat set ${setId - 100}`
) => ({
  setId: setId as SetId,
  version,
  place,
  update: { id: setId as SetId, weight, weight_unit: "lb", reps, skipped: false } as unknown as SetResultUpdate
})

/** One lifter's outbox on a device: its set edits and its other records, in one database. */
const deviceOutbox = (factory = new IDBFactory()) => {
  const outbox = createIndexedDbOutbox(7, factory)
  const records = createOutboxRecords(7, factory)
  return {
    factory,
    outbox,
    records,
    put: outbox.put,
    putCompletion: records.putCompletion,
    drain: (gateway: Parameters<typeof drainOutbox>[2]) => drainOutbox(outbox, records, gateway)
  }
}

describe("draining what a closed logging page left on the device", () => {
  beforeAll(() => {
    // Refusals are logged by design (docs/product.md).
    vi.spyOn(console, "error").mockImplementation(() => undefined)
  })

  test("offline nothing is lost; back online every set, then the workout, arrive once, in order", async () => {
    const device = deviceOutbox()
    const server = fakeServer()
    await device.put(squat(101, 100, 5, 1))
    await device.put(squat(102, 100, 5, 2))
    await device.putCompletion({ completion: COMPLETION, queuedAt: 3 })
    const offline = await device.drain(server.gateway)
    expect(offline).toMatchObject({ failed: true, sent: [], waiting: [COMPLETION] })
    // The tab is closed: a new page opens the same outbox.
    const later = deviceOutbox(device.factory)
    expect(await later.outbox.readAll()).toHaveLength(2)
    server.state.online = true
    const online = await later.drain(server.gateway)
    expect(online).toMatchObject({ failed: false, sent: [COMPLETION], waiting: [], lost: [] })
    expect(server.calls.map((call) => (call.kind === "set" ? call.update.id : "completion"))).toEqual([
      101,
      102,
      "completion"
    ])
    expect(await later.outbox.readAll()).toEqual([])
    expect(await later.records.readCompletions()).toEqual([])
    // Another pass sends nothing again.
    await later.drain(server.gateway)
    expect(server.calls).toHaveLength(3)
  })

  test("the last edit of a set wins: only its latest version is sent", async () => {
    const device = deviceOutbox()
    const server = fakeServer()
    server.state.online = true
    await device.put(squat(101, 100, 5, 1))
    await device.put(squat(101, 105, 4, 2))
    await device.drain(server.gateway)
    expect(server.calls).toEqual([{ kind: "set", update: squat(101, 105, 4, 2).update }])
  })

  test("a workout is not sent while one of the sets before it still waits", async () => {
    const device = deviceOutbox()
    const server = fakeServer()
    await device.put(squat(101, 100, 5, 1))
    await device.putCompletion({ completion: COMPLETION, queuedAt: 2 })
    server.state.online = true
    const gateway = {
      ...server.gateway,
      updateWorkoutResult: () => Promise.reject(new GatewayDefect({ reason: "status", message: "503" }))
    }
    const result = await device.drain(gateway)
    expect(result).toMatchObject({ failed: true, waiting: [COMPLETION] })
    expect(server.calls).toEqual([])
  })

  test("a set the coach removed is reported with what was logged there, and kept until dismissed", async () => {
    const device = deviceOutbox()
    const server = fakeServer()
    server.state.online = true
    server.state.removed.add(102)
    let told = 0
    const stop = onOutboxChange(7, () => {
      told++
    })
    await device.put(squat(101, 100, 5, 1))
    await device.put(squat(102, 100, 5, 2))
    await device.putCompletion({ completion: COMPLETION, queuedAt: 3 })
    const result = await device.drain(server.gateway)
    expect(result.lost).toEqual([LOST])
    // The rest of the workout still arrives.
    expect(result.sent).toEqual([COMPLETION])
    expect(server.held.get(101)).toMatchObject({ weight: 100, reps: 5 })
    expect(await device.outbox.readAll()).toEqual([])
    expect((await device.drain(server.gateway)).lost).toEqual([LOST])
    await device.records.dismissLost(LOST.key)
    expect(await device.records.readLost()).toEqual([])
    expect(told).toBeGreaterThan(0)
    stop()
  })

  test("a workout the coach removed is reported, never retried", async () => {
    const device = deviceOutbox()
    const server = fakeServer()
    server.state.online = true
    server.state.removedWorkouts.add("2026-11-26:0")
    await device.putCompletion({ completion: COMPLETION, queuedAt: 1 })
    const result = await device.drain(server.gateway)
    expect(result.waiting).toEqual([])
    expect(result.refused.map((refused) => refused.completion)).toEqual([COMPLETION])
    expect(result.lost.map((lost) => lost.text)).toEqual([
      "Your coach removed your workout of Thursday, November 26, 2026; marking it complete was not saved."
    ])
  })

  test("each lifter's outbox is their own", async () => {
    const factory = new IDBFactory()
    await createOutboxRecords(7, factory).putCompletion({ completion: COMPLETION, queuedAt: 1 })
    expect(await createOutboxRecords(8, factory).readCompletions()).toEqual([])
    // Set edits never read a completion or a notice as an edit.
    expect(await createIndexedDbOutbox(7, factory).readAll()).toEqual([])
  })

  test("Submit through the outbox: held once sent (by this pass or by the drain that ran first), waiting offline, a removed workout refused", async () => {
    const device = deviceOutbox()
    const server = fakeServer()
    const submit = () =>
      submitThroughOutbox(COMPLETION, { ...device, gateway: server.gateway, exclusively: (work) => work() })
    expect(await submit()).toBe(false)
    expect(await device.records.readCompletions()).toHaveLength(1)
    server.state.online = true
    expect(await submit()).toBe(true)
    // The app-wide drain is told of the queued completion and may send it first: still held.
    const sentFirst = deviceOutbox()
    const racing = (async () => {
      await sentFirst.putCompletion({ completion: COMPLETION, queuedAt: 1 })
      await sentFirst.drain(server.gateway)
    })()
    await racing
    expect(
      await submitThroughOutbox(COMPLETION, {
        ...sentFirst,
        records: { ...sentFirst.records, putCompletion: () => Promise.resolve() },
        gateway: server.gateway,
        exclusively: (work) => work()
      })
    ).toBe(true)
    expect(server.completions.size).toBe(1)
    server.state.removedWorkouts.add("2026-11-26:0")
    server.completions.clear()
    await expect(submit()).rejects.toBeInstanceOf(WorkoutNotFound)
  })
})

/** A promise the test settles. */
function held<A>() {
  let settle: (value: A) => void = () => undefined
  const promise = new Promise<A>((resolve) => {
    settle = resolve
  })
  return { promise, settle }
}

/**
 * The logging page, opened on the same device: autosave with its real implementations over
 * the device's outbox. What the server holds for the day arrives when `results` settles,
 * so the page stays restoring (reading what the device kept) until then.
 */
function loggingPage(
  factory: IDBFactory,
  server: ReturnType<typeof fakeServer>,
  results: Promise<ReadonlyArray<LoggedRow>>
) {
  const outbox = createIndexedDbOutbox(7, factory)
  const implementations = autosaveImplementations({
    outbox,
    gateway: { ...server.gateway, workoutResults: () => results },
    clientId: 7 as UserId,
    date: COMPLETION.date,
    exclusively: (work) => sendingExclusively(7, work),
    watchPage: () => () => undefined,
    whenIdle: () => () => undefined
  })
  // A later page: its versions are above every version an earlier page gave (versionBase is when it opened).
  const actor = createActor(autosaveMachine.provide(implementations), { input: { versionBase: 2_000_000 } }).start()
  return Object.assign(actor, { outbox })
}

const PRESCRIBED = { weight: null, reps: 5, rir: null, unit: "lb" } as unknown as PrefilledSet & { unit: "lb" }
/** The weights the server was sent for a set, in the order they arrived. */
const weightsSent = (server: ReturnType<typeof fakeServer>, setId: number) =>
  server.calls.flatMap((call) => (call.kind === "set" && call.update.id === setId ? [call.update.weight] : []))

describe("an edit restored from the device and a newer one made live, of the same set", () => {
  beforeAll(() => {
    vi.spyOn(console, "error").mockImplementation(() => undefined)
  })

  test("typed while the page restores the older one: the page sends the newer, once, and the drain has nothing left", async () => {
    const device = deviceOutbox()
    const server = fakeServer()
    server.state.online = true
    // Left by a page closed earlier: 100 lb.
    await device.put(squat(101, 100, 5, 1_000_001))
    const results = held<ReadonlyArray<LoggedRow>>()
    const page = loggingPage(device.factory, server, results.promise)
    page.send({ type: "set.edit", setId: 101 as SetId, field: "weight", text: "140", base: PRESCRIBED })
    page.send({ type: "set.done", setId: 101 as SetId, base: PRESCRIBED }) // typing alone is a draft (docs/decisions/039-done-means-done.md)
    results.settle([])
    await waitFor(page, (snapshot) => snapshot.matches("idle") && Object.keys(snapshot.context.pending).length === 0)
    await device.drain(server.gateway)
    // The newer reached the server, and the older never followed (or preceded) it.
    expect(weightsSent(server, 101)).toEqual([140])
    expect(server.held.get(101)).toMatchObject({ weight: 140 })
    expect(await device.outbox.readAll()).toEqual([])
    page.stop()
  })

  test("made while the drain sends the older one, on a page then closed: the next pass sends the newer, and the server ends with it", async () => {
    const device = deviceOutbox()
    const server = fakeServer()
    server.state.online = true
    await device.put(squat(101, 100, 5, 1_000_001))
    // The drain's send of the older edit is on its way when the lifter edits the set again.
    const arrived = held<undefined>()
    const answer = held<undefined>()
    const slowGateway = {
      ...server.gateway,
      updateWorkoutResult: async (update: SetResultUpdate) => {
        arrived.settle(undefined)
        await answer.promise
        return server.gateway.updateWorkoutResult(update)
      }
    }
    const pass = sendingExclusively(7, () => device.drain(slowGateway))
    await arrived.promise
    const page = loggingPage(device.factory, server, new Promise(() => undefined))
    page.send({ type: "set.edit", setId: 101 as SetId, field: "weight", text: "140", base: PRESCRIBED })
    page.send({ type: "set.done", setId: 101 as SetId, base: PRESCRIBED }) // typing alone is a draft (docs/decisions/039-done-means-done.md)
    // The tab is closed once the newer edit is on the device.
    await page.outbox.drain()
    expect((await device.outbox.readAll()).map((entry) => entry.update.weight)).toEqual([140])
    page.stop()
    answer.settle(undefined)
    await pass
    // Confirming the older send leaves the newer edit on the device; the next pass sends it.
    expect((await device.outbox.readAll()).map((entry) => entry.update.weight)).toEqual([140])
    await sendingExclusively(7, () => device.drain(server.gateway))
    expect(weightsSent(server, 101)).toEqual([100, 140])
    expect(server.held.get(101)).toMatchObject({ weight: 140 })
    expect(await device.outbox.readAll()).toEqual([])
  })
})
