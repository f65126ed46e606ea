/**
 * The client's progress page walked by its model: every state and transition, replayed on
 * a running actor whose gateway the test answers. The client must only ever be asked
 * about the span shown (never a day after today), see the exercise they picked with its
 * PRs in their own unit (the axis says which, and that it is an estimate), each set on the
 * day it was done (docs/decisions/042), SPEC's example only to someone who has never done a
 * set, a failed read as an error with a retry, and the address follow each pick.
 */
import { describe, expect, test } from "vitest"
import { createActor, initialTransition } from "xstate"
import { clientProgressImplementations } from "#machines/client-progress/client-progress.actors.ts"
import {
  doneAheadRows,
  progressInput,
  progressRows,
  PROGRESS_TODAY
} from "#machines/client-progress/client-progress.fixtures.ts"
import { clientProgressMachine } from "#machines/client-progress/client-progress.machine.ts"
import type { ProgressRange } from "#domain/progress-search.ts"
import {
  PROGRESS_NOT_LOADED,
  selectProgress,
  type ClientProgressSnapshot
} from "#machines/client-progress/client-progress.selectors.ts"
import { spanOf } from "#machines/client-progress/client-progress.series.ts"
import type { ClientProgressEvent, LoadedProgress } from "#machines/client-progress/client-progress.types.ts"
import { leafOf, modelOf } from "./client-model-walk.ts"
import { deferredGateway, done, failure, replayPath, settleMicrotasks, type ActorAnswer } from "./coach-stub-actors.ts"

type ModelEvent = ClientProgressEvent | ReturnType<typeof done> | ReturnType<typeof failure>

const serverDown = { _tag: "GatewayDefect", reason: "network", message: "The server could not be reached" }

const walk = modelOf<ClientProgressSnapshot, ModelEvent>(clientProgressMachine, {
  input: progressInput,
  events: () => [
    { type: "range.pick", range: "3m" },
    { type: "range.pick", range: "6m" },
    { type: "range.pick", range: "1y" },
    { type: "exercise.pick", exercise: "back-squat" },
    { type: "exercise.pick", exercise: "front-squat" },
    { type: "exercise.pick", exercise: "leg-curl" },
    { type: "progress.retry" },
    done("loadProgress", { rows: progressRows, loggedBefore: false, unit: "lb" }),
    done("loadProgress", { rows: progressRows, loggedBefore: true, unit: "kg" }),
    done("loadProgress", { rows: doneAheadRows, loggedBefore: false, unit: "lb" }),
    done("loadProgress", { rows: [], loggedBefore: false, unit: "kg" }),
    done("loadProgress", { rows: [], loggedBefore: true, unit: "lb" }),
    failure("loadProgress", serverDown)
  ],
  serialize: (snapshot) =>
    [
      leafOf(snapshot),
      snapshot.context.range,
      snapshot.context.rows.length,
      snapshot.context.loggedBefore,
      snapshot.context.exercise,
      snapshot.context.unit
    ].join("|")
})

describe("the client progress machine's model", () => {
  test("reaches every state the machine declares", () => {
    expect(walk.reachedStates).toEqual(walk.leafStates)
  })

  test("takes every transition the machine declares", () => {
    expect(walk.untakenTransitions).toEqual([])
  })
})

function runningProgress() {
  const stubs = deferredGateway(["doneSets", "preferences"])
  const addresses: Array<{ exercise: string | null; range: ProgressRange }> = []
  const machine = clientProgressMachine.provide(
    clientProgressImplementations({
      gateway: stubs.gateway,
      doneWork: stubs.gateway,
      showAddress: (address) => addresses.push(address)
    })
  )
  const actor = createActor(machine, { input: progressInput }).start()
  // One read is the span's sets and the client's preferences; either failing fails it.
  const loadProgress: ActorAnswer = {
    done: (output) => {
      const { rows, loggedBefore, unit } = output as LoadedProgress
      stubs.settle("doneSets", { sets: rows, loggedBefore })
      stubs.settle("preferences", { unit, bar: null, smallest_plate: null })
    },
    error: (error) => {
      stubs.fail("doneSets", error)
      stubs.fail("preferences", error)
    }
  }
  return { stubs, addresses, actor, answers: { loadProgress } }
}
type RunningProgress = ReturnType<typeof runningProgress>

function expectWhatAClientSees(
  snapshot: ClientProgressSnapshot,
  event: ModelEvent | undefined,
  running: RunningProgress
) {
  const { stubs, addresses } = running
  const view = selectProgress(snapshot)
  const { range, exercise } = snapshot.context
  expect(view.range).toBe(range)
  expect(view.ranges.map((option) => option.label)).toEqual(["3 months", "6 months", "1 year"])
  // Only the span shown is asked for, and never a day after today.
  expect(stubs.isWaitingFor("doneSets")).toBe(view.status === "loading")
  expect(stubs.isWaitingFor("preferences")).toBe(view.status === "loading")
  if (view.status === "loading") {
    const { from } = spanOf(PROGRESS_TODAY, range)
    expect(stubs.argsOf("doneSets")).toEqual([
      progressInput.clientId,
      { from, today: PROGRESS_TODAY, utcOffset: progressInput.utcOffset }
    ])
    expect(stubs.argsOf("preferences")).toEqual([progressInput.clientId])
  }
  if (view.status === "failed") {
    expect(view.error).toBe(`${PROGRESS_NOT_LOADED} We couldn't reach the server. Check your connection and try again.`)
  }
  // Each accepted pick puts what is shown into the address.
  if (event?.type === "range.pick" || event?.type === "exercise.pick") {
    expect(addresses.at(-1)).toEqual({ exercise, range })
  }
  if (view.status !== "showing") return
  // The axis and every number are in the client's unit, SPEC's "lbs" for pounds.
  const unit = snapshot.context.unit
  expect(view.axisLabel).toBe(unit === "kg" ? "Estimated e1RM (kg)" : "Estimated e1RM (lbs)")
  const rangeLabel = view.ranges.find((r) => r.value === range)?.label
  if (snapshot.context.rows.length === 0 && snapshot.context.loggedBefore) {
    // Sets older than the range: no example, no chart, and the way to see them.
    expect(view).toMatchObject({ isExample: false, exercises: [], points: [], exampleText: null, prText: null })
    expect(view.emptyText).toBe(
      `No sets logged in the last ${rangeLabel}. Pick a longer range to see your earlier sets.`
    )
    return
  }
  if (snapshot.context.rows.length === 0) {
    expect(view.isExample).toBe(true)
    expect(view.pickerLabel).toBe("Lift")
    expect(view.exercises.map((option) => option.label)).toEqual(["Squat", "Bench Press", "Deadlift"])
    expect(view.emptyText).toBe(`No sets logged in the last ${rangeLabel}.`)
    expect(view.exampleText).toBe(`Example data: log ${view.exerciseName} sets to see your own progress.`)
    expect(view.prText).toBeNull()
    return
  }
  expect(view.isExample).toBe(false)
  expect(view.pickerLabel).toBe("Exercise")
  expect(view.estimateNote).toMatch(/^Estimated one-rep max \(e1RM\)/)
  if (snapshot.context.rows === doneAheadRows) {
    // Nov 24's workout, done today: today's point, never the 24th.
    expect(view.exercises.map((option) => option.label)).toEqual(["Bench Press"])
    expect(view.points.map((point) => [point.date, point.value, point.pr])).toEqual([
      ["2026-11-10", 215.8, false],
      [PROGRESS_TODAY, 228.2, true]
    ])
    expect(view.prText).toBe("Estimated e1RM PRs: Nov 20 — 228.2 lbs")
    return
  }
  expect(view.exercises.map((option) => option.label)).toEqual(["Front Squat", "Back Squat", "Sled Push Thing"])
  // Without a pick, the most recently logged exercise; a picked one stays.
  expect(view.exercise).toBe(exercise ?? "front-squat")
  const inLbs = unit === "lb"
  if (view.exercise === "back-squat") {
    expect(view.points.map((point) => [point.label, point.value, point.pr])).toEqual([
      ["Sep 14", inLbs ? 320.8 : 145.5, false],
      ["Oct 5", inLbs ? 332.5 : 150.8, true],
      ["Oct 19", inLbs ? 326.7 : 148.2, false],
      ["Nov 2", inLbs ? 340 : 154.2, true]
    ])
    expect(view.prText).toBe(
      inLbs
        ? "Estimated e1RM PRs: Oct 5 — 332.5 lbs, Nov 2 — 340 lbs"
        : "Estimated e1RM PRs: Oct 5 — 150.8 kg, Nov 2 — 154.2 kg"
    )
  } else {
    expect(view.points.map((point) => [point.label, point.value, point.pr])).toEqual([
      ["Nov 16", inLbs ? 262.5 : 119.1, false]
    ])
    expect(view.prText).toBeNull()
  }
}

describe("a running client progress page, driven along the model", () => {
  test.each(walk.walksForEveryTransition.map((edge) => [edge.name, edge] as const))("%s", async (_, edge) => {
    const running = runningProgress()
    const { actor } = running
    const [initial] = initialTransition(clientProgressMachine, progressInput)
    await replayPath<ClientProgressSnapshot, ModelEvent>(
      initial,
      edge.path,
      actor,
      running.answers,
      (expected, event) => {
        const actual = actor.getSnapshot()
        expect(leafOf(actual)).toBe(leafOf(expected))
        expect(actual.context).toEqual(expected.context)
        expectWhatAClientSees(actual, event, running)
      }
    )
    actor.stop()
  })
})

describe("the address", () => {
  test("asks for the exercise and range it names; an exercise not logged shows the most recent one", () => {
    const [snapshot] = initialTransition(clientProgressMachine, { ...progressInput, range: "1y", exercise: "deadlift" })
    expect(snapshot.context).toMatchObject({ range: "1y", exercise: "deadlift" })
    const showing = clientProgressMachine.resolveState({
      value: "showing",
      context: { ...snapshot.context, rows: progressRows }
    })
    expect(selectProgress(showing)).toMatchObject({ status: "showing", exercise: "front-squat" })
  })
})

describe("picks the page refuses", () => {
  test("the range already shown is not read again, and an exercise the picker does not list is not shown", async () => {
    const running = runningProgress()
    await settleMicrotasks()
    running.answers.loadProgress.done({ rows: progressRows, loggedBefore: false, unit: "lb" })
    await settleMicrotasks()
    running.actor.send({ type: "range.pick", range: "6m" })
    running.actor.send({ type: "exercise.pick", exercise: "leg-curl" })
    const snapshot = running.actor.getSnapshot()
    expect(snapshot.value).toBe("showing")
    expect(running.stubs.calls.map((call) => call.name)).toEqual(["doneSets", "preferences"])
    expect(running.addresses).toEqual([])
    expect(selectProgress(snapshot)).toMatchObject({ exercise: "front-squat" })
    running.actor.stop()
  })
})
