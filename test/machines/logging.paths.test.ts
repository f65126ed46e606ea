/**
 * The logging pager walked by its model: every state and transition (eventless and
 * guarded branches included), replayed on a running actor with its real implementations
 * over a gateway the test answers. Along every walk the lifter sees the exercise the
 * address names, the sets the server holds (added ones in, removed ones out, autosave
 * told), "last time" once the history came, a change under way or its failure, and a
 * submit that leaves for the dashboard only once the server holds a completion whose
 * duration is the time the workout timer showed, or, offline, once the lifter was told
 * it waits on the device, not yet sent (docs/decisions/028).
 */
import { describe, expect, test } from "vitest"
import { createActor, createMachine, initialTransition } from "xstate"
import { formatElapsed } from "#domain/timer-clock.ts"
import type { WorkoutCompletion } from "#domain/completion.ts"
import * as historyReading from "#domain/history.ts"
import { lastTimeText } from "#domain/history.ts"
import { SetId } from "#domain/ids.ts"
import type { WorkoutRow } from "#domain/workout.ts"
import type { Gateway } from "#gateway/gateway.ts"
import { loggingImplementations, type LoggingPorts } from "#machines/logging/logging.actors.ts"
import {
  addedAmsapSet,
  amsapWorkout,
  earlierRows,
  emptyWorkout,
  FIXTURE_DATE
} from "#machines/logging/logging.fixtures.ts"
import { loggingMachine } from "#machines/logging/logging.machine.ts"
import {
  selectLoadsRef,
  selectLoggingView,
  selectTimerRef,
  type LoggingSnapshot
} from "#machines/logging/logging.selectors.ts"
import type { CompletionOutcome, LoadsLayer, LoggingEvent, LoggingInput } from "#machines/logging/logging.types.ts"
import { timerImplementations } from "#machines/timer/timer.actors.ts"
import type { TimerClock } from "#domain/timer-clock.ts"
import { timerMachine } from "#machines/timer/timer.machine.ts"
import { selectTimerView } from "#machines/timer/timer.selectors.ts"
import { leafOf, modelOf } from "./client-model-walk.ts"
import { deferredGateway, done, failure, oneCall, replayPath } from "./coach-stub-actors.ts"

type ModelEvent = LoggingEvent | ReturnType<typeof done> | ReturnType<typeof failure>

const T0 = Date.UTC(2026, 0, 5, 9)
const KEY = "k".repeat(32)
const serverDown = { _tag: "GatewayDefect", reason: "network", message: "The server could not be reached" }
const UNKNOWN_SET = SetId.make(999)
/** The loads' chunk as it arrives: a machine to run beside the pager, with its input. */
const loadsLayer: LoadsLayer = {
  logic: createMachine({
    types: {} as { input: unknown; context: { input: unknown } },
    id: "stubLoads",
    context: ({ input }) => ({ input })
  }),
  input: { clientId: 7 }
}
const chunkMissing = new TypeError("Failed to fetch dynamically imported module")

const opened = (screen: number, workout = amsapWorkout): LoggingInput => ({
  date: FIXTURE_DATE,
  workout,
  screen,
  clock: null,
  now: T0
})
const inputs: Record<string, LoggingInput> = {
  "opened on the first exercise": opened(0),
  "reloaded on the summary": opened(2),
  "opened by an address past the summary": opened(42),
  "a workout with no exercises": opened(0, emptyWorkout)
}

const addedSets = (snapshot: LoggingSnapshot) =>
  snapshot.context.workout.exercises.flatMap((exercise) => exercise.sets.filter((set) => set.added))

/** The server's answer to an addition: a copy of the set it followed, marked added, with a new id. */
const addedAfter = (snapshot: LoggingSnapshot): WorkoutRow => {
  const change = snapshot.context.setChange
  const exercise = snapshot.context.workout.exercises.find((e) =>
    e.sets.some((set) => change?.kind === "add" && set.id === change.afterSetId)
  )
  const last = exercise?.sets.at(-1) ?? addedAmsapSet
  return { ...last, id: addedAmsapSet.id, set: last.set + 1, added: true }
}

/** One event per branch of every guard; at most one added set, so the walk stays finite. */
const eventsFor = (snapshot: LoggingSnapshot): ReadonlyArray<ModelEvent> => {
  const { workout, screen } = snapshot.context
  const shown = workout.exercises[Math.min(screen, workout.exercises.length - 1)]
  const lastSet = shown?.sets.at(-1)
  const prescribed = workout.exercises[0]?.sets[0]
  const added = addedSets(snapshot)[0]
  return [
    { type: "page.next" },
    { type: "page.previous" },
    { type: "page.swipe", dx: -10 },
    { type: "page.swipe", dx: -9 },
    { type: "page.swipe", dx: 9 },
    { type: "page.swipe", dx: 10 },
    { type: "workout.end", at: T0 + 60_000 },
    { type: "workout.resume", at: T0 + 120_000 },
    { type: "workout.submit", at: T0 + 180_000, unlogged: 0 },
    { type: "workout.submit", at: T0 + 180_000, unlogged: 2 },
    { type: "submit.confirm", at: T0 + 240_000 },
    { type: "submit.retry" },
    ...(lastSet === undefined || added !== undefined
      ? []
      : [{ type: "set.add", afterSetId: lastSet.id, idempotencyKey: KEY } as const]),
    { type: "set.add", afterSetId: UNKNOWN_SET, idempotencyKey: KEY },
    ...(added === undefined ? [] : [{ type: "set.remove", setId: added.id } as const]),
    ...(prescribed === undefined ? [] : [{ type: "set.remove", setId: prescribed.id } as const]),
    { type: "setChange.retry" },
    { type: "setChange.dismiss" },
    done("loadHistory", earlierRows),
    failure("loadHistory", serverDown),
    done("openLoads", loadsLayer),
    failure("openLoads", chunkMissing),
    done("addSet", addedAfter(snapshot)),
    failure("addSet", serverDown),
    done("removeSet", { id: snapshot.context.setChange?.kind === "remove" ? snapshot.context.setChange.setId : 0 }),
    failure("removeSet", serverDown),
    { type: "network.online" },
    { type: "workout.leave" },
    done("completeWorkout", { held: true }),
    done("completeWorkout", { held: false }),
    failure("completeWorkout", serverDown)
  ]
}

const serialize = (snapshot: LoggingSnapshot) =>
  JSON.stringify([
    snapshot.value,
    snapshot.context.screen,
    snapshot.context.workout.exercises.map((exercise) => exercise.sets.length),
    snapshot.context.setChange?.kind ?? null
  ])

const models = Object.entries(inputs).map(([name, input]) => ({
  name,
  input,
  walk: modelOf<LoggingSnapshot, ModelEvent>(loggingMachine, { input, events: eventsFor, serialize })
}))

/** Leaves of a parallel state are reached one region at a time: "a.x+b.y" reaches both. */
const reachedLeaves = (reached: ReadonlyArray<string>) => new Set(reached.flatMap((combined) => combined.split("+")))

describe("the logging machine's model", () => {
  test("reaches every state the machine declares", () => {
    const reached = reachedLeaves(models.flatMap((m) => m.walk.reachedStates))
    expect(models[0]?.walk.leafStates.filter((state) => !reached.has(state))).toEqual([])
  })

  test("takes every transition the machine declares, eventless and guarded branches included", () => {
    const untakenBy = models.map((m) => new Set(m.walk.untakenTransitions))
    const untakenByAll = [...(untakenBy[0] ?? [])].filter((transition) => untakenBy.every((set) => set.has(transition)))
    expect(untakenByAll).toEqual([])
  })
})

/** The pager with its real implementations; the gateway waits for the test, the browser's effects are recorded. */
function runningLogging(input: LoggingInput) {
  const stubs = deferredGateway(["workoutResults", "addLoggedSet", "removeLoggedSet", "completeWorkout"])
  const seen = {
    address: input.screen,
    flagCleared: 0,
    dashboard: 0,
    stored: [] as Array<TimerClock>,
    forgotten: [] as Array<SetId>,
    openLoads: 0,
    /** Listening for the connection to come back (only while a completion waits on the device). */
    watchingOnline: 0
  }
  const ports: LoggingPorts = {
    gateway: stubs.gateway,
    clientId: 7 as never,
    storeClock: (clock) => void seen.stored.push(clock),
    clearWorkoutStarted: () => {
      seen.flagCleared++
    },
    replaceScreen: (screen) => void (seen.address = screen),
    showDashboard: () => {
      seen.dashboard++
    },
    forgetSet: (setId) => void seen.forgotten.push(setId),
    // The outbox's answer: held by the server, or waiting on the device (the test says which).
    submitCompletion: async (completion) => {
      const calls: Pick<Gateway, "completeWorkout"> = stubs.gateway
      const outcome = (await calls.completeWorkout(completion)) as unknown as CompletionOutcome
      return outcome.held
    },
    watchOnline: () => {
      seen.watchingOnline++
      return () => {
        seen.watchingOnline--
      }
    },
    // The page fetches it as a chunk; here it is in at once.
    historyReading: () => Promise.resolve(historyReading),
    openLoads: () =>
      new Promise<LoadsLayer>((resolve, reject) => {
        seen.openLoads++
        loads.resolve = resolve
        loads.reject = reject
      })
  }
  const loads: { resolve?: (layer: LoadsLayer) => void; reject?: (error: unknown) => void } = {}
  const implementations = loggingImplementations(ports)
  // The walk's events carry the times: the timer's own ticker stays silent.
  const silentTimer = timerMachine.provide({ actions: timerImplementations({ storeClock: ports.storeClock }).actions })
  const machine = loggingMachine.provide({
    ...implementations,
    actors: { ...implementations.actors, timer: silentTimer }
  })
  const actor = createActor(machine, { input }).start()
  const answers = {
    loadHistory: oneCall(stubs, "workoutResults"),
    addSet: oneCall(stubs, "addLoggedSet"),
    removeSet: oneCall(stubs, "removeLoggedSet"),
    completeWorkout: oneCall(stubs, "completeWorkout"),
    openLoads: {
      done: (output: unknown) => loads.resolve?.(output as LoadsLayer),
      error: (error: unknown) => loads.reject?.(error)
    }
  }
  return { actor, stubs, seen, answers }
}
type RunningLogging = ReturnType<typeof runningLogging>

const timerViewOf = (snapshot: LoggingSnapshot) => {
  const timer = selectTimerRef(snapshot)
  if (timer === undefined) throw new Error("the workout has no timer")
  return selectTimerView(timer.getSnapshot())
}

function expectWhatTheLifterSees(snapshot: LoggingSnapshot, { stubs, seen }: RunningLogging, input: LoggingInput) {
  const leaves = leafOf(snapshot).split("+")
  const view = selectLoggingView(snapshot)
  const exercises = snapshot.context.workout.exercises
  // The address shows the screen a person sees, so a reload comes back to it.
  expect(seen.address).toBe(snapshot.context.screen)

  const submitted = snapshot.matches("submitted")
  const left = snapshot.matches("left")
  // The dashboard, and the cleared flag, only once the server holds the completion or the
  // lifter, told it is not yet sent, asked for it.
  expect([seen.flagCleared, seen.dashboard]).toEqual(submitted || left ? [1, 1] : [0, 0])
  const queued = leaves.includes("active.pager.summary.queued")
  expect(seen.watchingOnline).toBe(queued ? 1 : 0)
  if (submitted || left) {
    expect(view.status).toBe("submitted")
    expect(selectTimerRef(snapshot)).toBeUndefined()
    return
  }
  if (view.status === "submitted") throw new Error("a pager still open reads as submitted")

  // Whatever a reload would restore is the clock the timer runs on.
  expect(seen.stored.at(-1)).toEqual(selectTimerRef(snapshot)?.getSnapshot().context.clock)

  // The loads' chunk is fetched once, as the pager starts; once in, it runs beside the pager with its input.
  expect(seen.openLoads).toBe(1)
  const loads = selectLoadsRef(snapshot)
  expect(loads === undefined).toBe(!leaves.includes("active.loads.open"))
  if (loads !== undefined) expect(loads.getSnapshot().context).toEqual({ input: loadsLayer.input })

  // History: asked once, for the year before the day, and "last time" shows once it came.
  expect(stubs.isWaitingFor("workoutResults")).toBe(leaves.includes("active.history.loading"))
  expect(stubs.calls.filter((call) => call.name === "workoutResults").map((call) => call.args)).toEqual([
    [7, { from: "2025-01-05", to: "2026-01-04" }]
  ])
  const squat = view.exercise?.name === "Back Squat" ? view.exercise : undefined
  if (squat !== undefined) {
    const history = squat.sets[0]?.history
    expect(history === undefined ? undefined : lastTimeText(history, squat.sets[0]?.index ?? -1, "lb")).toBe(
      leaves.includes("active.history.loaded") ? "last time: 265 lbs × 5" : undefined
    )
  }

  // A set change under way is one call, and says so; a failed one says why.
  const adding = leaves.includes("active.sets.adding")
  const removing = leaves.includes("active.sets.removing")
  expect(stubs.isWaitingFor("addLoggedSet")).toBe(adding)
  expect(stubs.isWaitingFor("removeLoggedSet")).toBe(removing)
  if (adding) {
    const change = snapshot.context.setChange
    expect(stubs.argsOf("addLoggedSet")).toEqual([
      { afterSetId: change?.kind === "add" ? change.afterSetId : undefined, idempotencyKey: KEY }
    ])
  }
  expect(view.setChange.busyText).toBe(adding ? "Adding a set…" : removing ? "Removing the set…" : null)
  const failed = leaves.includes("active.sets.ready.failed")
  expect(view.setChange.failure !== null).toBe(failed)
  if (failed)
    expect(view.setChange.failure).toMatch(/^Could not (add a set|remove the set): We couldn't reach the server/)
  // Removed sets leave the workout and autosave forgets them; added ones stay until removed.
  for (const setId of seen.forgotten) {
    expect(exercises.flatMap((exercise) => exercise.sets).some((set) => set.id === setId)).toBe(false)
  }
  const prescribedIds = input.workout.exercises.flatMap((exercise) => exercise.sets.map((set) => set.id))
  expect(exercises.flatMap((exercise) => exercise.sets.filter((set) => !set.added).map((set) => set.id))).toEqual(
    prescribedIds
  )
  if (view.exercise !== null) {
    expect(view.exercise.sets.map((set) => set.removable)).toEqual(view.exercise.sets.map((set) => set.added))
    expect(view.exercise.addSet?.enabled).toBe(!adding && !removing)
  }

  if (view.status === "exercise") {
    expect(view.exercise?.name).toBe(exercises[view.screen]?.name)
    expect(view.canGoBack).toBe(view.screen > 0)
    expect(view.canGoForward).toBe(view.screen < exercises.length - 1)
    expect(view.canResume).toBe(false)
    expect(timerViewOf(snapshot).running).toBe(true)
  }

  const submitting = view.summaryStep === "submitting"
  expect(stubs.isWaitingFor("completeWorkout")).toBe(submitting)
  if (view.status === "summary") {
    expect(view.screen).toBe(exercises.length)
    expect([view.canGoBack, view.canGoForward]).toEqual([false, false])
    expect(view.canResume).toBe(exercises.length > 0 && !submitting)
    expect(view.confirmText).toBe(view.summaryStep === "confirming" ? "Submit with 2 sets not logged?" : null)
    expect(view.summaryStep === "queued").toBe(queued)
    expect(view.submitFailure).toBe(
      view.summaryStep === "submitFailed"
        ? "Could not submit: We couldn't reach the server. Check your connection and try again. Your sets are kept."
        : null
    )
  }
  if (submitting) {
    // What is recorded: the workout's first start, the moment of submitting, and the time the timer shows.
    const [completion] = stubs.argsOf("completeWorkout") as [WorkoutCompletion]
    expect(completion.date).toBe(FIXTURE_DATE)
    expect(completion.workout_order).toBe(input.workout.workout_order)
    expect(completion.started_at).toBe(new Date(T0).toISOString())
    expect(timerViewOf(snapshot)).toEqual({
      elapsed: formatElapsed(completion.duration_seconds * 1000),
      running: false
    })
    const span = (Date.parse(completion.ended_at) - Date.parse(completion.started_at)) / 1000
    expect(completion.duration_seconds).toBeLessThanOrEqual(span)
  }
}

describe("a running logging screen, driven along the model", () => {
  const walks = models.flatMap((m) =>
    m.walk.walksForEveryTransition.map((edge) => [`${m.name}: ${edge.name}`, m, edge] as const)
  )

  test.each(walks)("%s", async (_, m, edge) => {
    const running = runningLogging(m.input)
    const [initial] = initialTransition(loggingMachine, m.input)
    await replayPath<LoggingSnapshot, ModelEvent>(initial, edge.path, running.actor, running.answers, (expected) => {
      const actual = running.actor.getSnapshot()
      expect(actual.value).toEqual(expected.value)
      expect(actual.context.screen).toBe(expected.context.screen)
      expect(actual.context.workout).toEqual(expected.context.workout)
      expectWhatTheLifterSees(actual, running, m.input)
    })
    running.actor.stop()
  })
})

describe("paging through a workout", () => {
  const start = () => runningLogging(opened(0))

  test("a swipe shorter than 10 px does not move; 10 px moves one exercise either way", () => {
    const { actor } = start()
    actor.send({ type: "page.swipe", dx: -9 })
    expect(selectLoggingView(actor.getSnapshot())).toMatchObject({ screen: 0 })
    actor.send({ type: "page.swipe", dx: -10 })
    expect(selectLoggingView(actor.getSnapshot())).toMatchObject({ screen: 1, exercise: { name: "Bench Press" } })
    actor.send({ type: "page.swipe", dx: 10 })
    expect(selectLoggingView(actor.getSnapshot())).toMatchObject({ screen: 0, exercise: { name: "Back Squat" } })
  })

  test("the arrows stop at the last exercise: the summary is reached only by ending the workout", () => {
    const { actor } = start()
    for (let i = 0; i < 5; i++) actor.send({ type: "page.next" })
    expect(selectLoggingView(actor.getSnapshot())).toMatchObject({ status: "exercise", screen: 1, canGoForward: false })
  })

  test("ending pauses the timer and shows the summary; resuming runs it again one screen back", () => {
    const { actor } = start()
    actor.send({ type: "workout.end", at: T0 + 90_000 })
    expect(selectLoggingView(actor.getSnapshot())).toMatchObject({ status: "summary", screen: 2, canResume: true })
    expect(timerViewOf(actor.getSnapshot())).toEqual({ elapsed: "0:01:30", running: false })
    actor.send({ type: "workout.resume", at: T0 + 600_000 })
    expect(selectLoggingView(actor.getSnapshot())).toMatchObject({
      status: "exercise",
      screen: 1,
      exercise: { name: "Bench Press" }
    })
    expect(timerViewOf(actor.getSnapshot())).toEqual({ elapsed: "0:01:30", running: true })
  })

  test("each set reads its whole prescription in RIR, and 'Add another set' follows an AMSAP set", () => {
    const { actor } = start()
    const view = selectLoggingView(actor.getSnapshot())
    if (view.status === "submitted" || view.exercise === null) throw new Error("no exercise shown")
    expect(view.exercise.sets.map((s) => s.prescription)).toEqual([
      "275 lbs × 5 reps at 2 RIR",
      "5 reps at 2 RIR · 10% backoff",
      "245 lbs × 5 reps · AMSAP: as many sets as possible"
    ])
    expect(view.exercise.addSet).toMatchObject({ label: "Add another set", afterSetId: 303, enabled: true })
    actor.send({ type: "page.next" })
    const bench = selectLoggingView(actor.getSnapshot())
    expect(bench.status !== "submitted" && bench.exercise?.addSet?.label).toBe("Add set")
  })

  test("a route index beyond the summary opens the summary, and the address says so", () => {
    const { actor, seen } = runningLogging(opened(42))
    expect(selectLoggingView(actor.getSnapshot())).toMatchObject({ status: "summary", screen: 2 })
    expect(seen.address).toBe(2)
  })
})

describe("what Submit records", () => {
  test("a workout paused for a while records the time it ran, started when it first started", async () => {
    const { actor, stubs } = runningLogging(opened(0))
    actor.send({ type: "workout.end", at: T0 + 600_000 })
    actor.send({ type: "workout.resume", at: T0 + 3_600_000 })
    actor.send({ type: "workout.end", at: T0 + 3_900_000 })
    actor.send({ type: "workout.submit", at: T0 + 4_000_000, unlogged: 0 })
    await Promise.resolve()
    await Promise.resolve()
    expect(stubs.argsOf("completeWorkout")).toEqual([
      {
        date: FIXTURE_DATE,
        workout_order: 1,
        started_at: new Date(T0).toISOString(),
        ended_at: new Date(T0 + 4_000_000).toISOString(),
        duration_seconds: 900
      }
    ])
  })

  test("a failed submit sends the same completion again on retry", async () => {
    const { actor, stubs, answers } = runningLogging(opened(0))
    actor.send({ type: "workout.end", at: T0 + 60_000 })
    actor.send({ type: "workout.submit", at: T0 + 70_000, unlogged: 0 })
    for (let i = 0; i < 5; i++) await Promise.resolve()
    const first = stubs.argsOf("completeWorkout")
    answers.completeWorkout.error(serverDown)
    for (let i = 0; i < 20; i++) await Promise.resolve()
    actor.send({ type: "submit.retry" })
    for (let i = 0; i < 5; i++) await Promise.resolve()
    expect(stubs.argsOf("completeWorkout")).toEqual(first)
  })

  test("a retried addition sends the same key, so the server adds the set once", async () => {
    const { actor, stubs, answers } = runningLogging(opened(0))
    actor.send({ type: "set.add", afterSetId: SetId.make(303), idempotencyKey: KEY })
    for (let i = 0; i < 5; i++) await Promise.resolve()
    answers.addSet.error(serverDown)
    for (let i = 0; i < 20; i++) await Promise.resolve()
    actor.send({ type: "setChange.retry" })
    for (let i = 0; i < 5; i++) await Promise.resolve()
    expect(stubs.argsOf("addLoggedSet")).toEqual([{ afterSetId: 303, idempotencyKey: KEY }])
  })
})
