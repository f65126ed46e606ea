/**
 * The rest timer walked by its own model: every state and transition (the eventless "rest
 * is over" branch and the guarded +/- included), replayed on a running actor with stub
 * alerts, checking what the lifter reads and hears against a plain reference: a rest ends
 * at its start plus the rest length, +/- move that end within [now, now + 10 min], and the
 * alert sounds exactly once per rest that runs out.
 */
import { afterEach, describe, expect, test, vi } from "vitest"
import { createActor } from "xstate"
import { restTimerImplementations } from "#machines/rest-timer/rest-timer.actors.ts"
import { DEFAULT_REST_SECONDS, formatRest } from "#domain/rest-clock.ts"
import { restTimerMachine } from "#machines/rest-timer/rest-timer.machine.ts"
import { selectRestTimerView, type RestTimerSnapshot } from "#machines/rest-timer/rest-timer.selectors.ts"
import type { RestTimerEvent } from "#machines/rest-timer/rest-timer.types.ts"
import { combinedCoverage, modelOf } from "./client-model-walk.ts"

const T0 = Date.UTC(2026, 0, 5, 9, 0, 0)

// Times are relative to the snapshot's last known moment, so every walk moves forward.
const eventsFor = (snapshot: RestTimerSnapshot): ReadonlyArray<RestTimerEvent> => {
  const { now, endsAt } = snapshot.context
  return [
    { type: "rest.start", at: Math.max(now, T0) + 1_000 },
    // The coach's rest for the set, and none at all (a superset's next exercise follows at once).
    { type: "rest.start", at: Math.max(now, T0) + 1_000, seconds: 90 },
    { type: "rest.start", at: Math.max(now, T0) + 1_000, seconds: 0 },
    // A tick during the rest, one right at its end, and one long after (a page that was hidden).
    { type: "rest.tick", at: now + 30_000 },
    { type: "rest.tick", at: endsAt },
    { type: "rest.tick", at: endsAt + 300_000 },
    { type: "rest.add", seconds: 30 },
    { type: "rest.add", seconds: -30 },
    { type: "rest.skip" },
    { type: "rest.dismiss" }
  ]
}

// Guards read what is left and how long the next rest is; both move in whole 30 s steps.
const serialize = (snapshot: RestTimerSnapshot): string => {
  const { restSeconds, endsAt, now } = snapshot.context
  return JSON.stringify([snapshot.value, restSeconds, snapshot.matches("resting") ? endsAt - now : null])
}

const walk = modelOf<RestTimerSnapshot, RestTimerEvent>(restTimerMachine, {
  input: undefined,
  events: eventsFor,
  serialize
})

describe("the rest timer machine's model", () => {
  const coverage = combinedCoverage([walk])
  test("reaches every state the machine declares", () => {
    expect(coverage.unreached).toEqual([])
  })

  test("takes every transition the machine declares, eventless and guarded branches included", () => {
    expect(coverage.untaken).toEqual([])
  })
})

interface Expected {
  readonly status: "idle" | "resting" | "ended"
  readonly restSeconds: number
  readonly endsAt: number
  readonly now: number
  readonly alerts: number
  readonly starts: number
}

/** The reference, written as plainly as a person would say it. */
function expectedAfter(events: ReadonlyArray<RestTimerEvent>): Expected {
  let status: Expected["status"] = "idle"
  let restSeconds = DEFAULT_REST_SECONDS
  let endsAt = 0
  let now = 0
  let alerts = 0
  let starts = 0
  for (const event of events) {
    if (event.type === "rest.start" && event.seconds === 0) {
      status = "idle"
    } else if (event.type === "rest.start") {
      const seconds = event.seconds ?? restSeconds
      ;[status, endsAt, now, starts] = ["resting", event.at + seconds * 1000, event.at, starts + 1]
    } else if (status === "resting" && event.type === "rest.tick") {
      now = event.at
    } else if (status === "resting" && event.type === "rest.add") {
      const wanted = Math.min(now + 600_000, Math.max(now, endsAt + event.seconds * 1000))
      if (wanted !== endsAt) {
        endsAt = wanted
        restSeconds = Math.min(600, Math.max(30, restSeconds + event.seconds))
      }
    } else if (status === "resting" && event.type === "rest.skip") {
      status = "idle"
    } else if (status === "ended" && event.type === "rest.dismiss") {
      status = "idle"
    }
    if (status === "resting" && now >= endsAt) [status, alerts] = ["ended", alerts + 1]
  }
  return { status, restSeconds, endsAt, now, alerts, starts }
}

/** A rest timer with its real actions over counting alerts; the walk sends its own ticks, so the ticker stays silent. */
function startCounted() {
  const heard = { alerts: 0, starts: 0 }
  const { actions } = restTimerImplementations({
    alert: () => void (heard.alerts += 1),
    prepareAlerts: () => void (heard.starts += 1)
  })
  const actor = createActor(restTimerMachine.provide({ actions })).start()
  const sent: Array<RestTimerEvent> = []
  return { actor, heard, sent, send: (event: RestTimerEvent) => void (actor.send(event), sent.push(event)) }
}

/** What the lifter reads and hears agrees with the reference after `sent`. */
function expectWhatTheLifterNotices({ actor, heard, sent }: ReturnType<typeof startCounted>) {
  const snapshot = actor.getSnapshot()
  const reference = expectedAfter(sent)
  const view = selectRestTimerView(snapshot)
  expect(view.status).toBe(reference.status)
  // An alert for every rest that ran out, and sound unlocked by every tap that started one.
  expect(heard).toEqual({ alerts: reference.alerts, starts: reference.starts })
  if (reference.status === "resting") {
    const left = Math.ceil((reference.endsAt - reference.now) / 1000)
    expect(view.remainingSeconds).toBe(left)
    expect(view.remainingText).toBe(formatRest(left))
    expect(view.canAdd).toBe(left < 600)
    expect(view.canSubtract).toBe(true)
  } else {
    expect([view.canAdd, view.canSubtract]).toEqual([false, false])
  }
  // The next rest lasts what the lifter's taps made it.
  if (reference.status === "idle") expect(view.remainingSeconds).toBe(reference.restSeconds)
  expect(snapshot.context.restSeconds).toBe(reference.restSeconds)
}

describe("a running rest timer, driven along the model", () => {
  test.each(walk.walksForEveryTransition.map((edge) => [edge.name, edge] as const))("%s", async (_, edge) => {
    const running = startCounted()
    await walk.model.testPath(edge.path, {
      events: new Proxy(
        {},
        {
          get:
            () =>
            ({ event }: { event: RestTimerEvent }) =>
              running.send(event)
        }
      ),
      states: {
        "*": (expected) => {
          expect(running.actor.getSnapshot().value).toEqual(expected.value)
          expectWhatTheLifterNotices(running)
        }
      }
    })
    running.actor.stop()
  })

  // Every edge, not only one per transition: +30 s up to the 10 min cap, -30 s down to the end,
  // and rest lengths from 30 s to 10 min, each against the reference.
  test(`agrees with the reference along all ${walk.edges.length} edges of the model`, () => {
    for (const edge of walk.edges) {
      const running = startCounted()
      edge.path.steps.forEach(({ event }) => running.send(event))
      expectWhatTheLifterNotices(running)
      running.actor.stop()
    }
  })
})

describe("the rest timer on a real clock", () => {
  afterEach(() => {
    vi.useRealTimers()
  })

  const running = () => {
    const alerts: Array<number> = []
    const machine = restTimerMachine.provide(
      restTimerImplementations({ alert: () => void alerts.push(Date.now()), prepareAlerts: () => undefined })
    )
    return { actor: createActor(machine).start(), alerts }
  }

  test("counts down from 2:00 and alerts once, at the end", () => {
    vi.useFakeTimers({ now: T0 })
    const { actor, alerts } = running()
    actor.send({ type: "rest.start", at: Date.now() })
    expect(selectRestTimerView(actor.getSnapshot()).remainingText).toBe("2:00")
    vi.advanceTimersByTime(15_000)
    expect(selectRestTimerView(actor.getSnapshot()).remainingText).toBe("1:45")
    vi.advanceTimersByTime(104_999)
    expect(selectRestTimerView(actor.getSnapshot())).toMatchObject({ status: "resting", remainingText: "0:01" })
    vi.advanceTimersByTime(1)
    expect(selectRestTimerView(actor.getSnapshot()).status).toBe("ended")
    vi.advanceTimersByTime(60_000)
    expect(alerts).toEqual([T0 + 120_000])
    actor.stop()
  })

  test("ends exactly on time after +30 s, though the quarter-second ticks do not line up with the end", () => {
    vi.useFakeTimers({ now: T0 })
    const { actor, alerts } = running()
    actor.send({ type: "rest.start", at: Date.now() })
    vi.advanceTimersByTime(100)
    actor.send({ type: "rest.add", seconds: 30 })
    vi.advanceTimersByTime(149_899)
    expect(selectRestTimerView(actor.getSnapshot()).status).toBe("resting")
    vi.advanceTimersByTime(1)
    expect(alerts).toEqual([T0 + 150_000])
    actor.stop()
  })

  test("the lifter's -30 s makes the next rest shorter too", () => {
    vi.useFakeTimers({ now: T0 })
    const { actor } = running()
    actor.send({ type: "rest.start", at: Date.now() })
    actor.send({ type: "rest.add", seconds: -30 })
    actor.send({ type: "rest.skip" })
    actor.send({ type: "rest.start", at: Date.now() })
    expect(selectRestTimerView(actor.getSnapshot()).remainingText).toBe("1:30")
    actor.stop()
  })

  test("a page hidden past the end shows the rest as over at its first tick", () => {
    const { actor, alerts } = running()
    actor.send({ type: "rest.start", at: T0 })
    actor.send({ type: "rest.tick", at: T0 + 600_000 })
    expect(selectRestTimerView(actor.getSnapshot()).status).toBe("ended")
    expect(alerts).toHaveLength(1)
    actor.stop()
  })

  test("leaves no timer running once the rest is skipped or the page is left", () => {
    vi.useFakeTimers({ now: T0 })
    const { actor } = running()
    actor.send({ type: "rest.start", at: Date.now() })
    expect(vi.getTimerCount()).toBe(2)
    actor.send({ type: "rest.skip" })
    expect(vi.getTimerCount()).toBe(0)
    actor.send({ type: "rest.start", at: Date.now() })
    actor.stop()
    expect(vi.getTimerCount()).toBe(0)
  })
})
