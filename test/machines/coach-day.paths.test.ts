/**
 * A client's day as the coach sees it, walked by its model: every state and transition,
 * replayed on a running actor with a stubbed load. The coach must see the long date
 * throughout, a 'Strength Workout' card per workout with each set as prescribed and,
 * where logged, as performed; and a failed load as an error with a retry, never as an
 * empty day.
 */
import { describe, expect, test } from "vitest"
import { createActor, initialTransition } from "xstate"
import { dayInput, sampleDay } from "#machines/coach-day/coach-day.fixtures.ts"
import { coachDayMachine, type CoachDayEvent } from "#machines/coach-day/coach-day.machine.ts"
import { DAY_NOT_LOADED, selectCoachDay, type CoachDaySnapshot } from "#machines/coach-day/coach-day.selectors.ts"
import { leafOf, modelOf } from "./client-model-walk.ts"
import { deferredActors, done, failure, replayPath, type DeferredActors } from "./coach-stub-actors.ts"

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

function expectWhatACoachSees(snapshot: CoachDaySnapshot, stubs: DeferredActors) {
  const view = selectCoachDay(snapshot)
  expect(view.dateLabel).toBe("Monday, March 2, 2026")
  expect(stubs.isWaitingFor("loadDay")).toBe(view.status === "loading")
  if (view.status === "loading") expect(stubs.inputOf("loadDay")).toEqual(dayInput)
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
    const stubs = deferredActors(["loadDay"])
    const actor = createActor(coachDayMachine.provide({ actors: stubs.actors }), { input: dayInput }).start()
    const [initial] = initialTransition(coachDayMachine, dayInput)
    await replayPath<CoachDaySnapshot, ModelEvent>(initial, edge.path, actor, stubs, (expected) => {
      const actual = actor.getSnapshot()
      expect(leafOf(actual)).toBe(leafOf(expected))
      expect(actual.context).toEqual(expected.context)
      expectWhatACoachSees(actual, stubs)
    })
    actor.stop()
  })
})
