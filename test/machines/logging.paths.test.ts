/**
 * The logging pager walked by its own model: every state and transition, replayed on a
 * running actor (the workout fetch scripted, the timer real but silent), checking what a
 * person sees at each step: which screen, which arrows, whether Resume shows, whether
 * the timer runs, and that Submit clears the workout-started flag.
 */
import { describe, expect, test } from "vitest"
import { createActor, fromCallback, fromPromise } from "xstate"
import type { IsoDate } from "#domain/calendar.ts"
import type { GroupedWorkout } from "#domain/workout.ts"
import { emptyWorkout, FIXTURE_DATE, fixtureWorkout } from "#machines/logging/logging.fixtures.ts"
import { loggingMachine, type LoggingEvent, type LoggingInput } from "#machines/logging/logging.machine.ts"
import { selectLoggingView, selectTimerRef, type LoggingSnapshot } from "#machines/logging/logging.selectors.ts"
import { timerMachine, type TimerEvent } from "#machines/timer/timer.machine.ts"
import { selectTimerView } from "#machines/timer/timer.selectors.ts"
import { modelOf } from "./client-model-walk.ts"

type ModelEvent =
  | LoggingEvent
  | { readonly type: "xstate.done.actor.loadWorkout"; readonly output: GroupedWorkout | null }
  | { readonly type: "xstate.error.actor.loadWorkout"; readonly error: unknown }

const T0 = Date.UTC(2026, 0, 5, 9)
const inputs: Record<string, LoggingInput> = {
  "opened from the workout page": { date: FIXTURE_DATE, workout: fixtureWorkout, screen: 0, clock: null, now: T0 },
  "opened by its address": { date: FIXTURE_DATE, workout: null, screen: 0, clock: null, now: T0 },
  "reloaded on the summary": { date: FIXTURE_DATE, workout: fixtureWorkout, screen: 3, clock: null, now: T0 },
  "a workout with no exercises": { date: FIXTURE_DATE, workout: emptyWorkout, screen: 0, clock: null, now: T0 }
}

const events: ReadonlyArray<ModelEvent> = [
  { type: "page.next" },
  { type: "page.previous" },
  { type: "page.swipe", dx: -10 },
  { type: "page.swipe", dx: -9 },
  { type: "page.swipe", dx: 9 },
  { type: "page.swipe", dx: 10 },
  { type: "workout.end", at: T0 + 60_000 },
  { type: "workout.resume", at: T0 + 120_000 },
  { type: "workout.submit" },
  { type: "workout.retry" },
  { type: "xstate.done.actor.loadWorkout", output: fixtureWorkout },
  { type: "xstate.done.actor.loadWorkout", output: null },
  { type: "xstate.error.actor.loadWorkout", error: new Error("offline") }
]

const models = Object.entries(inputs).map(([name, input]) => ({
  name,
  input,
  walk: modelOf<LoggingSnapshot, ModelEvent>(loggingMachine, {
    input,
    events: () => events,
    serialize: (snapshot) =>
      JSON.stringify([snapshot.value, snapshot.context.screen, snapshot.context.workout?.exercises.length])
  })
}))

describe("the logging machine's model", () => {
  test("reaches every state the machine declares", () => {
    const reached = new Set(models.flatMap((m) => m.walk.reachedStates))
    expect([...reached].sort()).toEqual(models[0]?.walk.leafStates)
  })

  test("takes every transition the machine declares, every guarded branch included", () => {
    const untaken = models.map((m) => new Set(m.walk.untakenTransitions))
    expect([...(untaken[0] ?? [])].filter((t) => untaken.every((set) => set.has(t)))).toEqual([])
  })
})

const silentTimer = timerMachine.provide({ actors: { ticker: fromCallback<TimerEvent>(() => () => undefined) } })

function startLogging(input: LoggingInput) {
  const loads: Array<{ resolve: (w: GroupedWorkout | null) => void; reject: (e: unknown) => void }> = []
  let flagCleared = 0
  const actor = createActor(
    loggingMachine.provide({
      actors: {
        timer: silentTimer,
        loadWorkout: fromPromise<GroupedWorkout | null, { date: IsoDate }>(
          () => new Promise((resolve, reject) => loads.push({ resolve, reject }))
        )
      },
      actions: {
        clearWorkoutStarted: () => {
          flagCleared++
        }
      }
    }),
    { input }
  ).start()
  return { actor, loads, flagCleared: () => flagCleared }
}

const timerViewOf = (snapshot: LoggingSnapshot) => {
  const timer = selectTimerRef(snapshot)
  if (timer === undefined) throw new Error("the workout has no timer")
  return selectTimerView(timer.getSnapshot())
}

const flush = () => new Promise((resolve) => setTimeout(resolve, 0))

describe("a running logging screen, driven along the model", () => {
  const walks = models.flatMap((m) =>
    m.walk.walksForEveryTransition.map((edge) => [`${m.name}: ${edge.name}`, m, edge] as const)
  )

  test.each(walks)("%s", async (_, m, edge) => {
    const run = startLogging(m.input)
    await m.walk.model.testPath(edge.path, {
      events: new Proxy(
        {},
        {
          get:
            () =>
            async ({ event }: { event: ModelEvent }) => {
              if (event.type === "xstate.done.actor.loadWorkout") run.loads.at(-1)?.resolve(event.output)
              else if (event.type === "xstate.error.actor.loadWorkout") run.loads.at(-1)?.reject(event.error)
              else run.actor.send(event)
              await flush()
            }
        }
      ),
      states: {
        "*": (expected) => {
          const snapshot = run.actor.getSnapshot()
          expect(snapshot.value).toEqual(expected.value)
          expect(snapshot.context.screen).toBe(expected.context.screen)
          const view = selectLoggingView(snapshot)
          const exercises = snapshot.context.workout?.exercises ?? []
          if (view.status === "exercise") {
            expect(view.exercise?.name).toBe(exercises[view.screen]?.name)
            expect(view.canGoBack).toBe(view.screen > 0)
            expect(view.canGoForward).toBe(view.screen < exercises.length - 1)
            expect(view.canResume).toBe(false)
          }
          if (view.status === "summary") {
            expect(view.screen).toBe(exercises.length)
            expect([view.canGoBack, view.canGoForward]).toEqual([false, false])
            expect(view.canResume).toBe(exercises.length > 0)
          }
          if (view.status === "loading") expect(run.loads.length).toBeGreaterThan(0)
          const timer = selectTimerRef(snapshot)
          if (snapshot.matches("active")) {
            const endedWithoutResume =
              snapshot.matches({ active: "summary" }) && m.input.screen === 0 && exercises.length > 0
            if (endedWithoutResume) expect(timerViewOf(snapshot).running).toBe(false)
            if (view.status === "exercise") expect(timerViewOf(snapshot).running).toBe(true)
          } else expect(timer).toBeUndefined()
          expect(run.flagCleared()).toBe(snapshot.matches("submitted") ? 1 : 0)
        }
      }
    })
    run.actor.stop()
  })
})

describe("paging through a workout", () => {
  const opened = () => startLogging(inputs["opened from the workout page"] as LoggingInput)

  test("a swipe shorter than 10 px does not move; 10 px moves one exercise either way", () => {
    const { actor } = opened()
    actor.send({ type: "page.swipe", dx: -9 })
    expect(selectLoggingView(actor.getSnapshot())).toMatchObject({ screen: 0 })
    actor.send({ type: "page.swipe", dx: -10 })
    expect(selectLoggingView(actor.getSnapshot())).toMatchObject({ screen: 1, exercise: { name: "Bench Press" } })
    actor.send({ type: "page.swipe", dx: 10 })
    expect(selectLoggingView(actor.getSnapshot())).toMatchObject({ screen: 0, exercise: { name: "Squat" } })
  })

  test("the arrows stop at the last exercise: the summary is reached only by ending the workout", () => {
    const { actor } = opened()
    for (let i = 0; i < 5; i++) actor.send({ type: "page.next" })
    expect(selectLoggingView(actor.getSnapshot())).toMatchObject({ status: "exercise", screen: 2, canGoForward: false })
  })

  test("ending pauses the timer and shows the summary; resuming runs it again one screen back", () => {
    const { actor } = opened()
    actor.send({ type: "workout.end", at: T0 + 90_000 })
    const timer = () => timerViewOf(actor.getSnapshot())
    expect(selectLoggingView(actor.getSnapshot())).toMatchObject({ status: "summary", screen: 3, canResume: true })
    expect(timer()).toEqual({ elapsed: "0:01:30", running: false })
    actor.send({ type: "workout.resume", at: T0 + 600_000 })
    expect(selectLoggingView(actor.getSnapshot())).toMatchObject({
      status: "exercise",
      screen: 2,
      exercise: { name: "Deadlift" }
    })
    expect(timer()).toEqual({ elapsed: "0:01:30", running: true })
  })

  test("sets read as reps at RIR", () => {
    const { actor } = opened()
    const view = selectLoggingView(actor.getSnapshot())
    expect(view.status === "exercise" && view.exercise?.sets.map((s) => s.prescription)).toEqual([
      "5 reps at 2 RIR",
      "5 reps at 2 RIR"
    ])
  })

  test("without route state the workout is fetched for the date, and a day without one says so", async () => {
    const { actor, loads } = startLogging(inputs["opened by its address"] as LoggingInput)
    expect(selectLoggingView(actor.getSnapshot()).status).toBe("loading")
    loads[0]?.resolve(null)
    await flush()
    expect(selectLoggingView(actor.getSnapshot()).status).toBe("none")
  })

  test("a route index beyond the summary opens the summary", () => {
    const { actor } = startLogging({ ...(inputs["opened from the workout page"] as LoggingInput), screen: 42 })
    expect(selectLoggingView(actor.getSnapshot())).toMatchObject({ status: "summary", screen: 3 })
  })
})
