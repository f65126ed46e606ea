/**
 * A client's day as the coach sees it, walked by its model: every state and transition,
 * replayed on a running actor whose gateway the test answers. The coach must see the long date
 * throughout, a 'Strength Workout' card per workout with each set as prescribed and,
 * where logged, as performed, the sets the client added marked as theirs, and whether the
 * workout was finished and how long it took; a failed load as an error with a retry, never
 * as an empty day; and completions that could not be read as a retry beside the day, never
 * as "Not completed yet".
 */
import { describe, expect, test } from "vitest"
import { createActor, initialTransition } from "xstate"
import { coachDayImplementations } from "#machines/coach-day/coach-day.actors.ts"
import { dayInput, sampleDay } from "#machines/coach-day/coach-day.fixtures.ts"
import { coachDayMachine } from "#machines/coach-day/coach-day.machine.ts"
import {
  DAY_NOT_LOADED,
  DONE_NOT_LOADED,
  selectCoachDay,
  type CoachDaySnapshot
} from "#machines/coach-day/coach-day.selectors.ts"
import type { ClientDay, CoachDayEvent } from "#machines/coach-day/coach-day.types.ts"
import { leafOf, modelOf } from "./client-model-walk.ts"
import { deferredGateway, done, failure, replayPath, settleMicrotasks, type ActorAnswer } from "./coach-stub-actors.ts"

type ModelEvent = CoachDayEvent | ReturnType<typeof done> | ReturnType<typeof failure>

const serverDown = { _tag: "GatewayDefect", reason: "network", message: "The server could not be reached" }
/** The day when only its completions could not be read. */
const doneUnknown: ClientDay = { ...sampleDay, completions: null }

const walk = modelOf<CoachDaySnapshot, ModelEvent>(coachDayMachine, {
  input: dayInput,
  events: () => [
    { type: "day.retry" },
    done("loadDay", sampleDay),
    done("loadDay", doneUnknown),
    failure("loadDay", serverDown)
  ],
  serialize: (snapshot) => JSON.stringify([leafOf(snapshot), snapshot.context.completions === null])
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
  const stubs = deferredGateway(["workoutByDate", "workoutResults", "workoutCompletions"])
  const machine = coachDayMachine.provide(coachDayImplementations({ gateway: stubs.gateway }))
  const actor = createActor(machine, { input: dayInput }).start()
  const loadDay: ActorAnswer = {
    done: (output) => {
      const day = output as ClientDay
      stubs.settle("workoutByDate", { data: { [dayInput.date]: day.workouts } })
      stubs.settle("workoutResults", day.results)
      if (day.completions === null) stubs.fail("workoutCompletions", serverDown)
      else stubs.settle("workoutCompletions", day.completions)
    },
    // The day's rows failing fails the load; the other answers no longer matter.
    error: (error) => {
      stubs.fail("workoutByDate", error)
      stubs.fail("workoutResults", error)
      stubs.fail("workoutCompletions", error)
    }
  }
  return { stubs, actor, answers: { loadDay } }
}
type RunningDay = ReturnType<typeof runningDay>

function expectWhatACoachSees(snapshot: CoachDaySnapshot, { stubs }: RunningDay) {
  const view = selectCoachDay(snapshot)
  expect(view.dateLabel).toBe("Monday, March 2, 2026")
  expect(view.dayParams).toEqual({ userId: "7", date: "03-02-2026" })
  expect(view.clientId).toBe(dayInput.clientId)
  const loading = view.status === "loading"
  const reads = ["workoutByDate", "workoutResults", "workoutCompletions"] as const
  expect(reads.map((read) => stubs.isWaitingFor(read))).toEqual([loading, loading, loading])
  if (loading) {
    // That day of that client: prescriptions, results and completions alike.
    const day = { from: dayInput.date, to: dayInput.date }
    expect(stubs.argsOf("workoutByDate")).toEqual([dayInput.clientId, dayInput.date])
    expect(stubs.argsOf("workoutResults")).toEqual([dayInput.clientId, day])
    expect(stubs.argsOf("workoutCompletions")).toEqual([dayInput.clientId, day])
  }
  const unknown = snapshot.context.completions === null
  expect(view.error).toBe(
    view.status === "failed" ? DAY_NOT_LOADED : view.status === "showing" && unknown ? DONE_NOT_LOADED : null
  )
  if (view.status === "showing") {
    expect(view.workouts.map((workout) => workout.title)).toEqual(["Strength Workout"])
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
        prescribed: "225 lbs, 5 reps, at RPE 8",
        performed: "225 lbs, 5 reps, 2 RIR",
        skipped: false,
        addedByClient: false
      },
      {
        setId: 12,
        label: "Set 2",
        prescribed: "225 lbs, 5 reps, at RPE 8",
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
        performed: "135 lbs, 12 reps",
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

describe("whether the client finished", () => {
  test("a workout without a completion reads 'Not completed yet'", async () => {
    const running = runningDay()
    await settleMicrotasks()
    running.answers.loadDay.done({ ...sampleDay, completions: [] })
    await settleMicrotasks()
    expect(selectCoachDay(running.actor.getSnapshot()).workouts.map((w) => w.completion)).toEqual(["Not completed yet"])
  })

  test("completions that could not be read are read again on retry, the day staying on screen", async () => {
    const running = runningDay()
    await settleMicrotasks()
    running.answers.loadDay.done(doneUnknown)
    await settleMicrotasks()
    expect(selectCoachDay(running.actor.getSnapshot())).toMatchObject({ status: "showing", error: DONE_NOT_LOADED })
    running.actor.send({ type: "day.retry" })
    await settleMicrotasks()
    const reloading = selectCoachDay(running.actor.getSnapshot())
    expect(reloading.status).toBe("loading")
    expect(reloading.workouts).toHaveLength(1)
    running.answers.loadDay.done(sampleDay)
    await settleMicrotasks()
    expect(selectCoachDay(running.actor.getSnapshot())).toMatchObject({
      error: null,
      workouts: [{ completion: "Completed Mar 2 · 42 min" }]
    })
  })

  test("a day whose completions are known offers no retry", async () => {
    const running = runningDay()
    await settleMicrotasks()
    running.answers.loadDay.done(sampleDay)
    await settleMicrotasks()
    expect(running.actor.getSnapshot().can({ type: "day.retry" })).toBe(false)
    expect(selectCoachDay(running.actor.getSnapshot()).error).toBeNull()
  })
})
