/**
 * The logging pager walked by its own model: every state and transition (eventless
 * branches included), replayed on a running actor built with `loggingImplementations`
 * (the timer real but silent), checking what a person sees at each step: which screen,
 * which arrows, whether Resume shows, whether the timer runs, that the address follows
 * the screen, and that Submit clears the workout-started flag and shows the dashboard.
 */
import { describe, expect, test } from "vitest"
import { createActor } from "xstate"
import { loggingImplementations, type LoggingPorts } from "#machines/logging/logging.actors.ts"
import { emptyWorkout, FIXTURE_DATE, fixtureWorkout } from "#machines/logging/logging.fixtures.ts"
import { loggingMachine } from "#machines/logging/logging.machine.ts"
import { selectLoggingView, selectTimerRef, type LoggingSnapshot } from "#machines/logging/logging.selectors.ts"
import type { LoggingEvent, LoggingInput } from "#machines/logging/logging.types.ts"
import { timerImplementations } from "#machines/timer/timer.actors.ts"
import type { TimerClock } from "#machines/timer/timer.clock.ts"
import { timerMachine } from "#machines/timer/timer.machine.ts"
import { selectTimerView } from "#machines/timer/timer.selectors.ts"
import { combinedCoverage, modelOf } from "./client-model-walk.ts"

const T0 = Date.UTC(2026, 0, 5, 9)
const opened = (screen: number, workout = fixtureWorkout): LoggingInput => ({
  date: FIXTURE_DATE,
  workout,
  screen,
  clock: null,
  now: T0
})
const inputs: Record<string, LoggingInput> = {
  "opened on the first exercise": opened(0),
  "reloaded on the summary": opened(3),
  "opened by an address past the summary": opened(42),
  "a workout with no exercises": opened(0, emptyWorkout)
}

const events: ReadonlyArray<LoggingEvent> = [
  { type: "page.next" },
  { type: "page.previous" },
  { type: "page.swipe", dx: -10 },
  { type: "page.swipe", dx: -9 },
  { type: "page.swipe", dx: 9 },
  { type: "page.swipe", dx: 10 },
  { type: "workout.end", at: T0 + 60_000 },
  { type: "workout.resume", at: T0 + 120_000 },
  { type: "workout.submit" }
]

const models = Object.entries(inputs).map(([name, input]) => ({
  name,
  input,
  walk: modelOf<LoggingSnapshot, LoggingEvent>(loggingMachine, {
    input,
    events: () => events,
    serialize: (snapshot) =>
      JSON.stringify([snapshot.value, snapshot.context.screen, snapshot.context.workout.exercises.length])
  })
}))

describe("the logging machine's model", () => {
  const coverage = combinedCoverage(models.map((m) => m.walk))
  test("reaches every state the machine declares", () => {
    expect(coverage.unreached).toEqual([])
  })

  test("takes every transition the machine declares, eventless and guarded branches included", () => {
    expect(coverage.untaken).toEqual([])
  })
})

function startLogging(input: LoggingInput) {
  const seen = { address: input.screen, replaced: 0, flagCleared: 0, dashboard: 0, stored: [] as Array<TimerClock> }
  const ports: LoggingPorts = {
    storeClock: (clock) => void seen.stored.push(clock),
    clearWorkoutStarted: () => {
      seen.flagCleared++
    },
    replaceScreen: (screen) => {
      seen.address = screen
      seen.replaced++
    },
    showDashboard: () => {
      seen.dashboard++
    }
  }
  // The app's wiring, with a timer whose ticker stays silent so only the walk's events move time.
  const silentTimer = timerMachine.provide({ actions: timerImplementations({ storeClock: ports.storeClock }).actions })
  const actor = createActor(
    loggingMachine.provide({ ...loggingImplementations(ports), actors: { timer: silentTimer } }),
    {
      input
    }
  ).start()
  return { actor, seen }
}

const timerViewOf = (snapshot: LoggingSnapshot) => {
  const timer = selectTimerRef(snapshot)
  if (timer === undefined) throw new Error("the workout has no timer")
  return selectTimerView(timer.getSnapshot())
}

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
            ({ event }: { event: LoggingEvent }) => {
              run.actor.send(event)
            }
        }
      ),
      states: {
        "*": (expected) => {
          const snapshot = run.actor.getSnapshot()
          expect(snapshot.value).toEqual(expected.value)
          expect(snapshot.context.screen).toBe(expected.context.screen)
          // The address shows the screen a person sees, so a reload comes back to it.
          expect(run.seen.address).toBe(snapshot.context.screen)
          const view = selectLoggingView(snapshot)
          const exercises = snapshot.context.workout.exercises
          if (view.status === "exercise") {
            expect(view.exercise?.name).toBe(exercises[view.screen]?.name)
            expect(view.canGoBack).toBe(view.screen > 0)
            expect(view.canGoForward).toBe(view.screen < exercises.length - 1)
            expect(view.canResume).toBe(false)
            expect(timerViewOf(snapshot).running).toBe(true)
          }
          if (view.status === "summary") {
            expect(view.screen).toBe(exercises.length)
            expect([view.canGoBack, view.canGoForward]).toEqual([false, false])
            expect(view.canResume).toBe(exercises.length > 0)
            const endedByButton = m.input.screen < exercises.length
            if (endedByButton) expect(timerViewOf(snapshot).running).toBe(false)
          }
          const submitted = snapshot.matches("submitted")
          if (submitted) expect(selectTimerRef(snapshot)).toBeUndefined()
          expect(run.seen.flagCleared).toBe(submitted ? 1 : 0)
          expect(run.seen.dashboard).toBe(submitted ? 1 : 0)
          // Whatever a reload would restore is the clock the timer runs on.
          if (!submitted) expect(run.seen.stored.at(-1)).toEqual(selectTimerRef(snapshot)?.getSnapshot().context.clock)
        }
      }
    })
    run.actor.stop()
  })
})

describe("paging through a workout", () => {
  const start = () => startLogging(opened(0))

  test("a swipe shorter than 10 px does not move; 10 px moves one exercise either way", () => {
    const { actor } = start()
    actor.send({ type: "page.swipe", dx: -9 })
    expect(selectLoggingView(actor.getSnapshot())).toMatchObject({ screen: 0 })
    actor.send({ type: "page.swipe", dx: -10 })
    expect(selectLoggingView(actor.getSnapshot())).toMatchObject({ screen: 1, exercise: { name: "Bench Press" } })
    actor.send({ type: "page.swipe", dx: 10 })
    expect(selectLoggingView(actor.getSnapshot())).toMatchObject({ screen: 0, exercise: { name: "Squat" } })
  })

  test("the arrows stop at the last exercise: the summary is reached only by ending the workout", () => {
    const { actor } = start()
    for (let i = 0; i < 5; i++) actor.send({ type: "page.next" })
    expect(selectLoggingView(actor.getSnapshot())).toMatchObject({ status: "exercise", screen: 2, canGoForward: false })
  })

  test("ending pauses the timer and shows the summary; resuming runs it again one screen back", () => {
    const { actor } = start()
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
    const { actor } = start()
    const view = selectLoggingView(actor.getSnapshot())
    expect(view.status === "exercise" && view.exercise?.sets.map((s) => s.prescription)).toEqual([
      "5 reps at 2 RIR",
      "5 reps at 2 RIR"
    ])
  })

  test("a route index beyond the summary opens the summary, and the address says so", () => {
    const { actor, seen } = startLogging(opened(42))
    expect(selectLoggingView(actor.getSnapshot())).toMatchObject({ status: "summary", screen: 3 })
    expect([seen.address, seen.replaced]).toEqual([3, 1])
  })

  test("opening on the screen the address names leaves the address alone", () => {
    const { seen } = startLogging(opened(1))
    expect(seen.replaced).toBe(0)
  })
})
