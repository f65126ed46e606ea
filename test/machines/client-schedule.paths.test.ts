/**
 * The client's schedule walked by its own model: every state and transition, replayed on
 * a running actor with a scripted loader, checking the days a person sees, the week it
 * asks the server for, and what the dashboard, calendar and progress chart show.
 */
import { describe, expect, test } from "vitest"
import { createActor } from "xstate"
import type { IsoDate } from "#domain/calendar.ts"
import type { UserId } from "#domain/ids.ts"
import { SAMPLE_PROGRESS } from "#domain/progress.ts"
import { workoutRowFixture } from "#domain/workout-row-fixture.ts"
import { daysInRange, MAX_READ_DAYS } from "#domain/workout.ts"
import { clientScheduleImplementations } from "#machines/client-schedule/client-schedule.actors.ts"
import { clientScheduleMachine, rangeOf } from "#machines/client-schedule/client-schedule.machine.ts"
import type {
  Schedule,
  ScheduleEvent,
  ScheduleInput,
  ScheduleRange
} from "#machines/client-schedule/client-schedule.types.ts"
import {
  selectNextWorkout,
  selectProgress,
  selectWeekView,
  type ScheduleSnapshot
} from "#machines/client-schedule/client-schedule.selectors.ts"
import { modelOf } from "./client-model-walk.ts"

const TODAY = "2026-01-07" as IsoDate // a Wednesday
const row = (id: number, date: string, exercise: string, extra: Readonly<Record<string, unknown>> = {}) =>
  workoutRowFixture({ id, date, exercise, reps: 5, rir: 2, ...extra })
const schedule: Schedule = {
  workouts: [row(1, "2026-01-09", "Squat"), row(2, "2026-01-05", "Bench Press"), row(3, "2026-01-14", "Deadlift")],
  results: [row(2, "2026-01-05", "Bench Press", { weight: 200, reps: 5, rpe: 8, rir: null })]
}

type ModelEvent =
  | ScheduleEvent
  | { readonly type: "xstate.done.actor.loadSchedule"; readonly output: Schedule }
  | { readonly type: "xstate.error.actor.loadSchedule"; readonly error: unknown }

const events: ReadonlyArray<ModelEvent> = [
  { type: "week.next" },
  { type: "week.previous" },
  { type: "week.today" },
  { type: "day.select", date: "2026-01-09" as IsoDate },
  { type: "day.select", date: "2026-01-14" as IsoDate },
  { type: "schedule.retry" },
  { type: "xstate.done.actor.loadSchedule", output: schedule },
  { type: "xstate.error.actor.loadSchedule", error: new Error("offline") }
]

const input: ScheduleInput = { scope: "week", today: TODAY }
const walk = modelOf<ScheduleSnapshot, ModelEvent>(clientScheduleMachine, {
  input,
  // The walk stays within a week either side of today, so it is finite.
  events: (snapshot) =>
    events.filter(
      (event) =>
        !(event.type === "week.next" && snapshot.context.selected > TODAY) &&
        !(event.type === "week.previous" && snapshot.context.selected < TODAY)
    ),
  serialize: (snapshot) => JSON.stringify([snapshot.value, snapshot.context.selected])
})

describe("the client schedule machine's model", () => {
  test("reaches every state the machine declares", () => {
    expect(walk.reachedStates).toEqual(walk.leafStates)
  })

  test("takes every transition the machine declares, every guarded branch included", () => {
    expect(walk.untakenTransitions).toEqual([])
  })
})

const flush = () => new Promise((resolve) => setTimeout(resolve, 0))

const CLIENT = 7 as UserId

interface Load {
  /** The days and the reads the load asked the gateway for. */
  range: ScheduleRange
  resolve: (s: Schedule) => void
  reject: (e: unknown) => void
  answer: Promise<Schedule>
}

/**
 * The app's wiring over a gateway whose reads (prescribed rows, logged results) wait for
 * the test. The reads one load makes are started together, so the calls of one tick are
 * one load, answered at once.
 */
function start(scheduleInput: ScheduleInput) {
  const loads: Array<Load> = []
  let open: Load | undefined
  const join = (clientId: UserId, range: { from: IsoDate; to: IsoDate }, read: "workouts" | "results") => {
    expect(clientId).toBe(CLIENT)
    if (open === undefined) {
      let resolve: (s: Schedule) => void = () => undefined
      let reject: (e: unknown) => void = () => undefined
      const answer = new Promise<Schedule>((done, fail) => ((resolve = done), (reject = fail)))
      const load: Load = { range: { ...range, workouts: false, results: false }, resolve, reject, answer }
      open = load
      loads.push(load)
      queueMicrotask(() => (open = undefined))
    }
    expect({ from: open.range.from, to: open.range.to }).toEqual(range)
    open.range = { ...open.range, [read]: true }
    return open.answer
  }
  const gateway = {
    workouts: (clientId: UserId, range: { from: IsoDate; to: IsoDate }) =>
      join(clientId, range, "workouts").then((s) => s.workouts),
    workoutResults: (clientId: UserId, range: { from: IsoDate; to: IsoDate }) =>
      join(clientId, range, "results").then((s) => s.results)
  }
  const actor = createActor(
    clientScheduleMachine.provide(
      clientScheduleImplementations({ gateway: () => Promise.resolve(gateway as never), clientId: () => CLIENT })
    ),
    { input: scheduleInput }
  ).start()
  return { actor, loads }
}

describe("a running schedule, driven along the model", () => {
  test.each(walk.walksForEveryTransition.map((edge) => [edge.name, edge] as const))("%s", async (_, edge) => {
    const { actor, loads } = start(input)
    await flush()
    await walk.model.testPath(edge.path, {
      events: new Proxy(
        {},
        {
          get:
            () =>
            async ({ event }: { event: ModelEvent }) => {
              if (event.type === "xstate.done.actor.loadSchedule") loads.at(-1)?.resolve(event.output)
              else if (event.type === "xstate.error.actor.loadSchedule") loads.at(-1)?.reject(event.error)
              else actor.send(event)
              await flush()
            }
        }
      ),
      states: {
        "*": (expected) => {
          const snapshot = actor.getSnapshot()
          expect(snapshot.value).toEqual(expected.value)
          const view = selectWeekView(snapshot)
          expect(view.days.map((d) => d.letter).join(" ")).toBe("S M T W T F S")
          expect(view.days.filter((d) => d.selected).map((d) => d.date)).toEqual([expected.context.selected])
          // Whatever week is shown is the week last asked for.
          expect(loads.at(-1)?.range).toEqual(rangeOf(snapshot.context))
          if (view.status === "ready" && view.workouts.length === 0) {
            expect(view.emptyText).toBe(`No workout scheduled for ${view.selectedText}`)
          }
        }
      }
    })
    actor.stop()
  })
})

describe("what the client's screens show", () => {
  test("the calendar marks days with results and lists the selected day's workouts", async () => {
    const { actor, loads } = start({ scope: "week", today: TODAY, selected: "2026-01-05" as IsoDate })
    await flush()
    loads[0]?.resolve(schedule)
    await flush()
    const view = selectWeekView(actor.getSnapshot())
    expect(view.days.filter((d) => d.hasResults).map((d) => d.date)).toEqual(["2026-01-05"])
    expect(view.workouts.map((w) => [w.title, w.exerciseNames, w.routeDate])).toEqual([
      ["Workout 1", ["Bench Press"], "01-05-2026"]
    ])
  })

  test("arrows move the selected day by 7 days and Today comes back", () => {
    const { actor } = start(input)
    actor.send({ type: "week.next" })
    expect(actor.getSnapshot().context.selected).toBe("2026-01-14")
    actor.send({ type: "week.previous" })
    actor.send({ type: "week.previous" })
    expect(actor.getSnapshot().context.selected).toBe("2025-12-31")
    actor.send({ type: "week.today" })
    expect(actor.getSnapshot().context.selected).toBe(TODAY)
  })

  test("the dashboard's next workout is the earliest day on or after today", async () => {
    const { actor, loads } = start({ scope: "upcoming", today: TODAY })
    await flush()
    // The next workout within a year; the dashboard shows no results, so it reads none.
    expect(loads[0]?.range).toEqual({ from: TODAY, to: "2027-01-07", workouts: true, results: false })
    expect(selectNextWorkout(actor.getSnapshot()).status).toBe("loading")
    loads[0]?.resolve({ ...schedule, workouts: schedule.workouts.filter((r) => r.date >= TODAY) })
    await flush()
    expect(selectNextWorkout(actor.getSnapshot())).toEqual({
      status: "ready",
      date: "2026-01-09",
      dateText: "Friday, January 9, 2026",
      routeDate: "01-09-2026",
      exerciseNames: ["Squat"]
    })
  })

  test("progress charts the client's own estimated maxes, else SPEC's sample marked as an example", async () => {
    const { actor, loads } = start({ scope: "progress", today: TODAY })
    await flush()
    // The last year's results, and no prescriptions: the chart shows none.
    expect(loads[0]?.range).toEqual({ from: "2025-01-07", to: TODAY, workouts: false, results: true })
    expect(daysInRange({ from: "2025-01-07" as IsoDate, to: TODAY })).toBe(MAX_READ_DAYS)
    loads[0]?.resolve({ workouts: [], results: schedule.results })
    await flush()
    expect(selectProgress(actor.getSnapshot(), "bench press")).toEqual({
      status: "ready",
      points: [{ name: "Jan 5", value: 246.7 }], // 200 lbs x 5 at RPE 8: 200 * (1 + 7 / 30)
      isExample: false
    })
    const squat = selectProgress(actor.getSnapshot(), "squat")
    expect(squat.isExample).toBe(true)
    expect(squat.points).toHaveLength(SAMPLE_PROGRESS.length)
  })
})
