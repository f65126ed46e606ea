/**
 * The model-walk helper proven on small machines built to break it: an eventless branch
 * that never fires and a guarded event branch that is never chosen must both be reported
 * untaken, while eventless branches that do fire (on an event, or on the way into the
 * initial state) count as taken. Without this, a walk could claim "every transition"
 * while skipping exactly the branches XState 5 keeps out of `node.transitions`.
 */
import { describe, expect, test } from "vitest"
import { assign, setup, type SnapshotFrom } from "xstate"
import {
  declaredTransitions,
  describeTransition,
  modelOf,
  takenAlong,
  untakenOf,
  walkBoundMessage,
  WALK_BOUND
} from "./client-model-walk.ts"

type CountEvent = { type: "count.add"; by: number } | { type: "count.reset" }

/** Adds to a counter; leaving `idle` for `big` is eventless, guarded on the count. */
const counter = (bigAt: number) =>
  setup({
    types: { context: {} as { count: number }, events: {} as CountEvent, input: {} as { start: number } },
    guards: { isBig: ({ context }) => context.count >= bigAt }
  }).createMachine({
    id: "counter",
    context: ({ input }) => ({ count: input.start }),
    initial: "idle",
    states: {
      idle: {
        always: { guard: "isBig", target: "big" },
        on: { "count.add": { actions: assign({ count: ({ context, event }) => context.count + event.by }) } }
      },
      big: { on: { "count.reset": { target: "idle", actions: assign({ count: 0 }) } } }
    }
  })

type CounterSnapshot = SnapshotFrom<ReturnType<typeof counter>>
const counterEvents = (): ReadonlyArray<CountEvent> => [{ type: "count.add", by: 1 }, { type: "count.reset" }]
const walkCounter = (bigAt: number, start: number) =>
  modelOf<CounterSnapshot, CountEvent>(counter(bigAt), {
    input: { start },
    events: counterEvents,
    serialize: (snapshot) => JSON.stringify([snapshot.value, Math.min(snapshot.context.count, 3)])
  })

type DoorEvent = { type: "door.open"; force: boolean }

/** Two guarded candidates for one event; the events offered never pick the second. */
const door = setup({
  types: { events: {} as DoorEvent },
  guards: { gentle: ({ event }) => !event.force }
}).createMachine({
  id: "door",
  initial: "closed",
  states: {
    closed: {
      on: {
        "door.open": [{ guard: "gentle", target: "open" }, { target: "broken" }]
      }
    },
    open: {},
    broken: {}
  }
})
type DoorSnapshot = SnapshotFrom<typeof door>
const walkDoor = (forces: ReadonlyArray<boolean>) =>
  modelOf<DoorSnapshot, DoorEvent>(door, {
    input: undefined,
    events: () => forces.map((force) => ({ type: "door.open", force })),
    serialize: (snapshot) => JSON.stringify(snapshot.value)
  })

type LeaveEvent = { type: "door.leave" }

/** Decides where to start from its input alone, with eventless branches. */
const entrance = setup({
  types: { context: {} as { hasKey: boolean }, events: {} as LeaveEvent, input: {} as { hasKey: boolean } },
  guards: { hasKey: ({ context }) => context.hasKey }
}).createMachine({
  id: "entrance",
  context: ({ input }) => input,
  initial: "deciding",
  states: {
    deciding: { always: [{ guard: "hasKey", target: "inside" }, { target: "outside" }] },
    inside: { on: { "door.leave": "outside" } },
    outside: {}
  }
})
const walkEntrance = (hasKey: boolean) =>
  modelOf<SnapshotFrom<typeof entrance>, LeaveEvent>(entrance, {
    input: { hasKey },
    events: () => [{ type: "door.leave" }],
    serialize: (snapshot) => JSON.stringify(snapshot.value)
  })

describe("the transitions a machine declares", () => {
  test("include eventless branches and every guarded candidate of an event", () => {
    expect(declaredTransitions(counter(2)).map(describeTransition).sort()).toEqual([
      "big on count.reset -> idle",
      "idle on always [isBig] -> big",
      "idle on count.add"
    ])
    expect(declaredTransitions(door).map(describeTransition).sort()).toEqual([
      "closed on door.open #1 [gentle] -> open",
      "closed on door.open #2 -> broken"
    ])
  })
})

describe("the model walk", () => {
  test("reports an eventless branch whose guard is never true as untaken", () => {
    // The counter only ever reaches 3 in the model, so a threshold of 100 never fires.
    const walk = walkCounter(100, 0)
    expect(walk.untakenTransitions).toEqual(["idle on always [isBig] -> big", "big on count.reset -> idle"])
  })

  test("reports a guarded event branch the walk never chooses as untaken", () => {
    expect(walkDoor([false]).untakenTransitions).toEqual(["closed on door.open #2 -> broken"])
  })

  test("reports nothing untaken when every branch is walked", () => {
    const counterWalk = walkCounter(2, 0)
    expect(counterWalk.untakenTransitions).toEqual([])
    expect(counterWalk.reachedStates).toEqual(counterWalk.leafStates)
    expect(walkDoor([false, true]).untakenTransitions).toEqual([])
  })

  test("counts an eventless branch taken on the way into the initial state", () => {
    // No event ever returns to `deciding`: only the start can take its branches.
    expect(walkEntrance(true).untakenTransitions).toEqual(["deciding on always #2 -> outside"])
    expect(walkEntrance(false).untakenTransitions).toEqual([
      "deciding on always #1 [hasKey] -> inside",
      "inside on door.leave -> outside"
    ])
    const machine = counter(2)
    const started = takenAlong(machine, { start: 5 }, [])
    expect(started.snapshot.value).toBe("big")
    expect(untakenOf(machine, started.taken)).toEqual(["idle on count.add", "big on count.reset -> idle"])
  })

  test("replays, for every transition, a walk that takes it", () => {
    const walk = walkCounter(2, 0)
    const machine = counter(2)
    const covered = new Set(
      walk.walksForEveryTransition.flatMap((edge) => [
        ...takenAlong(
          machine,
          { start: 0 },
          edge.path.steps.map((s) => s.event)
        ).taken
      ])
    )
    expect(untakenOf(machine, covered)).toEqual([])
  })
})

describe("a walk whose state space never ends", () => {
  // The whole count in the serialized state: every count.add makes a vertex never seen before.
  const walkUncapped = (bound?: { vertices?: number; edges?: number }) =>
    modelOf<CounterSnapshot, CountEvent>(counter(Number.POSITIVE_INFINITY), {
      input: { start: 0 },
      events: () => [{ type: "count.add", by: 1 }],
      serialize: (snapshot) => JSON.stringify([snapshot.value, snapshot.context.count]),
      ...(bound === undefined ? {} : { bound })
    })

  test("fails at its bound with a message naming the machine and the bound, instead of exhausting memory", () => {
    expect(() => walkUncapped({ vertices: 500 })).toThrow(
      walkBoundMessage("counter", { ...WALK_BOUND, vertices: 500 }, "vertices")
    )
    expect(() => walkUncapped({ vertices: 500 })).toThrow(/machine "counter" passed its bound of 500 vertices/)
    expect(() => walkUncapped({ edges: 300 })).toThrow(/machine "counter" passed its bound of 300 edges/)
  })

  test("fails under the default bound too", () => {
    expect(() => walkUncapped()).toThrow(
      `model walk of machine "counter" passed its bound of ${WALK_BOUND.vertices.toLocaleString("en-US")} vertices`
    )
  })

  test("a bound the walk fits in changes nothing", () => {
    const bounded = modelOf<CounterSnapshot, CountEvent>(counter(2), {
      input: { start: 0 },
      events: counterEvents,
      serialize: (snapshot) => JSON.stringify([snapshot.value, Math.min(snapshot.context.count, 3)]),
      // Exactly its size: idle at 0 and 1 and big at 2; two adds and one reset.
      bound: { vertices: 3, edges: 3 }
    })
    expect(bounded.untakenTransitions).toEqual([])
    expect(bounded.edges.map((edge) => edge.name)).toEqual(walkCounter(2, 0).edges.map((edge) => edge.name))
    const walkWithin = (bound: { vertices: number; edges: number }) => () =>
      modelOf<CounterSnapshot, CountEvent>(counter(2), {
        input: { start: 0 },
        events: counterEvents,
        serialize: (snapshot) => JSON.stringify([snapshot.value, Math.min(snapshot.context.count, 3)]),
        bound
      })
    expect(walkWithin({ vertices: 2, edges: 3 })).toThrow(/passed its bound of 2 vertices/)
    expect(walkWithin({ vertices: 3, edges: 2 })).toThrow(/passed its bound of 2 edges/)
  })
})
