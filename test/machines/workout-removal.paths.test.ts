/**
 * Deleting a workout from the coach's day, walked by its model: every state and transition
 * (every event, both delays), replayed on a running actor whose
 * gateway the test answers, with fake timers. The coach must be asked first, with how many
 * sets have logged results; see "Deleting workout…" while the server works; see "Workout
 * deleted." with Undo only once the server removed it, and for 10 seconds; see "Workout
 * restored." only once the server put it back; and read every failure with a way to try
 * again. The day hears of a removal or a restore exactly when the server answered one.
 */
import { afterEach, beforeEach, describe, expect, test, vi } from "vitest"
import { createActor, initialTransition } from "xstate"
import { WorkoutNotFound } from "#domain/workout-errors.ts"
import { NETWORK_DOWN } from "#machines/failure-text.ts"
import { workoutRemovalImplementations } from "#machines/workout-removal/workout-removal.actors.ts"
import { removalInput } from "#machines/workout-removal/workout-removal.fixtures.ts"
import {
  RESTORED_NOTICE_MS,
  UNDO_WINDOW_MS,
  workoutRemovalMachine
} from "#machines/workout-removal/workout-removal.machine.ts"
import {
  NOT_REMOVED,
  NOT_RESTORED,
  REMOVE_QUESTION,
  REMOVED,
  REMOVING,
  RESTORED,
  RESTORING,
  selectRemoval,
  type WorkoutRemovalSnapshot
} from "#machines/workout-removal/workout-removal.selectors.ts"
import type { WorkoutRemovalEvent } from "#machines/workout-removal/workout-removal.types.ts"
import { delayedEvents, leafOf, modelOf } from "./client-model-walk.ts"
import { deferredGateway, done, failure, oneCall, replayPath, settleMicrotasks } from "./coach-stub-actors.ts"

type ModelEvent = WorkoutRemovalEvent | ReturnType<typeof done> | ReturnType<typeof failure> | { readonly type: string }

const serverDown = { _tag: "GatewayDefect", reason: "network", message: "The server could not be reached" }
const gone = new WorkoutNotFound({ error: "No workout 1 on that day" })
const answer = (workoutOrder: number, removed: boolean) => ({ ...removalInput, workoutOrder, removed })

const eventsFor = (snapshot: WorkoutRemovalSnapshot): ReadonlyArray<ModelEvent> => [
  { type: "removal.request", workoutOrder: 0, loggedSets: 3 },
  { type: "removal.request", workoutOrder: 1, loggedSets: 0 },
  { type: "removal.confirm" },
  { type: "removal.cancel" },
  { type: "removal.undo" },
  { type: "removal.retry" },
  { type: "removal.dismiss" },
  done("removeWorkout", answer(snapshot.context.target?.workoutOrder ?? 0, true)),
  failure("removeWorkout", serverDown),
  done("restoreWorkout", answer(snapshot.context.target?.workoutOrder ?? 0, false)),
  failure("restoreWorkout", gone),
  ...delayedEvents(snapshot)
]

const serialize = (snapshot: WorkoutRemovalSnapshot) =>
  JSON.stringify([leafOf(snapshot), snapshot.context.target?.workoutOrder ?? null])

const walk = modelOf<WorkoutRemovalSnapshot, ModelEvent>(workoutRemovalMachine, {
  input: removalInput,
  events: eventsFor,
  serialize
})

describe("the workout removal machine's model", () => {
  test("reaches every state the machine declares", () => {
    expect(walk.reachedStates).toEqual(walk.leafStates)
  })

  test("takes every transition the machine declares, both delays included", () => {
    expect(walk.untakenTransitions).toEqual([])
  })
})

/** Removal with its real implementations; the gateway waits for the test, the day's ports are recorded. */
function runningRemoval() {
  const stubs = deferredGateway(["removeWorkout", "restoreWorkout"])
  const day = { lost: [] as Array<number>, regained: 0 }
  const machine = workoutRemovalMachine.provide(
    workoutRemovalImplementations({
      gateway: stubs.gateway,
      dayLostWorkout: (workoutOrder) => day.lost.push(workoutOrder),
      dayRegainedWorkout: () => {
        day.regained += 1
      }
    })
  )
  const actor = createActor(machine, { input: removalInput }).start()
  return {
    stubs,
    day,
    actor,
    answers: { removeWorkout: oneCall(stubs, "removeWorkout"), restoreWorkout: oneCall(stubs, "restoreWorkout") }
  }
}
type RunningRemoval = ReturnType<typeof runningRemoval>

/** What the server answered so far, counted along the walk. */
interface Answered {
  removed: Array<number>
  restored: number
}

function expectWhatACoachSees(
  snapshot: WorkoutRemovalSnapshot,
  { stubs, day }: RunningRemoval,
  event: ModelEvent | undefined,
  answered: Answered
) {
  const leaf = leafOf(snapshot)
  const view = selectRemoval(snapshot)
  const target = snapshot.context.target
  const address = target === null ? null : { ...removalInput, workoutOrder: target.workoutOrder }

  // Asked first, in the card, with what of it the client logged.
  if (leaf === "confirming") {
    expect(view.card).toEqual({
      kind: "confirming",
      question: REMOVE_QUESTION,
      logged: target?.loggedSets === 3 ? "3 sets have logged results." : null
    })
  }
  if (leaf === "removing") expect(view.card).toEqual({ kind: "removing", message: REMOVING })
  if (leaf === "removeFailed") expect(view.card).toEqual({ kind: "failed", message: NOT_REMOVED, reason: NETWORK_DOWN })
  if (!["confirming", "removing", "removeFailed"].includes(leaf)) expect(view.card).toBeNull()
  expect(view.workoutOrder).toBe(view.card === null ? null : (target?.workoutOrder ?? null))

  // The bar says deleted, or restored, only right after the server said so.
  const bar = {
    removed: { kind: "removed", message: REMOVED },
    restoring: { kind: "restoring", message: RESTORING },
    restored: { kind: "restored", message: RESTORED },
    restoreFailed: { kind: "failed", message: NOT_RESTORED, reason: "No workout 1 on that day" }
  }[leaf]
  expect(view.bar).toEqual(bar ?? null)
  if (leaf === "removed" && event?.type !== "removal.request")
    expect(event?.type).toBe("xstate.done.actor.removeWorkout")
  if (leaf === "restored") expect(event?.type).toBe("xstate.done.actor.restoreWorkout")

  // One call on its way at a time, for the workout chosen.
  expect(stubs.isWaitingFor("removeWorkout")).toBe(leaf === "removing")
  expect(stubs.isWaitingFor("restoreWorkout")).toBe(leaf === "restoring")
  if (leaf === "removing") expect(stubs.argsOf("removeWorkout")).toEqual([address])
  if (leaf === "restoring") expect(stubs.argsOf("restoreWorkout")).toEqual([address])
  expect(view.canRequest).toBe(leaf !== "removing" && leaf !== "restoring")

  // The day hears exactly what the server did, no more.
  expect(day.lost).toEqual(answered.removed)
  expect(day.regained).toBe(answered.restored)
}

describe("a running removal, driven along the model", () => {
  beforeEach(() => {
    vi.useFakeTimers()
  })
  afterEach(() => {
    vi.useRealTimers()
  })

  test.each(walk.walksForEveryTransition.map((edge) => [edge.name, edge] as const))("%s", async (_, edge) => {
    const running = runningRemoval()
    const { actor } = running
    const [initial] = initialTransition(workoutRemovalMachine, removalInput)
    const answered: Answered = { removed: [], restored: 0 }
    let before = actor.getSnapshot()
    await replayPath<WorkoutRemovalSnapshot, ModelEvent>(
      initial,
      edge.path,
      actor,
      running.answers,
      (expected, event) => {
        if (event?.type === "xstate.done.actor.removeWorkout")
          answered.removed.push(before.context.target?.workoutOrder ?? -1)
        if (event?.type === "xstate.done.actor.restoreWorkout") answered.restored += 1
        const actual = actor.getSnapshot()
        expect(leafOf(actual)).toBe(leafOf(expected))
        expect(actual.context).toEqual(expected.context)
        expectWhatACoachSees(actual, running, event, answered)
        before = actual
      },
      { undoWindow: UNDO_WINDOW_MS, restoredNotice: RESTORED_NOTICE_MS }
    )
    actor.stop()
  })
})

describe("the undo window", () => {
  afterEach(() => {
    vi.useRealTimers()
  })

  test("Undo is offered for 10 seconds after the server removed the workout, then the removal stands", async () => {
    vi.useFakeTimers()
    const { stubs, actor, day } = runningRemoval()
    actor.send({ type: "removal.request", workoutOrder: 2, loggedSets: 0 })
    actor.send({ type: "removal.confirm" })
    await settleMicrotasks()
    expect(day.lost).toEqual([])
    stubs.settle("removeWorkout", answer(2, true))
    await settleMicrotasks()
    expect(day.lost).toEqual([2])
    vi.advanceTimersByTime(UNDO_WINDOW_MS - 1)
    expect(selectRemoval(actor.getSnapshot()).bar?.message).toBe(REMOVED)
    vi.advanceTimersByTime(1)
    expect(selectRemoval(actor.getSnapshot()).bar).toBeNull()
    expect(actor.getSnapshot().can({ type: "removal.undo" })).toBe(false)
    expect(day.regained).toBe(0)
  })
})
