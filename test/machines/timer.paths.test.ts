/**
 * The workout timer walked by its own model: every state and transition, replayed on a
 * running actor whose clock events carry chosen times, checking the h:mm:ss a person
 * reads and whether it is running against a plain reference: the sum of running stretches.
 */
import { afterEach, describe, expect, test, vi } from "vitest"
import { createActor } from "xstate"
import { timerImplementations } from "#machines/timer/timer.actors.ts"
import { elapsedMs, formatElapsed, parseClock, serializeClock, type TimerClock } from "#domain/timer-clock.ts"
import { timerMachine } from "#machines/timer/timer.machine.ts"
import type { TimerEvent, TimerInput } from "#machines/timer/timer.types.ts"
import { selectTimerView, type TimerSnapshot } from "#machines/timer/timer.selectors.ts"
import { combinedCoverage, modelOf } from "./client-model-walk.ts"

const T0 = Date.UTC(2026, 0, 5, 9, 0, 0)
const fresh: TimerInput = { clock: null, now: T0 }
const pausedBeforeReload: TimerInput = {
  clock: { workoutStartedAt: T0, startedAt: T0, pausedAt: T0 + 65_000, accumulatedMs: 65_000 },
  now: T0 + 600_000
}

// Events carry a time relative to the snapshot's last known moment, so every walk moves forward.
const eventsFor = (snapshot: TimerSnapshot): ReadonlyArray<TimerEvent> => {
  const at = snapshot.context.now + 61_000
  return [
    { type: "timer.tick", at },
    { type: "timer.pause", at },
    { type: "timer.resume", at },
    { type: "timer.reset", at }
  ]
}

const models = [fresh, pausedBeforeReload].map((input) =>
  modelOf<TimerSnapshot, TimerEvent>(timerMachine, {
    input,
    events: eventsFor,
    serialize: (snapshot) => JSON.stringify(snapshot.value)
  })
)

/** The reference: time counts only between a start or resume and the next pause. */
function expectedElapsed(input: TimerInput, events: ReadonlyArray<TimerEvent>, now: number): number {
  let running = input.clock === null || input.clock.pausedAt === null
  let since = input.clock === null ? input.now : input.clock.startedAt
  let total = input.clock?.accumulatedMs ?? 0
  for (const event of events) {
    if (event.type === "timer.pause" && running) [total, running] = [total + event.at - since, false]
    if (event.type === "timer.resume" && !running) [since, running] = [event.at, true]
    if (event.type === "timer.reset") [total, since, running] = [0, event.at, true]
  }
  return running ? total + now - since : total
}

/** The real ticker and storage; the clock is read only in the tests that fake it. */
const ticking = timerMachine.provide(timerImplementations({ storeClock: () => undefined }))

describe("the timer machine's model", () => {
  const coverage = combinedCoverage(models)
  test("reaches every state the machine declares", () => {
    expect(coverage.unreached).toEqual([])
  })

  test("takes every transition the machine declares, eventless and guarded branches included", () => {
    expect(coverage.untaken).toEqual([])
  })
})

describe("a running timer, driven along the model", () => {
  const walks = models.flatMap((m, i) =>
    m.walksForEveryTransition.map((edge) => [`${i === 0 ? "new" : "restored paused"}: ${edge.name}`, i, edge] as const)
  )

  test.each(walks)("%s", async (_, modelIndex, edge) => {
    const input = modelIndex === 0 ? fresh : pausedBeforeReload
    const stored: Array<TimerClock> = []
    // The walk sends its own ticks: the machine's own ticker is silent, storage is the real port.
    const { actions } = timerImplementations({ storeClock: (clock) => void stored.push(clock) })
    const actor = createActor(timerMachine.provide({ actions }), { input }).start()
    const sent: Array<TimerEvent> = []
    const model = models[modelIndex]?.model
    await model?.testPath(edge.path, {
      events: new Proxy(
        {},
        {
          get:
            () =>
            ({ event }: { event: TimerEvent }) =>
              void (actor.send(event), sent.push(event))
        }
      ),
      states: {
        "*": (expected) => {
          const snapshot = actor.getSnapshot()
          const view = selectTimerView(snapshot)
          expect(snapshot.value).toEqual(expected.value)
          expect(view.running).toBe(snapshot.matches("running"))
          expect(view.elapsed).toBe(formatElapsed(expectedElapsed(input, sent, snapshot.context.now)))
          // Whatever a reload would restore shows the same time.
          expect(stored.at(-1)).toEqual(snapshot.context.clock)
        }
      }
    })
    actor.stop()
  })
})

describe("what the timer shows", () => {
  afterEach(() => {
    vi.useRealTimers()
  })

  test("a new timer runs and shows 0:00:00, then ticks once a second", () => {
    vi.useFakeTimers({ now: T0 })
    const actor = createActor(ticking, { input: { clock: null, now: T0 } }).start()
    expect(selectTimerView(actor.getSnapshot())).toEqual({ elapsed: "0:00:00", running: true })
    vi.advanceTimersByTime(3000)
    expect(selectTimerView(actor.getSnapshot()).elapsed).toBe("0:00:03")
    vi.advanceTimersByTime(3_600_000)
    expect(selectTimerView(actor.getSnapshot()).elapsed).toBe("1:00:03")
    actor.stop()
  })

  test("a paused timer stops ticking and keeps its time until resumed", () => {
    vi.useFakeTimers({ now: T0 })
    const actor = createActor(ticking, { input: { clock: null, now: T0 } }).start()
    vi.advanceTimersByTime(5000)
    actor.send({ type: "timer.pause", at: Date.now() })
    vi.advanceTimersByTime(60_000)
    expect(selectTimerView(actor.getSnapshot())).toEqual({ elapsed: "0:00:05", running: false })
    actor.send({ type: "timer.resume", at: Date.now() })
    vi.advanceTimersByTime(2000)
    expect(selectTimerView(actor.getSnapshot())).toEqual({ elapsed: "0:00:07", running: true })
    actor.stop()
  })

  test("a running timer restored after a reload counts the time the page was away", () => {
    const clock = { workoutStartedAt: T0, startedAt: T0, pausedAt: null, accumulatedMs: 0 }
    const actor = createActor(timerMachine, { input: { clock, now: T0 + 125_000 } }).start()
    expect(selectTimerView(actor.getSnapshot())).toEqual({ elapsed: "0:02:05", running: true })
    actor.stop()
  })

  test("a paused timer restored after a reload stays paused at the same time", () => {
    const actor = createActor(timerMachine, { input: pausedBeforeReload }).start()
    expect(selectTimerView(actor.getSnapshot())).toEqual({ elapsed: "0:01:05", running: false })
    actor.stop()
  })

  test("reset starts again from zero and runs", () => {
    const actor = createActor(timerMachine, { input: pausedBeforeReload }).start()
    actor.send({ type: "timer.reset", at: T0 + 700_000 })
    actor.send({ type: "timer.tick", at: T0 + 702_000 })
    expect(selectTimerView(actor.getSnapshot())).toEqual({ elapsed: "0:00:02", running: true })
    actor.stop()
  })

  test("a stored clock reads back as the same clock, and anything else as none", () => {
    const clock = { workoutStartedAt: T0 - 5, startedAt: T0, pausedAt: T0 + 1, accumulatedMs: 1 }
    expect(parseClock(serializeClock(clock))).toEqual(clock)
    expect(elapsedMs(clock, T0 + 10_000)).toBe(1)
    expect(parseClock('{"startedAt":"soon"}')).toBeNull()
    expect(parseClock(JSON.stringify({ ...clock, workoutStartedAt: "early" }))).toBeNull()
    expect(parseClock(JSON.stringify({ ...clock, accumulatedMs: -1 }))).toBeNull()
    expect(parseClock("not json")).toBeNull()
    expect(parseClock(null)).toBeNull()
  })
})

describe("when the workout started", () => {
  test("a new timer's workout starts when the timer does", () => {
    const actor = createActor(timerMachine, { input: fresh }).start()
    expect(actor.getSnapshot().context.clock.workoutStartedAt).toBe(T0)
    actor.stop()
  })

  test("pausing and resuming move the running stretch, never the workout's start", () => {
    const actor = createActor(timerMachine, { input: fresh }).start()
    actor.send({ type: "timer.pause", at: T0 + 60_000 })
    actor.send({ type: "timer.resume", at: T0 + 600_000 })
    actor.send({ type: "timer.pause", at: T0 + 660_000 })
    const { clock } = actor.getSnapshot().context
    expect(clock).toEqual({
      workoutStartedAt: T0,
      startedAt: T0 + 600_000,
      pausedAt: T0 + 660_000,
      accumulatedMs: 120_000
    })
    actor.stop()
  })

  test("a clock stored before the workout's start was kept reads as started when its stretch began", () => {
    const older = JSON.stringify({ startedAt: T0 + 30_000, pausedAt: null, accumulatedMs: 5_000 })
    expect(parseClock(older)).toEqual({
      workoutStartedAt: T0 + 30_000,
      startedAt: T0 + 30_000,
      pausedAt: null,
      accumulatedMs: 5_000
    })
  })

  test("reset starts the workout over", () => {
    const actor = createActor(timerMachine, { input: pausedBeforeReload }).start()
    actor.send({ type: "timer.reset", at: T0 + 700_000 })
    expect(actor.getSnapshot().context.clock.workoutStartedAt).toBe(T0 + 700_000)
    actor.stop()
  })
})
