/**
 * One workout of a day walked by its own model: carried in route state or fetched by its
 * address (`?workout=N`), and for the day page whether it is done and what was logged.
 * Every state and transition (the eventless "carried" and "not asked" branches, every
 * guarded one) is replayed on a running actor built with `workoutDayImplementations` over
 * a gateway the test answers, checking what the day page and the logging page read: the
 * workout and which one of the day it is, the reads made, and that "completed" is only
 * ever said when the server said it.
 */
import { describe, expect, test } from "vitest"
import { createActor, initialTransition } from "xstate"
import type { IsoDate } from "#domain/calendar.ts"
import type { UserId } from "#domain/ids.ts"
import type { GroupedWorkout } from "#domain/workout.ts"
import { workoutDayImplementations } from "#machines/workout-day/workout-day.actors.ts"
import { completedRecord, DAY_DATE, dayWorkouts, squatWorkout } from "#machines/workout-day/workout-day.fixtures.ts"
import { workoutDayMachine } from "#machines/workout-day/workout-day.machine.ts"
import {
  selectDayFreshness,
  selectWorkoutDay,
  type WorkoutDaySnapshot
} from "#machines/workout-day/workout-day.selectors.ts"
import type {
  CopiedDay,
  CopiedRecord,
  RecordOutput,
  WorkoutDayEvent,
  WorkoutDayInput
} from "#machines/workout-day/workout-day.types.ts"
import { combinedCoverage, modelOf } from "./client-model-walk.ts"
import { deferredGateway, done, failure, oneCall, replayPath, type ActorAnswer } from "./coach-stub-actors.ts"

const CLIENT = 7 as UserId
const offline = new TypeError("Failed to fetch")
/** The server answered and refused: never covered by the device copy. */
const refused = { _tag: "NotFound", error: "No such client" }
/** The device copy of the day, refreshed at 7:42 (docs/decisions/027). */
const AS_OF = Date.parse("2026-01-05T07:42:00")
const copiedDay: CopiedDay = { workouts: dayWorkouts, asOf: AS_OF }
const copiedRestDay: CopiedDay = { workouts: [], asOf: AS_OF }
const copiedRecord: CopiedRecord = { ...completedRecord, asOf: AS_OF }

type ModelEvent = WorkoutDayEvent | ReturnType<typeof done> | ReturnType<typeof failure>

const inputs: Record<string, WorkoutDayInput> = {
  "the day page, opened from the calendar": {
    date: DAY_DATE,
    carried: { workout: squatWorkout, index: 0 },
    index: 0,
    withRecord: true
  },
  "the day page of the second workout, opened by its address": {
    date: DAY_DATE,
    carried: {},
    index: 1,
    withRecord: true
  },
  "the logging page, opened by its address": { date: DAY_DATE, carried: {} }
}

/** A carried workout has not listed the day's others, so its record read lists them too. */
const asksForDay = (snapshot: WorkoutDaySnapshot) =>
  snapshot.context.dayWorkouts === null && snapshot.context.workout !== null

const recordAnswer = (snapshot: WorkoutDaySnapshot): RecordOutput =>
  asksForDay(snapshot) ? { ...completedRecord, workouts: dayWorkouts } : completedRecord

const events = (snapshot: WorkoutDaySnapshot): ReadonlyArray<ModelEvent> => [
  { type: "workout.retry" },
  { type: "record.retry" },
  done("fetchDay", dayWorkouts),
  done("fetchDay", []),
  failure("fetchDay", offline),
  done("loadRecord", recordAnswer(snapshot)),
  failure("loadRecord", offline),
  failure("fetchDay", refused),
  failure("loadRecord", refused),
  done("readDayCopy", copiedDay),
  done("readDayCopy", copiedRestDay),
  done("readDayCopy", null),
  failure("readDayCopy", new Error("IndexedDB blocked")),
  done("readRecordCopy", copiedRecord),
  done("readRecordCopy", null),
  failure("readRecordCopy", new Error("IndexedDB blocked")),
  { type: "network.online" }
]

const models = Object.entries(inputs).map(([name, input]) => ({
  name,
  input,
  walk: modelOf<WorkoutDaySnapshot, ModelEvent>(workoutDayMachine, {
    input,
    events,
    serialize: ({ value, context }) =>
      JSON.stringify([
        value,
        context.workout !== null,
        context.dayWorkouts !== null,
        context.record !== null,
        context.asOf !== null,
        context.recordAsOf !== null
      ])
  })
}))

describe("the workout-day machine's model", () => {
  // The machine is parallel: a reached vertex such as "workout.ready+record.known" reaches both leaves.
  const coverage = combinedCoverage(
    models.map(({ walk }) => ({ ...walk, reachedStates: walk.reachedStates.flatMap((leaves) => leaves.split("+")) }))
  )
  test("reaches every state the machine declares", () => {
    expect(coverage.unreached).toEqual([])
  })

  test("takes every transition the machine declares, eventless and guarded branches included", () => {
    expect(coverage.untaken).toEqual([])
  })
})

/** The app's wiring over a gateway whose reads wait for the test. */
function startDay(input: WorkoutDayInput) {
  const stubs = deferredGateway(["workoutByDate", "workoutCompletions", "workoutResults"])
  const copyStubs = deferredGateway(["day", "record"])
  const kept: Array<unknown> = []
  const copyCall = async <A>(name: "day" | "record", date: IsoDate): Promise<A> =>
    (copyStubs.gateway as Record<string, (date: IsoDate) => Promise<A>>)[name]?.(date) as Promise<A>
  const actor = createActor(
    workoutDayMachine.provide(
      workoutDayImplementations({
        clientId: CLIENT,
        gateway: stubs.gateway,
        copy: {
          day: (date) => copyCall("day", date),
          record: (date) => copyCall("record", date),
          keepRecord: (date, record) => kept.push([date, record])
        }
      })
    ),
    { input }
  ).start()
  const fetchDay: ActorAnswer = {
    done: (output) => stubs.settle("workoutByDate", { data: { [DAY_DATE]: output } }),
    error: (error) => stubs.fail("workoutByDate", error)
  }
  const loadRecord: ActorAnswer = {
    done: (output) => {
      const { completions, results, workouts } = output as RecordOutput
      stubs.settle("workoutCompletions", completions)
      stubs.settle("workoutResults", results)
      if (workouts !== undefined) stubs.settle("workoutByDate", { data: { [DAY_DATE]: workouts } })
    },
    // Every read of the record fails together, as when the network is down.
    error: (error) => {
      stubs.fail("workoutCompletions", error)
      stubs.fail("workoutResults", error)
      if (asksForDay(actor.getSnapshot())) stubs.fail("workoutByDate", error)
    }
  }
  const answers = {
    fetchDay,
    loadRecord,
    readDayCopy: oneCall(copyStubs, "day"),
    readRecordCopy: oneCall(copyStubs, "record")
  }
  return { actor, stubs, copyStubs, kept, answers }
}

function expectWhatTheLifterSees(
  snapshot: WorkoutDaySnapshot,
  input: WorkoutDayInput,
  run: ReturnType<typeof startDay>
) {
  const view = selectWorkoutDay(snapshot)
  expect(view.dateText).toBe("Monday, January 5, 2026")
  // Every read is of that client and that day.
  for (const call of run.stubs.calls) {
    expect(call.args).toEqual(
      call.name === "workoutByDate" ? [CLIENT, DAY_DATE] : [CLIENT, { from: DAY_DATE, to: DAY_DATE }]
    )
  }
  // The logging page never asks whether the workout is done.
  if (input.withRecord !== true) expect(run.stubs.calls.filter((c) => c.name !== "workoutByDate")).toEqual([])
  // A carried workout is the one shown, at once.
  if (input.carried.workout !== undefined) expect(view.status).toBe("ready")
  if (view.status !== "ready") return
  const index = input.index ?? 0
  expect(view.index).toBe(index)
  expect(view.title).toBe(`Workout #${index + 1}`)
  expect(view.search).toEqual(index === 0 ? {} : { workout: index + 1 })
  expect(view.workout.workout_order).toBe(dayWorkouts[index]?.workout_order)
  // "Completed" only when the server said so, and only for the workout it named (the first).
  // (or, offline, when the device copy says the server said so: then the page says how old that is)
  const known = snapshot.matches({ record: "known" }) || snapshot.matches({ record: "stale" })
  expect(view.record.status === "completed").toBe(known && index === 0)
  if (known && index === 1) expect(view.record.status).toBe("open")
  if (snapshot.matches({ record: "unknown" })) expect(view.record.status).toBe("unknown")
  // The copy says how old it is; nothing from it passes for the server's answer.
  const freshness = selectDayFreshness(snapshot)
  const fromCopy =
    snapshot.matches({ workout: "stale" }) ||
    (snapshot.matches({ workout: "none" }) && snapshot.context.asOf !== null) ||
    snapshot.matches({ record: "stale" })
  expect(freshness).toEqual(fromCopy ? { status: "offline", asOf: AS_OF } : { status: "fresh" })
  if (snapshot.matches({ record: "stale" })) expect(view.record.status).toBe(index === 0 ? "completed" : "open")
  // Logged values are shown for a completed workout only.
  const logged = view.exercises.flatMap((e) => e.sets.map((s) => s.logged))
  expect(logged.every((text) => (view.record.status === "completed" ? text !== null : text === null))).toBe(true)
}

describe("a running workout day, driven along the model", () => {
  const walks = models.flatMap((m) =>
    m.walk.walksForEveryTransition.map((edge) => [`${m.name}: ${edge.name}`, m, edge] as const)
  )

  test.each(walks)("%s", async (_, m, edge) => {
    const run = startDay(m.input)
    const [initial] = initialTransition(workoutDayMachine, m.input)
    await replayPath<WorkoutDaySnapshot, ModelEvent>(initial, edge.path, run.actor, run.answers, (expected) => {
      const actual = run.actor.getSnapshot()
      expect(actual.value).toEqual(expected.value)
      expect(actual.context).toEqual(expected.context)
      expectWhatTheLifterSees(actual, m.input, run)
    })
    run.actor.stop()
  })
})

const settle = () => new Promise((resolve) => setTimeout(resolve, 0))

describe("opening a day's workout", () => {
  test("the calendar's workout shows without waiting; the record read lists the day's others", async () => {
    const { actor, stubs } = startDay(inputs["the day page, opened from the calendar"] as WorkoutDayInput)
    expect(selectWorkoutDay(actor.getSnapshot())).toMatchObject({ status: "ready", record: { status: "checking" } })
    await settle()
    expect(stubs.calls.map((c) => c.name).sort()).toEqual(["workoutByDate", "workoutCompletions", "workoutResults"])
    stubs.settle("workoutCompletions", completedRecord.completions)
    stubs.settle("workoutResults", completedRecord.results)
    stubs.settle("workoutByDate", { data: { [DAY_DATE]: dayWorkouts } })
    await settle()
    const view = selectWorkoutDay(actor.getSnapshot())
    if (view.status !== "ready") throw new Error("not ready")
    expect(view.record).toEqual({ status: "completed", summary: "Completed · 42 min" })
    expect(view.exercises.map((e) => [e.name, e.sets.map((s) => [s.prescription, s.logged, s.added])])).toEqual([
      [
        "Back Squat",
        [
          ["275 lbs × 5 reps at 2 RIR", "275 lbs × 5 at 2 RIR", false],
          ["5 reps at 2 RIR · 10% backoff", "Skipped", false],
          ["245 lbs × 5 reps · AMSAP: as many sets as possible", "Not logged", false],
          ["245 lbs × 5 reps · AMSAP: as many sets as possible", "245 lbs × 8 at 1 RIR", true]
        ]
      ],
      ["Bench Press", [["5 reps at 2.5 RIR · 75% of e1RM", "185 lbs × 5 at 2.5 RIR", false]]]
    ])
    expect(view.workouts.map((w) => [w.title, w.search, w.current])).toEqual([
      ["Workout #1", {}, true],
      ["Workout #2", { workout: 2 }, false]
    ])
  })

  test("a workout carried for another place in the day is not the one the address names: it is fetched", async () => {
    const { actor, stubs } = startDay({ date: DAY_DATE, carried: { workout: squatWorkout, index: 0 }, index: 1 })
    expect(selectWorkoutDay(actor.getSnapshot()).status).toBe("loading")
    await settle()
    stubs.settle("workoutByDate", { data: { [DAY_DATE]: dayWorkouts } })
    await settle()
    expect(selectWorkoutDay(actor.getSnapshot())).toMatchObject({ status: "ready", title: "Workout #2" })
  })

  test("the logging page's old call (no index) keeps the carried index, and reads nothing more", async () => {
    const { actor, stubs } = startDay({ date: DAY_DATE, carried: { workout: squatWorkout, index: 1 } })
    await settle()
    expect(selectWorkoutDay(actor.getSnapshot())).toMatchObject({
      status: "ready",
      index: 1,
      record: { status: "unasked" }
    })
    expect(stubs.calls).toEqual([])
  })

  test("an address past the day's last workout says there is none and lists the ones there are", async () => {
    const { actor, stubs } = startDay({ date: DAY_DATE, carried: {}, index: 4, withRecord: true })
    await settle()
    stubs.settle("workoutByDate", { data: { [DAY_DATE]: [squatWorkout] } })
    await settle()
    const view = selectWorkoutDay(actor.getSnapshot())
    expect(view.status).toBe("none")
    expect(view.workouts.map((w) => [w.title, w.search])).toEqual([["Workout #1", {}]])
  })

  test("a record that cannot be read leaves the workout to start, says so, and can be read again", async () => {
    const { actor, stubs, copyStubs } = startDay({ date: DAY_DATE, carried: {}, index: 0, withRecord: true })
    await settle()
    stubs.settle("workoutByDate", { data: { [DAY_DATE]: dayWorkouts } })
    stubs.fail("workoutCompletions", offline)
    stubs.fail("workoutResults", offline)
    await settle()
    // Offline, and the device has no copy of that day's record.
    copyStubs.settle("record", null)
    await settle()
    expect(selectWorkoutDay(actor.getSnapshot())).toMatchObject({ status: "ready", record: { status: "unknown" } })
    actor.send({ type: "record.retry" })
    await settle()
    // The day is already listed: only the record is read again.
    expect(stubs.isWaitingFor("workoutByDate")).toBe(false)
    stubs.settle("workoutCompletions", completedRecord.completions)
    stubs.settle("workoutResults", completedRecord.results)
    await settle()
    expect(selectWorkoutDay(actor.getSnapshot())).toMatchObject({ record: { status: "completed" } })
  })
})

describe("offline, the device copy (docs/decisions/027)", () => {
  test("a workout carried from the copy is not taken as fresh: it is read again, and offline says 'as of'", async () => {
    const { actor, stubs, copyStubs } = startDay({
      date: DAY_DATE,
      carried: { workout: squatWorkout, index: 0, asOf: AS_OF }
    })
    await settle()
    expect(selectWorkoutDay(actor.getSnapshot()).status).toBe("loading")
    stubs.fail("workoutByDate", offline)
    await settle()
    copyStubs.settle("day", copiedDay)
    await settle()
    expect(selectWorkoutDay(actor.getSnapshot())).toMatchObject({ status: "ready", carried: { asOf: AS_OF } })
    expect(selectDayFreshness(actor.getSnapshot())).toEqual({ status: "offline", asOf: AS_OF })
  })

  test("a workout opened by its address shows the copy's, says 'as of', and is read again once online", async () => {
    const { actor, stubs, copyStubs, kept } = startDay({ date: DAY_DATE, carried: {}, index: 1, withRecord: true })
    await settle()
    stubs.fail("workoutByDate", offline)
    stubs.fail("workoutCompletions", offline)
    stubs.fail("workoutResults", offline)
    await settle()
    copyStubs.settle("day", copiedDay)
    copyStubs.settle("record", copiedRecord)
    await settle()
    expect(selectWorkoutDay(actor.getSnapshot())).toMatchObject({ status: "ready", title: "Workout #2" })
    expect(selectDayFreshness(actor.getSnapshot())).toEqual({ status: "offline", asOf: AS_OF })
    actor.send({ type: "network.online" })
    await settle()
    stubs.settle("workoutByDate", { data: { [DAY_DATE]: dayWorkouts } })
    stubs.settle("workoutCompletions", completedRecord.completions)
    stubs.settle("workoutResults", completedRecord.results)
    await settle()
    expect(selectDayFreshness(actor.getSnapshot())).toEqual({ status: "fresh" })
    // The server's record joins the copy.
    expect(kept).toEqual([[DAY_DATE, { completions: completedRecord.completions, results: completedRecord.results }]])
  })

  test("a refusal is said, never covered by the copy", async () => {
    const { actor, stubs, copyStubs } = startDay({ date: DAY_DATE, carried: {}, index: 0, withRecord: true })
    await settle()
    stubs.fail("workoutByDate", refused)
    stubs.fail("workoutCompletions", refused)
    stubs.fail("workoutResults", refused)
    await settle()
    expect(selectWorkoutDay(actor.getSnapshot()).status).toBe("failed")
    expect(copyStubs.calls).toEqual([])
  })
})

describe("the fixtures", () => {
  test("are one day of two workouts", () => {
    const orders = dayWorkouts.map((w: GroupedWorkout) => w.workout_order)
    expect(orders).toEqual([0, 1])
    expect(new Set(dayWorkouts.flatMap((w) => w.exercises.flatMap((e) => e.sets.map((s) => s.date))))).toEqual(
      new Set<IsoDate>([DAY_DATE])
    )
  })
})
