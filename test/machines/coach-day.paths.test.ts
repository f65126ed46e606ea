/**
 * A client's day as the coach sees it, walked by its model: every state and transition,
 * replayed on a running actor whose gateway the test answers. The coach must see the long date
 * throughout, a 'Strength Workout' card per workout with each set as prescribed and,
 * where logged, as performed, the sets the client added marked as theirs, and whether the
 * workout was finished and how long it took; a failed load as an error with a retry, never
 * as an empty day; and completions that could not be read as a retry beside the day, never
 * as "Not completed yet"; whose day it is, by the name on the coach's list; a client who is
 * not on that list as "not found", never as a connection problem; and a removed workout gone
 * from the day at once, a restored one read back with the day; every weight in the coach's
 * unit once it is told, with the unit it was stored in beside it where they differ.
 */
import { describe, expect, test } from "vitest"
import { createActor, initialTransition } from "xstate"
import { ClientNotFound } from "#domain/workout-errors.ts"
import { coachDayImplementations } from "#machines/coach-day/coach-day.actors.ts"
import { CLIENT_NAME, dayInput, kilogramDay, sampleDay } from "#machines/coach-day/coach-day.fixtures.ts"
import { coachDayMachine } from "#machines/coach-day/coach-day.machine.ts"
import {
  DAY_NOT_LOADED,
  DONE_NOT_LOADED,
  selectCoachDay,
  type CoachDaySnapshot
} from "#machines/coach-day/coach-day.selectors.ts"
import type { ClientDay, CoachDayEvent, DayAnswer } from "#machines/coach-day/coach-day.types.ts"
import { leafOf, modelOf } from "./client-model-walk.ts"
import { deferredGateway, done, failure, replayPath, settleMicrotasks, type ActorAnswer } from "./coach-stub-actors.ts"

type ModelEvent = CoachDayEvent | ReturnType<typeof done> | ReturnType<typeof failure>

const serverDown = { _tag: "GatewayDefect", reason: "network", message: "The server could not be reached" }
/** The day when only its completions, or only the coach's client list, could not be read. */
const doneUnknown: ClientDay = { ...sampleDay, completions: null }
const unnamed: ClientDay = { ...sampleDay, clientName: null }
const notTheirs = new ClientNotFound({ error: `No client with id ${String(dayInput.clientId)} on your client list` })

const dayOf = (day: ClientDay): DayAnswer => ({ _tag: "day", day })

const walk = modelOf<CoachDaySnapshot, ModelEvent>(coachDayMachine, {
  input: dayInput,
  events: () => [
    { type: "day.retry" },
    { type: "day.reload" },
    { type: "workout.removed", workoutOrder: 0 },
    { type: "unit.known", unit: "kg" },
    done("loadDay", dayOf(sampleDay)),
    done("loadDay", dayOf(doneUnknown)),
    done("loadDay", dayOf(unnamed)),
    done("loadDay", { _tag: "clientNotFound" } satisfies DayAnswer),
    failure("loadDay", serverDown)
  ],
  serialize: (snapshot) =>
    JSON.stringify([
      leafOf(snapshot),
      snapshot.context.completions === null,
      snapshot.context.clientName,
      snapshot.context.workouts.length,
      snapshot.context.viewerUnit
    ])
})

describe("the coach day machine's model", () => {
  test("reaches every state the machine declares", () => {
    expect(walk.reachedStates).toEqual(walk.leafStates)
  })

  test("takes every transition the machine declares", () => {
    expect(walk.untakenTransitions).toEqual([])
  })
})

/** A day with its real implementation; the three calls it makes side by side wait for the test. */
function runningDay() {
  const stubs = deferredGateway(["workoutByDate", "workoutResults", "workoutCompletions", "getAllClients"])
  const machine = coachDayMachine.provide(coachDayImplementations({ gateway: stubs.gateway }))
  const actor = createActor(machine, { input: dayInput }).start()
  const failAll = (error: unknown) => {
    stubs.fail("workoutByDate", error)
    stubs.fail("workoutResults", error)
    stubs.fail("workoutCompletions", error)
    stubs.fail("getAllClients", error)
  }
  const loadDay: ActorAnswer = {
    done: (output) => {
      const answer = output as DayAnswer
      // The server's 404 for a client not on the coach's list, on every read of that client.
      if (answer._tag === "clientNotFound") {
        failAll(notTheirs)
        return
      }
      const { day } = answer
      stubs.settle("workoutByDate", { data: { [dayInput.date]: day.workouts } })
      stubs.settle("workoutResults", day.results)
      if (day.completions === null) stubs.fail("workoutCompletions", serverDown)
      else stubs.settle("workoutCompletions", day.completions)
      if (day.clientName === null) stubs.fail("getAllClients", serverDown)
      else
        stubs.settle("getAllClients", {
          "12": { name: "Someone Else", pending: false },
          [String(dayInput.clientId)]: { name: day.clientName, pending: false }
        })
    },
    // The day's rows failing fails the load; the other answers no longer matter.
    error: failAll
  }
  return { stubs, actor, answers: { loadDay } }
}
type RunningDay = ReturnType<typeof runningDay>

function expectWhatACoachSees(snapshot: CoachDaySnapshot, { stubs }: RunningDay) {
  const view = selectCoachDay(snapshot)
  expect(view.dateLabel).toBe("Monday, March 2, 2026")
  expect(view.dayParams).toEqual({ userId: "7", date: "03-02-2026" })
  expect(view.clientId).toBe(dayInput.clientId)
  // Back to the calendar on the weeks that hold this day (Mar 2 2026 is a Monday).
  expect(view.calendarSearch).toEqual({ client: dayInput.clientId, week: "2026-03-01" })
  const loading = view.status === "loading"
  const reads = ["workoutByDate", "workoutResults", "workoutCompletions", "getAllClients"] as const
  expect(reads.map((read) => stubs.isWaitingFor(read))).toEqual([loading, loading, loading, loading])
  if (loading) {
    // That day of that client: prescriptions, results and completions alike; the name from the coach's own list.
    const day = { from: dayInput.date, to: dayInput.date }
    expect(stubs.argsOf("workoutByDate")).toEqual([dayInput.clientId, dayInput.date])
    expect(stubs.argsOf("workoutResults")).toEqual([dayInput.clientId, day])
    expect(stubs.argsOf("workoutCompletions")).toEqual([dayInput.clientId, day])
    expect(stubs.argsOf("getAllClients")).toEqual([dayInput.coachId])
  }
  const unknown = snapshot.context.completions === null
  expect(view.error).toBe(
    view.status === "failed" ? DAY_NOT_LOADED : view.status === "showing" && unknown ? DONE_NOT_LOADED : null
  )
  if (view.status === "notFound") {
    // Nothing of the day, and no name: this coach has no such client.
    expect(view.workouts).toEqual([])
    expect(view.clientLabel).toBeNull()
  }
  if (view.status === "showing") {
    const named = snapshot.context.clientName !== null
    expect(view.clientLabel).toBe(named ? `for ${CLIENT_NAME}` : null)
  }
  if (view.status === "showing" && snapshot.context.workouts.length === 0) {
    // The workout the server removed is gone from the day at once.
    expect(view.workouts).toEqual([])
  } else if (view.status === "showing") {
    // The client's pounds, read by a coach in kilograms once their unit is told: both numbers, each with its unit.
    const inKg = snapshot.context.viewerUnit === "kg"
    const squat = inKg ? "102.1 kg (225 lbs)" : "225 lbs"
    const bench = inKg ? "61.2 kg (135 lbs)" : "135 lbs"
    expect(view.workouts.map((workout) => workout.title)).toEqual(["Strength Workout"])
    expect(view.workouts.map((workout) => [workout.workoutOrder, workout.loggedSets])).toEqual([[0, 3]])
    // Finished, and for how long, only when the server said so; never "not completed" in its place.
    expect(view.workouts[0]?.completion).toBe(unknown ? null : "Completed Mar 2 · 42 min")
    expect(view.workouts[0]?.exercises.map((exercise) => exercise.name)).toEqual([
      "Back Squat",
      "Bench Press",
      "Deadlift"
    ])
    expect(view.workouts[0]?.exercises[0]?.sets).toEqual([
      {
        setId: 11,
        label: "Set 1",
        prescribed: `${squat}, 5 reps, at RPE 8`,
        performed: `${squat}, 5 reps, 2 RIR`,
        skipped: false,
        addedByClient: false
      },
      {
        setId: 12,
        label: "Set 2",
        prescribed: `${squat}, 5 reps, at RPE 8`,
        performed: null,
        skipped: false,
        addedByClient: false
      }
    ])
    expect(view.workouts[0]?.exercises[1]?.sets).toEqual([
      {
        setId: 13,
        label: "Set 1",
        prescribed: "AMRAP, for AMSAP",
        performed: "Skipped",
        skipped: true,
        addedByClient: false
      },
      {
        setId: 15,
        label: "Set 2",
        prescribed: "AMRAP, for AMSAP",
        performed: `${bench}, 12 reps`,
        skipped: false,
        addedByClient: true
      }
    ])
  }
}

describe("a running coach day, driven along the model", () => {
  test.each(walk.walksForEveryTransition.map((edge) => [edge.name, edge] as const))("%s", async (_, edge) => {
    const running = runningDay()
    const { actor } = running
    const [initial] = initialTransition(coachDayMachine, dayInput)
    await replayPath<CoachDaySnapshot, ModelEvent>(initial, edge.path, actor, running.answers, (expected) => {
      const actual = actor.getSnapshot()
      expect(leafOf(actual)).toBe(leafOf(expected))
      expect(actual.context).toEqual(expected.context)
      expectWhatACoachSees(actual, running)
    })
    actor.stop()
  })
})

describe("every weight in the coach's unit", () => {
  test("a day in kilograms, read by a coach in pounds after and before it is shown", async () => {
    const running = runningDay()
    await settleMicrotasks()
    running.answers.loadDay.done(dayOf(kilogramDay))
    await settleMicrotasks()
    const cells = () =>
      selectCoachDay(running.actor.getSnapshot()).workouts[0]?.exercises.flatMap((exercise) =>
        exercise.sets.map((set) => [set.prescribed, set.performed])
      )
    // Not told yet: each weight in the unit it was stored in, never a bare number.
    expect(cells()).toEqual([
      ["107.5 kg, 5 reps", "107.5 kg, 5 reps"],
      ["185 lbs, 5 reps", "185 lbs, 5 reps"]
    ])
    running.actor.send({ type: "unit.known", unit: "lb" })
    expect(cells()).toEqual([
      ["237 lbs (107.5 kg), 5 reps", "237 lbs (107.5 kg), 5 reps"],
      ["185 lbs, 5 reps", "185 lbs, 5 reps"]
    ])
    running.actor.send({ type: "unit.known", unit: "kg" })
    expect(cells()).toEqual([
      ["107.5 kg, 5 reps", "107.5 kg, 5 reps"],
      ["83.9 kg (185 lbs), 5 reps", "83.9 kg (185 lbs), 5 reps"]
    ])
  })
})

describe("whether the client finished", () => {
  test("a workout without a completion reads 'Not completed yet'", async () => {
    const running = runningDay()
    await settleMicrotasks()
    running.answers.loadDay.done(dayOf({ ...sampleDay, completions: [] }))
    await settleMicrotasks()
    expect(selectCoachDay(running.actor.getSnapshot()).workouts.map((w) => w.completion)).toEqual(["Not completed yet"])
  })

  test("completions that could not be read are read again on retry, the day staying on screen", async () => {
    const running = runningDay()
    await settleMicrotasks()
    running.answers.loadDay.done(dayOf(doneUnknown))
    await settleMicrotasks()
    expect(selectCoachDay(running.actor.getSnapshot())).toMatchObject({ status: "showing", error: DONE_NOT_LOADED })
    running.actor.send({ type: "day.retry" })
    await settleMicrotasks()
    const reloading = selectCoachDay(running.actor.getSnapshot())
    expect(reloading.status).toBe("loading")
    expect(reloading.workouts).toHaveLength(1)
    running.answers.loadDay.done(dayOf(sampleDay))
    await settleMicrotasks()
    expect(selectCoachDay(running.actor.getSnapshot())).toMatchObject({
      error: null,
      workouts: [{ completion: "Completed Mar 2 · 42 min" }]
    })
  })

  test("a day whose completions are known offers no retry", async () => {
    const running = runningDay()
    await settleMicrotasks()
    running.answers.loadDay.done(dayOf(sampleDay))
    await settleMicrotasks()
    expect(running.actor.getSnapshot().can({ type: "day.retry" })).toBe(false)
    expect(selectCoachDay(running.actor.getSnapshot()).error).toBeNull()
  })
})

describe("whose day it is", () => {
  test("a client who is not on the coach's list is not found, never a connection problem", async () => {
    const running = runningDay()
    await settleMicrotasks()
    running.answers.loadDay.done({ _tag: "clientNotFound" })
    await settleMicrotasks()
    expect(selectCoachDay(running.actor.getSnapshot())).toMatchObject({ status: "notFound", error: null, workouts: [] })
  })

  test("a failure other than the server's 404 stays a failure to load, with a retry", async () => {
    const running = runningDay()
    await settleMicrotasks()
    running.answers.loadDay.error(serverDown)
    await settleMicrotasks()
    expect(selectCoachDay(running.actor.getSnapshot())).toMatchObject({ status: "failed", error: DAY_NOT_LOADED })
  })
})

describe("a workout removed or put back", () => {
  test("a removed workout leaves the day at once; a reload reads the day again from the server", async () => {
    const running = runningDay()
    await settleMicrotasks()
    running.answers.loadDay.done(dayOf(sampleDay))
    await settleMicrotasks()
    running.actor.send({ type: "workout.removed", workoutOrder: 0 })
    expect(selectCoachDay(running.actor.getSnapshot()).workouts).toEqual([])
    running.actor.send({ type: "day.reload" })
    await settleMicrotasks()
    expect(running.stubs.isWaitingFor("workoutByDate")).toBe(true)
    running.answers.loadDay.done(dayOf(sampleDay))
    await settleMicrotasks()
    expect(selectCoachDay(running.actor.getSnapshot()).workouts.map((w) => w.workoutOrder)).toEqual([0])
  })

  test("removing another order keeps the day's workouts", async () => {
    const running = runningDay()
    await settleMicrotasks()
    running.answers.loadDay.done(dayOf(sampleDay))
    await settleMicrotasks()
    running.actor.send({ type: "workout.removed", workoutOrder: 4 })
    expect(selectCoachDay(running.actor.getSnapshot()).workouts).toHaveLength(1)
  })
})
