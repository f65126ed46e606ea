/**
 * Shared by the client machines' path tests: walks a machine's model with xstate/graph
 * (shortest path to every vertex, then every transition leaving it) and reports which
 * declared states and transitions the walk reached, so a test can demand all of them.
 */
import {
  initialTransition,
  transition,
  type AnyMachineSnapshot,
  type AnyStateMachine,
  type AnyStateNode,
  type AnyTransitionDefinition,
  type EventObject
} from "xstate"
import { getStateNodes, TestModel, type StatePath } from "xstate/graph"

export interface Edge<S extends AnyMachineSnapshot, E extends EventObject> {
  readonly name: string
  readonly from: S
  readonly event: E
  readonly path: StatePath<S, E>
}

export interface ModelOptions<S, E> {
  readonly input: unknown
  /** One event per branch of every guard, given the current snapshot. */
  readonly events: (snapshot: S) => ReadonlyArray<E>
  /** What tells two vertices apart: the state plus whatever guards read. */
  readonly serialize: (snapshot: S) => string
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

  // Vertices merge snapshots that differ only in what no guard reads, so snapshots
  // are recomputed from a path's events rather than taken from the vertices.
  const walk = (events: ReadonlyArray<E>): StatePath<S, E> => {
    let [snapshot] = initialTransition(machine, options.input) as unknown as [S]
    const steps = events.map((event) => {
      ;[snapshot] = transition(machine, snapshot as never, event) as unknown as [S]
      return { event, state: snapshot }
    })
    return { state: snapshot, steps, weight: steps.length }
  }

  const toVertex = new Map(
    model.getShortestPaths({ allowDuplicatePaths: true }).map((path) => [options.serialize(path.state), path] as const)
  )
  const edges: Array<Edge<S, E>> = Object.entries(model.getAdjacencyMap()).flatMap(([vertex, { transitions }]) => {
    const head = toVertex.get(vertex)
    if (head === undefined) throw new Error(`no path reaches ${vertex}`)
    const headEvents = head.steps.map((step) => step.event)
    const from = walk(headEvents).state
    const outgoing = Object.values(transitions as Record<string, { event: E }>)
    return outgoing.map(({ event }) => {
      const path = walk([...headEvents, event])
      return { name: `${leafOf(from)} --${describeEvent(event)}--> ${leafOf(path.state)}`, from, event, path }
    })
  })

  const nodes = getStateNodes(machine.root)
  const leafStates = nodes
    .filter((node) => node.type === "atomic" || node.type === "final")
    .map((node) => node.path.join("."))
    .sort()
  const declared = nodes.flatMap((node: AnyStateNode) => [...node.transitions.values()].flat())
  const takenBy = new Map(edges.map((edge) => [edge, machine.getTransitionData(edge.from, edge.event)]))
  const taken = new Set<AnyTransitionDefinition>([...takenBy.values()].flat())

  const reachedStates = [...new Set(edges.flatMap(({ from, path }) => [leafOf(from), leafOf(path.state)]))].sort()
  const untakenTransitions = declared
    .filter((definition) => !taken.has(definition))
    .map((definition) => `${definition.source.path.join(".") || "(root)"} on ${definition.eventType}`)

  /** The shortest walk taking each declared transition. */
  const walksForEveryTransition = [
    ...new Set(
      declared
        .map(
          (definition) =>
            edges
              .filter((edge) => takenBy.get(edge)?.includes(definition))
              .sort((a, b) => a.path.steps.length - b.path.steps.length)[0]
        )
        .filter((edge): edge is Edge<S, E> => edge !== undefined)
    )
  ]

  return { model, edges, leafStates, reachedStates, untakenTransitions, walksForEveryTransition, walk }
}
