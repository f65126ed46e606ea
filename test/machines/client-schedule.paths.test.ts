/**
 * The client's schedule walked by its own model: every state and transition, replayed on
 * a running actor with a scripted loader, checking the days a person sees, the week it
 * asks the server for, and what the dashboard and calendar show: which
 * workouts are done, and never a workout called done or missed when the server could
 * not say which are.
 */
import { describe, expect, test } from "vitest"
import { createActor } from "xstate"
import type { IsoDate } from "#domain/calendar.ts"
import type { WorkoutCompletion } from "#domain/completion.ts"
import type { UserId } from "#domain/ids.ts"
import { workoutRowFixture } from "#domain/workout-row-fixture.ts"
import type { CopiedDays } from "#device/device-copy.types.ts"
import { clientScheduleImplementations } from "#machines/client-schedule/client-schedule.actors.ts"
import { nextOpenWorkout } from "#domain/schedule-marks.ts"
import { clientScheduleMachine, rangeOf } from "#machines/client-schedule/client-schedule.machine.ts"
import type {
  CopiedSchedule,
  Schedule,
  ScheduleEvent,
  ScheduleInput,
  ScheduleRange
} from "#machines/client-schedule/client-schedule.types.ts"
import {
  selectDoneUnknown,
  selectFreshness,
  selectNextWorkout,
  selectWeekView,
  type ScheduleSnapshot
} from "#machines/client-schedule/client-schedule.selectors.ts"
import { modelOf } from "./client-model-walk.ts"

const TODAY = "2026-01-07" as IsoDate // a Wednesday
const row = (id: number, date: string, exercise: string, extra: Readonly<Record<string, unknown>> = {}) =>
  workoutRowFixture({ id, date, exercise, reps: 5, rir: 2, ...extra })
const completed = (date: string, workout_order: number, minutes: number): WorkoutCompletion => ({
  date: date as IsoDate,
  workout_order,
  started_at: `${date}T17:00:00.000Z`,
  ended_at: `${date}T18:30:00.000Z`,
  duration_seconds: minutes * 60
})
/**
 * Monday's bench is done, Tuesday's row was missed, today holds two workouts of which the
 * first is done, and Friday and next Wednesday are still to come.
 */
const schedule: Schedule = {
  workouts: [
    row(1, "2026-01-09", "Squat"),
    row(2, "2026-01-05", "Bench Press"),
    row(3, "2026-01-14", "Deadlift"),
    row(4, "2026-01-06", "Row"),
    row(5, "2026-01-07", "Front Squat"),
    row(6, "2026-01-07", "Overhead Press", { workout_order: 1 })
  ],
  results: [row(2, "2026-01-05", "Bench Press", { weight: 200, reps: 5, rpe: 8, rir: null })],
  completions: [completed("2026-01-05", 0, 42), completed("2026-01-07", 0, 65)]
}
/** The same days when the server could not say which workouts are done. */
const doneUnknown: Schedule = { ...schedule, completions: null }
/**
 * The device copy of these days, as of 7:42 that morning: today's second workout not yet
 * added by the coach, the first not yet done.
 */
const AS_OF = Date.parse("2026-01-07T07:42:00")
const copied: CopiedSchedule = {
  workouts: schedule.workouts.filter((r) => r.id !== 6),
  results: schedule.results,
  completions: [completed("2026-01-05", 0, 42)],
  asOf: AS_OF
}
/** A read that never reached the server, and one the server refused. */
const unreached = new TypeError("Failed to fetch")
const refused = { _tag: "Forbidden", error: "Not your client" }

type ModelEvent =
  | ScheduleEvent
  | { readonly type: "xstate.done.actor.loadSchedule"; readonly output: Schedule }
  | { readonly type: "xstate.error.actor.loadSchedule"; readonly error: unknown }
  | { readonly type: "xstate.done.actor.readCopy"; readonly output: CopiedSchedule | null }
  | { readonly type: "xstate.error.actor.readCopy"; readonly error: unknown }

const events: ReadonlyArray<ModelEvent> = [
  { type: "week.next" },
  { type: "week.previous" },
  { type: "week.today" },
  { type: "day.select", date: "2026-01-09" as IsoDate },
  { type: "day.select", date: "2026-01-14" as IsoDate },
  { type: "schedule.retry" },
  { type: "xstate.done.actor.loadSchedule", output: schedule },
  { type: "xstate.done.actor.loadSchedule", output: doneUnknown },
  { type: "xstate.error.actor.loadSchedule", error: unreached },
  { type: "xstate.error.actor.loadSchedule", error: refused },
  { type: "xstate.done.actor.readCopy", output: copied },
  { type: "xstate.done.actor.readCopy", output: null },
  { type: "xstate.error.actor.readCopy", error: new Error("IndexedDB blocked") },
  { type: "network.online" }
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
  serialize: (snapshot) =>
    JSON.stringify([
      snapshot.value,
      snapshot.context.selected,
      snapshot.context.completions === null,
      snapshot.context.asOf !== null
    ])
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
interface CopyRead {
  range: { from: IsoDate; to: IsoDate }
  resolve: (copy: CopiedSchedule | null) => void
  reject: (e: unknown) => void
}

function start(scheduleInput: ScheduleInput) {
  const loads: Array<Load> = []
  const copyReads: Array<CopyRead> = []
  const kept: Array<unknown> = []
  const online: Array<() => void> = []
  let open: Load | undefined
  const join = (
    clientId: UserId,
    range: { from: IsoDate; to: IsoDate },
    read: "workouts" | "results" | "completions"
  ) => {
    expect(clientId).toBe(CLIENT)
    if (open === undefined) {
      let resolve: (s: Schedule) => void = () => undefined
      let reject: (e: unknown) => void = () => undefined
      const answer = new Promise<Schedule>((done, fail) => ((resolve = done), (reject = fail)))
      const load: Load = {
        range: { ...range, workouts: false, results: false, completions: false },
        resolve,
        reject,
        answer
      }
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
      join(clientId, range, "results").then((s) => s.results),
    // A load answered without completions is one whose completions read failed.
    workoutCompletions: (clientId: UserId, range: { from: IsoDate; to: IsoDate }) =>
      join(clientId, range, "completions").then((s) =>
        s.completions === null ? Promise.reject(new TypeError("Failed to fetch")) : s.completions
      )
  }
  const actor = createActor(
    clientScheduleMachine.provide(
      clientScheduleImplementations({
        gateway: gateway as never,
        clientId: () => CLIENT,
        // The copy's rows are what the test answers (the store is tested on its own); the
        // machine's actors turn them into the schedule.
        deviceCopy: () =>
          Promise.resolve({
            read: (range) =>
              new Promise((resolve, reject) =>
                copyReads.push({
                  range,
                  // The schedule's results are /workoutResults's rows, typed WorkoutRow in its fixtures.
                  resolve: (copy) => resolve(copy as CopiedDays | null),
                  reject
                })
              ),
            keep: (fresh) => {
              kept.push(fresh)
              return Promise.resolve()
            }
          }),
        onBackOnline: (listener) => {
          online.push(listener)
          return () => online.splice(online.indexOf(listener), 1)
        }
      })
    ),
    { input: scheduleInput }
  ).start()
  return { actor, loads, copyReads, kept, online }
}

describe("a running schedule, driven along the model", () => {
  test.each(walk.walksForEveryTransition.map((edge) => [edge.name, edge] as const))("%s", async (_, edge) => {
    const { actor, loads, copyReads, online } = start(input)
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
              else if (event.type === "xstate.done.actor.readCopy") copyReads.at(-1)?.resolve(event.output)
              else if (event.type === "xstate.error.actor.readCopy") copyReads.at(-1)?.reject(event.error)
              // The browser's 'online': only the offline state listens for it.
              else if (event.type === "network.online") online.forEach((listener) => listener())
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
          // Whatever week is shown is the week last asked for, of the server and of the copy.
          expect(loads.at(-1)?.range).toEqual(rangeOf(snapshot.context))
          if (copyReads.length > 0)
            expect(copyReads.at(-1)?.range).toMatchObject({ from: rangeOf(snapshot.context).from })
          // The copy is never passed off as the server's answer: on screen, it says how old it is.
          const freshness = selectFreshness(snapshot)
          const copyShown = snapshot.matches({ reading: "showingCopy" }) || snapshot.matches({ offline: "showingCopy" })
          expect(freshness.status).toBe(
            snapshot.matches({ reading: "showingCopy" }) ? "updating" : copyShown ? "offline" : "fresh"
          )
          if (freshness.status === "offline") expect(freshness.asOf).toBe(AS_OF)
          expect(snapshot.context.asOf !== null).toBe(copyShown)
          // A refusal shows no schedule at all, copy or not.
          if (snapshot.matches("failed") || snapshot.matches({ offline: "blank" }))
            expect(view.status).not.toBe("ready")
          if (view.status === "ready" && view.workouts.length === 0) {
            expect(view.emptyText).toBe(`No workout scheduled for ${view.selectedText}`)
          }
          // Nothing is called done or missed unless the server said which workouts are done.
          const unknown = snapshot.context.completions === null
          expect(selectDoneUnknown(snapshot)).toBe(view.status === "ready" && unknown)
          if (unknown) {
            expect(view.days.every((d) => d.mark === null || d.mark === "scheduled")).toBe(true)
            expect(view.workouts.every((w) => w.doneText === null)).toBe(true)
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
    expect(loads[0]?.range).toEqual({
      from: "2026-01-04",
      to: "2026-01-10",
      workouts: true,
      results: true,
      completions: true
    })
    loads[0]?.resolve(schedule)
    await flush()
    const view = selectWeekView(actor.getSnapshot())
    expect(view.days.filter((d) => d.hasResults).map((d) => d.date)).toEqual(["2026-01-05"])
    expect(view.workouts.map((w) => [w.title, w.exerciseNames, w.routeDate, w.doneText, w.search])).toEqual([
      ["Workout 1", ["Bench Press"], "01-05-2026", "Completed · 42 min", {}]
    ])
  })

  test("each day with workouts is marked scheduled, completed or missed, in words as well as marks", async () => {
    const { actor, loads } = start({ scope: "week", today: TODAY })
    await flush()
    loads[0]?.resolve(schedule)
    await flush()
    const view = selectWeekView(actor.getSnapshot())
    expect(view.days.map((d) => [d.date, d.mark])).toEqual([
      ["2026-01-04", null],
      ["2026-01-05", "completed"],
      ["2026-01-06", "missed"],
      // Today's second workout is still to do.
      ["2026-01-07", "scheduled"],
      ["2026-01-08", null],
      ["2026-01-09", "scheduled"],
      ["2026-01-10", null]
    ])
    expect(view.days.map((d) => d.label).slice(1, 4)).toEqual([
      "Monday, January 5, 2026, completed, has logged results",
      "Tuesday, January 6, 2026, missed",
      "Wednesday, January 7, 2026, scheduled"
    ])
    expect(view.workouts.map((w) => [w.title, w.doneText, w.search])).toEqual([
      ["Workout 1", "Completed · 1 h 05 min", {}],
      ["Workout 2", null, { workout: 2 }]
    ])
  })

  test("a missed day says so on its workout; when which are done is unknown, nothing is called either", async () => {
    const { actor, loads } = start({ scope: "week", today: TODAY, selected: "2026-01-06" as IsoDate })
    await flush()
    loads[0]?.resolve(schedule)
    await flush()
    expect(selectWeekView(actor.getSnapshot()).workouts.map((w) => w.doneText)).toEqual(["Missed"])
    expect(actor.getSnapshot().can({ type: "schedule.retry" })).toBe(false)

    const unknown = start({ scope: "week", today: TODAY, selected: "2026-01-06" as IsoDate })
    await flush()
    unknown.loads[0]?.resolve(doneUnknown)
    await flush()
    const view = selectWeekView(unknown.actor.getSnapshot())
    // The schedule is still shown, with the notice and a way to read again.
    expect(view.status).toBe("ready")
    expect(selectDoneUnknown(unknown.actor.getSnapshot())).toBe(true)
    expect(view.workouts.map((w) => [w.exerciseNames, w.doneText])).toEqual([[["Row"], null]])
    expect(view.days.map((d) => d.mark)).toEqual([null, "scheduled", "scheduled", "scheduled", null, "scheduled", null])
    unknown.actor.send({ type: "schedule.retry" })
    await flush()
    expect(unknown.loads).toHaveLength(2)
    unknown.loads[1]?.resolve(schedule)
    await flush()
    expect(selectWeekView(unknown.actor.getSnapshot()).workouts.map((w) => w.doneText)).toEqual(["Missed"])
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

  const upcoming = (answer: Schedule): Schedule => ({
    ...answer,
    workouts: answer.workouts.filter((r) => r.date >= TODAY),
    results: []
  })

  test("the dashboard's next workout is the earliest on or after today that is not done", async () => {
    const { actor, loads } = start({ scope: "upcoming", today: TODAY })
    await flush()
    // The next workout within a year; the dashboard shows no results, so it reads none.
    expect(loads[0]?.range).toEqual({
      from: TODAY,
      to: "2027-01-07",
      workouts: true,
      results: false,
      completions: true
    })
    expect(selectNextWorkout(actor.getSnapshot()).status).toBe("loading")
    loads[0]?.resolve(upcoming(schedule))
    await flush()
    // Today's first workout is done: the second, at its own address, carrying itself.
    const next = selectNextWorkout(actor.getSnapshot())
    expect(next).toMatchObject({
      status: "ready",
      date: "2026-01-07",
      dateText: "Wednesday, January 7, 2026",
      routeDate: "01-07-2026",
      workoutText: "Workout #2",
      exerciseNames: ["Overhead Press"],
      search: { workout: 2 },
      carried: { index: 1, date: "01-07-2026" }
    })
  })

  test("completed workouts leave the dashboard; with all done, nothing is scheduled", async () => {
    const { actor, loads } = start({ scope: "upcoming", today: TODAY })
    await flush()
    const allOfToday = [...(schedule.completions ?? []), completed("2026-01-07", 1, 30)]
    loads[0]?.resolve(upcoming({ ...schedule, completions: allOfToday }))
    await flush()
    expect(selectNextWorkout(actor.getSnapshot())).toMatchObject({
      date: "2026-01-09",
      workoutText: null,
      exerciseNames: ["Squat"],
      search: {}
    })
    const { actor: done, loads: doneLoads } = start({ scope: "upcoming", today: TODAY })
    await flush()
    doneLoads[0]?.resolve({
      workouts: schedule.workouts.filter((r) => r.date === TODAY),
      results: [],
      completions: allOfToday
    })
    await flush()
    expect(selectNextWorkout(done.getSnapshot())).toEqual({ status: "none" })
  })

  test("when which are done is unknown, the dashboard still shows the earliest workout and says so", async () => {
    const { actor, loads } = start({ scope: "upcoming", today: TODAY })
    await flush()
    loads[0]?.resolve(upcoming(doneUnknown))
    await flush()
    expect(selectNextWorkout(actor.getSnapshot())).toMatchObject({ date: TODAY, workoutText: "Workout #1" })
    expect(selectDoneUnknown(actor.getSnapshot())).toBe(true)
  })
})

describe("the device copy (docs/decisions/027)", () => {
  const upcomingInput: ScheduleInput = { scope: "upcoming", today: TODAY }

  test("the dashboard paints from the copy without waiting for the server, then shows the server's answer", async () => {
    const { actor, loads, copyReads, kept } = start(upcomingInput)
    await flush()
    // Both reads start at once: the copy does not wait for the network, nor the network for it.
    expect(loads).toHaveLength(1)
    expect(copyReads).toHaveLength(1)
    copyReads[0]?.resolve(copied)
    await flush()
    expect(actor.getSnapshot().value).toEqual({ reading: "showingCopy" })
    expect(selectFreshness(actor.getSnapshot())).toEqual({ status: "updating" })
    expect(selectNextWorkout(actor.getSnapshot())).toMatchObject({ status: "ready", exerciseNames: ["Front Squat"] })
    const fresh = { ...schedule, workouts: [row(9, TODAY, "Snatch")], completions: [] }
    loads[0]?.resolve(fresh)
    await flush()
    expect(actor.getSnapshot().value).toBe("ready")
    expect(selectFreshness(actor.getSnapshot())).toEqual({ status: "fresh" })
    expect(selectNextWorkout(actor.getSnapshot())).toMatchObject({ exerciseNames: ["Snatch"] })
    // The answer joins the copy: only the reads the dashboard made (no results).
    await flush()
    expect(kept).toEqual([
      { from: TODAY, to: "2027-01-07", workouts: fresh.workouts, results: undefined, completions: [] }
    ])
  })

  test("offline, the copy stays with 'as of' its refresh, and back online the server is asked again", async () => {
    const { actor, loads, copyReads, online } = start(input)
    await flush()
    copyReads[0]?.resolve(copied)
    loads[0]?.reject(unreached)
    await flush()
    expect(actor.getSnapshot().value).toEqual({ offline: "showingCopy" })
    expect(selectFreshness(actor.getSnapshot())).toEqual({ status: "offline", asOf: AS_OF })
    expect(selectWeekView(actor.getSnapshot()).workouts.map((w) => w.exerciseNames)).toEqual([["Front Squat"]])
    online.forEach((listener) => listener())
    await flush()
    expect(loads).toHaveLength(2)
    expect(selectFreshness(actor.getSnapshot())).toEqual({ status: "updating" })
    loads[1]?.resolve(schedule)
    await flush()
    expect(selectFreshness(actor.getSnapshot())).toEqual({ status: "fresh" })
    expect(online).toHaveLength(0)
  })

  test("a refusal is said even with a copy on the device; offline without one says so", async () => {
    const refusedRun = start(input)
    await flush()
    refusedRun.copyReads[0]?.resolve(copied)
    refusedRun.loads[0]?.reject(refused)
    await flush()
    expect(refusedRun.actor.getSnapshot().value).toBe("failed")
    expect(selectWeekView(refusedRun.actor.getSnapshot()).status).toBe("failed")

    const bare = start(input)
    await flush()
    bare.copyReads[0]?.resolve(null)
    bare.loads[0]?.reject(unreached)
    await flush()
    bare.copyReads[1]?.resolve(null)
    await flush()
    expect(bare.actor.getSnapshot().value).toEqual({ offline: "blank" })
    expect(selectWeekView(bare.actor.getSnapshot()).status).toBe("offline")
  })
})

describe("a workout done ahead of its date (docs/decisions/042)", () => {
  test("is not the lifter's next workout: the next is the one still to do", () => {
    const today = "2026-11-28" as IsoDate
    const rows = [
      workoutRowFixture({ id: 41, date: "2026-12-01", exercise: "Barbell Row" }),
      workoutRowFixture({ id: 42, date: "2026-12-03", exercise: "Deadlift" })
    ]
    // Submitted today, three days before its date.
    const doneToday: WorkoutCompletion = {
      date: "2026-12-01" as IsoDate,
      workout_order: 0,
      started_at: "2026-11-28T17:00:00.000Z",
      ended_at: "2026-11-28T17:40:00.000Z",
      duration_seconds: 2_400
    }
    expect(nextOpenWorkout(rows, [doneToday], today)?.date).toBe("2026-12-03")
    expect(nextOpenWorkout(rows, [], today)?.date).toBe("2026-12-01")
  })
})
