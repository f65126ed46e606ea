/**
 * Shared by the machines' path tests: walks a machine's model with xstate/graph
 * (shortest path to every vertex, then every transition leaving it) and reports which
 * declared states and transitions the walk reached, so a test can demand all of them.
 *
 * "Every transition" means every branch the chart declares: each event's guarded
 * candidates one by one, delayed (`after`) transitions, and eventless (`always`)
 * branches. XState 5 keeps `always` out of `node.transitions`, and
 * `machine.getTransitionData` reports only the event's own transition, not the eventless
 * ones taken in the same macrostep nor those taken on the way into the initial state. So
 * the walk runs each macrostep with an actor scope that records the `@xstate.microstep`
 * inspection events, which carry every transition the microstep took.
 *
 * Reusable on their own, by any path test with a walker of its own:
 * - `declaredTransitions(machine)`: every transition definition the chart declares;
 * - `initialStep(machine, input)` / `step(machine, snapshot, event)`: pure macrosteps,
 *   like xstate's `initialTransition` / `transition`, that also return what they `taken`;
 * - `takenAlong(machine, input, events)`: the snapshot and every transition taken by
 *   starting the machine with `input` and sending `events`, the initial macrostep included;
 * - `untakenOf(machine, taken)`: the declared transitions missing from `taken`, described
 *   with `describeTransition`, so a test can `expect(untakenOf(...)).toEqual([])`.
 */
import {
  createActor,
  createMachine,
  type ActorScope,
  type AnyMachineSnapshot,
  type AnyStateMachine,
  type AnyStateNode,
  type AnyTransitionDefinition,
  type EventObject,
  type InspectionEvent,
  type SnapshotFrom
} from "xstate"
import { getStateNodes, TestModel, type StatePath } from "xstate/graph"

export interface Edge<S extends AnyMachineSnapshot, E extends EventObject> {
  readonly name: string
  readonly from: S
  readonly event: E
  readonly path: StatePath<S, E>
  /** Every transition the path takes, from the initial macrostep to the edge's own event. */
  readonly taken: ReadonlySet<AnyTransitionDefinition>
}

export interface ModelOptions<S, E> {
  readonly input: unknown
  /** One event per branch of every guard, given the current snapshot. */
  readonly events: (snapshot: S) => ReadonlyArray<E>
  /** What tells two vertices apart: the state plus whatever guards read. */
  readonly serialize: (snapshot: S) => string
  /** How big the walk may grow before it fails (default WALK_BOUND). */
  readonly bound?: Partial<WalkBound> | undefined
}

/** The most vertices (distinct serialized snapshots) and edges (events taken from them) a walk may visit. */
export interface WalkBound {
  readonly vertices: number
  readonly edges: number
}

/**
 * Above the largest walk (the builder's: about 10k vertices and 66k edges) with room to
 * grow; a machine whose serialized state never repeats (a counter, a list that grows)
 * meets it in seconds, where an unbounded walk would exhaust memory.
 */
export const WALK_BOUND: WalkBound = { vertices: 50_000, edges: 250_000 }

/** The message a walk that outgrew its bound fails with. */
export const walkBoundMessage = (machineId: string, bound: WalkBound, met: keyof WalkBound): string =>
  `model walk of machine "${machineId}" passed its bound of ${bound[met].toLocaleString("en-US")} ${met} ` +
  `(${bound.vertices.toLocaleString("en-US")} vertices, ${bound.edges.toLocaleString("en-US")} edges): its state space ` +
  "does not end. Does serialize include something that grows without limit (a counter, a list the events keep adding to)? " +
  "If the machine really is this big, pass a larger `bound` to modelOf."

export interface Step<S> {
  readonly snapshot: S
  /** The transitions the macrostep took, eventless and raised ones included, in order. */
  readonly taken: ReadonlyArray<AnyTransitionDefinition>
}

export const leafOf = (snapshot: AnyMachineSnapshot): string =>
  snapshot._nodes
    .filter((node: AnyStateNode) => node.type === "atomic" || node.type === "final")
    .map((node: AnyStateNode) => node.path.join("."))
    .join("+")

/** Event types of the delayed transitions the snapshot's active states wait on. */
export const delayedEvents = (snapshot: AnyMachineSnapshot): Array<{ type: string }> =>
  snapshot._nodes.flatMap((node: AnyStateNode) =>
    [...node.transitions.keys()].filter((type) => type.startsWith("xstate.after.")).map((type) => ({ type }))
  )

export const describeEvent = (event: EventObject): string => {
  const { type, ...payload } = event
  const detail = JSON.stringify(payload)
  return detail === "{}" ? type : `${type} ${detail.length > 80 ? `${detail.slice(0, 77)}...` : detail}`
}

/** Every transition the chart declares: each event's candidates, `after` and `always` branches. */
export const declaredTransitions = (machine: AnyStateMachine): ReadonlyArray<AnyTransitionDefinition> =>
  getStateNodes(machine.root).flatMap((node: AnyStateNode) => [
    ...[...node.transitions.values()].flat(),
    ...(node.always ?? [])
  ])

const guardName = (guard: unknown): string | undefined => {
  if (guard === undefined) return undefined
  if (typeof guard === "string") return guard
  if (typeof guard === "function") return guard.name || "inline guard"
  if (typeof guard === "object" && guard !== null && "type" in guard) return String(guard.type)
  return "guard"
}

/** "source on event #branch [guard] -> target", with `always` for eventless branches. */
export const describeTransition = (definition: AnyTransitionDefinition): string => {
  const source = definition.source.path.join(".") || "(root)"
  const eventless = definition.eventType === ""
  const siblings: ReadonlyArray<AnyTransitionDefinition> =
    (eventless ? definition.source.always : definition.source.transitions.get(String(definition.eventType))) ?? []
  const branch = siblings.length > 1 ? ` #${siblings.indexOf(definition) + 1}` : ""
  const on = `${eventless ? "always" : definition.eventType}${branch}`
  const guard = guardName(definition.guard)
  const target = definition.target?.map((node) => node.path.join(".") || "(root)").join(",")
  return `${source} on ${on}${guard === undefined ? "" : ` [${guard}]`}${target === undefined ? "" : ` -> ${target}`}`
}

/**
 * An actor scope like the one xstate's pure `transition` uses (actions are not executed,
 * children are not started), whose system hands every microstep's transitions to `record`.
 */
function recordingScope(
  machine: AnyStateMachine,
  record: (transitions: ReadonlyArray<AnyTransitionDefinition>) => void
): ActorScope<AnyMachineSnapshot, EventObject> {
  const self = createActor(machine)
  // A clean system of its own, as xstate's inert scope has, so children with a systemId
  // registered by the eager construction above do not collide with the step's own.
  const system = createActor(createMachine({})).system
  system.inspect((event: InspectionEvent) => {
    if (event.type === "@xstate.microstep") record(event._transitions)
  })
  ;(self as { system: unknown }).system = system
  return {
    self,
    id: "",
    sessionId: "",
    logger: () => undefined,
    defer: () => undefined,
    emit: () => undefined,
    system,
    stopChild: () => undefined,
    actionExecutor: () => undefined
  }
}

/** The initial snapshot for `input` and every transition taken on the way into it. */
export function initialStep<M extends AnyStateMachine>(machine: M, input: unknown): Step<SnapshotFrom<M>> {
  const taken: Array<AnyTransitionDefinition> = []
  const scope = recordingScope(machine, (transitions) => taken.push(...transitions))
  return { snapshot: machine.getInitialSnapshot(scope, input) as SnapshotFrom<M>, taken }
}

/** One macrostep: the event's own transition plus the eventless and raised ones that follow. */
export function step<S extends AnyMachineSnapshot>(machine: AnyStateMachine, snapshot: S, event: EventObject): Step<S> {
  const taken: Array<AnyTransitionDefinition> = []
  const scope = recordingScope(machine, (transitions) => taken.push(...transitions))
  return { snapshot: machine.transition(snapshot, event, scope) as S, taken }
}

/** Starts the machine with `input`, sends `events`, and returns where it is and all it took. */
export function takenAlong<M extends AnyStateMachine>(
  machine: M,
  input: unknown,
  events: ReadonlyArray<EventObject>
): { readonly snapshot: SnapshotFrom<M>; readonly taken: Set<AnyTransitionDefinition> } {
  const start = initialStep(machine, input)
  let snapshot = start.snapshot
  const taken = new Set(start.taken)
  for (const event of events) {
    const next = step(machine, snapshot, event)
    snapshot = next.snapshot
    next.taken.forEach((definition) => taken.add(definition))
  }
  return { snapshot, taken }
}

/** The declared transitions `taken` lacks, described for a readable failure. */
export const untakenOf = (machine: AnyStateMachine, taken: ReadonlySet<AnyTransitionDefinition>): Array<string> =>
  declaredTransitions(machine)
    .filter((definition) => !taken.has(definition))
    .map(describeTransition)

export function modelOf<S extends AnyMachineSnapshot, E extends EventObject>(
  machine: AnyStateMachine,
  options: ModelOptions<S, E>
) {
  const model = new TestModel<S, E, unknown>(machine as never, {
    input: options.input,
    events: options.events,
    filterEvents: (snapshot, event) => snapshot.can(event),
    serializeState: options.serialize,
    stateMatcher: (_, key) => key === "*"
  })
  const bound: WalkBound = { ...WALK_BOUND, ...options.bound }
  // xstate/graph's traversal keeps going while anything is new; counted here (its
  // `events` is asked once per new vertex, its `filterEvents` once per edge) it stops at the bound.
  const counted = { vertices: 0, edges: 0 }
  const count = (met: keyof WalkBound) => {
    counted[met] += 1
    if (counted[met] > bound[met]) throw new Error(walkBoundMessage(machine.id, bound, met))
  }
  const boundedTraversal = {
    events: (snapshot: S) => {
      count("vertices")
      return options.events(snapshot)
    },
    filterEvents: (snapshot: S, event: E) => {
      if (!snapshot.can(event)) return false
      count("edges")
      return true
    }
  }

  // Vertices merge snapshots that differ only in what no guard reads, so snapshots
  // are recomputed from a path's events rather than taken from the vertices. Shortest
  // paths share their prefixes, so each prefix is stepped once and remembered.
  type Replayed = { readonly path: StatePath<S, E>; readonly taken: ReadonlySet<AnyTransitionDefinition> }
  const replayed = new Map<string, Replayed>()
  const replay = (events: ReadonlyArray<E>): Replayed => {
    const key = JSON.stringify(events)
    const known = replayed.get(key)
    if (known !== undefined) return known
    let result: Replayed
    const last = events.at(-1)
    if (last === undefined) {
      const start = initialStep(machine, options.input)
      result = { path: { state: start.snapshot as S, steps: [], weight: 0 }, taken: new Set(start.taken) }
    } else {
      const before = replay(events.slice(0, -1))
      const next = step(machine, before.path.state, last)
      const steps = [...before.path.steps, { event: last, state: next.snapshot }]
      result = {
        path: { state: next.snapshot, steps, weight: steps.length },
        taken: new Set([...before.taken, ...next.taken])
      }
    }
    replayed.set(key, result)
    return result
  }
  const walk = (events: ReadonlyArray<E>): StatePath<S, E> => replay(events).path

  // The first traversal is bounded; the adjacency map below walks the same graph again.
  const toVertex = new Map(
    model
      .getShortestPaths({ allowDuplicatePaths: true, ...boundedTraversal })
      .map((path) => [options.serialize(path.state), path] as const)
  )
  const edges: Array<Edge<S, E>> = Object.entries(model.getAdjacencyMap()).flatMap(([vertex, { transitions }]) => {
    const vertexPath = toVertex.get(vertex)
    if (vertexPath === undefined) throw new Error(`no path reaches ${vertex}`)
    // The head is replayed once per vertex; each outgoing edge is one step from it.
    const head = replay(vertexPath.steps.map((each) => each.event))
    const from = head.path.state
    const outgoing = Object.values(transitions as Record<string, { event: E }>)
    return outgoing.map(({ event }) => {
      const next = step(machine, from, event)
      const steps = [...head.path.steps, { event, state: next.snapshot }]
      const path = { state: next.snapshot, steps, weight: steps.length } as StatePath<S, E>
      const taken = new Set([...head.taken, ...next.taken])
      return { name: `${leafOf(from)} --${describeEvent(event)}--> ${leafOf(path.state)}`, from, event, path, taken }
    })
  })

  const nodes = getStateNodes(machine.root)
  const leafStates = nodes
    .filter((node) => node.type === "atomic" || node.type === "final")
    .map((node) => node.path.join("."))
    .sort()
  const declared = declaredTransitions(machine)
  // Eventless branches taken on the way into the initial state count too: every walk takes them.
  const taken = new Set<AnyTransitionDefinition>([
    ...initialStep(machine, options.input).taken,
    ...edges.flatMap((edge) => [...edge.taken])
  ])

  const reachedStates = [...new Set(edges.flatMap(({ from, path }) => [leafOf(from), leafOf(path.state)]))].sort()
  const untakenTransitions = untakenOf(machine, taken)

  /** The shortest walk taking each declared transition (anywhere along it). */
  const walksForEveryTransition = [
    ...new Set(
      declared
        .map(
          (definition) =>
            edges
              .filter((edge) => edge.taken.has(definition))
              .sort((a, b) => a.path.steps.length - b.path.steps.length)[0]
        )
        .filter((edge): edge is Edge<S, E> => edge !== undefined)
    )
  ]

  return { model, edges, leafStates, reachedStates, untakenTransitions, walksForEveryTransition, walk }
}

/** What a walk reports about coverage; several walks (one per input) cover a machine together. */
export interface WalkCoverage {
  readonly leafStates: ReadonlyArray<string>
  readonly reachedStates: ReadonlyArray<string>
  readonly untakenTransitions: ReadonlyArray<string>
}

/** The leaf states no walk reached, and the transitions no walk took (eventless and guarded branches included). */
export function combinedCoverage(walks: ReadonlyArray<WalkCoverage>): {
  unreached: Array<string>
  untaken: Array<string>
} {
  const reached = new Set(walks.flatMap((walk) => walk.reachedStates))
  const untakenBy = walks.map((walk) => new Set(walk.untakenTransitions))
  return {
    unreached: (walks[0]?.leafStates ?? []).filter((state) => !reached.has(state)),
    untaken: [...(untakenBy[0] ?? [])].filter((transition) => untakenBy.every((set) => set.has(transition)))
  }
}
