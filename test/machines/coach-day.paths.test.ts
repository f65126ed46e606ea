/**
 * A client's day as the coach sees it, walked by its model: every state and transition,
 * replayed on a running actor whose gateway the test answers. The coach must see the long date
 * throughout, a 'Strength Workout' card per workout with each set as prescribed and,
 * where logged, as performed; and a failed load as an error with a retry, never as an
 * empty day.
 */
import { describe, expect, test } from "vitest"
import { createActor, initialTransition } from "xstate"
import { coachDayImplementations } from "#machines/coach-day/coach-day.actors.ts"
import { dayInput, sampleDay } from "#machines/coach-day/coach-day.fixtures.ts"
import { coachDayMachine } from "#machines/coach-day/coach-day.machine.ts"
import { DAY_NOT_LOADED, selectCoachDay, type CoachDaySnapshot } from "#machines/coach-day/coach-day.selectors.ts"
import type { ClientDay, CoachDayEvent } from "#machines/coach-day/coach-day.types.ts"
import { leafOf, modelOf } from "./client-model-walk.ts"
import { deferredGateway, done, failure, replayPath, type ActorAnswer } from "./coach-stub-actors.ts"

type ModelEvent = CoachDayEvent | ReturnType<typeof done> | ReturnType<typeof failure>

const serverDown = { _tag: "GatewayDefect", reason: "network", message: "The server could not be reached" }

const walk = modelOf<CoachDaySnapshot, ModelEvent>(coachDayMachine, {
  input: dayInput,
  events: () => [{ type: "day.retry" }, done("loadDay", sampleDay), failure("loadDay", serverDown)],
  serialize: (snapshot) => leafOf(snapshot)
})

describe("the coach day machine's model", () => {
  test("reaches every state the machine declares", () => {
    expect(walk.reachedStates).toEqual(walk.leafStates)
  })

  test("takes every transition the machine declares", () => {
    expect(walk.untakenTransitions).toEqual([])
  })
})

/** A day with its real implementation; the two calls it makes side by side wait for the test. */
function runningDay() {
  const stubs = deferredGateway(["workoutByDate", "workoutResults"])
  const machine = coachDayMachine.provide(coachDayImplementations({ gateway: stubs.gateway }))
  const actor = createActor(machine, { input: dayInput }).start()
  const loadDay: ActorAnswer = {
    done: (output) => {
      const day = output as ClientDay
      stubs.settle("workoutByDate", { data: { [dayInput.date]: day.workouts } })
      stubs.settle("workoutResults", day.results)
    },
    // Either call failing fails the load; the other's answer no longer matters.
    error: (error) => {
      stubs.fail("workoutByDate", error)
      stubs.fail("workoutResults", error)
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
  expect([stubs.isWaitingFor("workoutByDate"), stubs.isWaitingFor("workoutResults")]).toEqual([loading, loading])
  if (loading) {
    // That day of that client, prescriptions and results alike.
    expect(stubs.argsOf("workoutByDate")).toEqual([dayInput.clientId, dayInput.date])
    expect(stubs.argsOf("workoutResults")).toEqual([dayInput.clientId, { from: dayInput.date, to: dayInput.date }])
  }
  expect(view.error).toBe(view.status === "failed" ? DAY_NOT_LOADED : null)
  if (view.status === "showing") {
    expect(view.workouts.map((workout) => workout.title)).toEqual(["Strength Workout"])
    expect(view.workouts[0]?.exercises.map((exercise) => exercise.name)).toEqual(["Back Squat", "Bench Press", "Deadlift"])
    expect(view.workouts[0]?.exercises[0]?.sets).toEqual([
      { label: "Set 1", prescribed: "225 lbs, 5 reps, at RPE 8", performed: "225 lbs, 5 reps, 2 RIR" },
      { label: "Set 2", prescribed: "225 lbs, 5 reps, at RPE 8", performed: null }
    ])
    expect(view.workouts[0]?.exercises[1]?.sets[0]?.prescribed).toBe("AMRAP, for AMSAP")
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
