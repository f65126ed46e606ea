import type { AnyStateMachine, AnyStateNode } from "xstate"

/**
 * The story-per-machine-state convention (docs/decisions/001-story-per-machine-state.md):
 * a story covers a state by declaring it in its parameters, usually the machine on the
 * meta and the state on the story:
 *
 *   parameters: { machine: "session", machineState: "signedIn.coach" }
 *
 * `machine` is the machine's folder name in src/machines; `machineState` is the dot path
 * of a leaf state (atomic or final), or a list of them for one configuration of
 * parallel regions. Compound and parallel states are covered through their leaves.
 */

export interface StoryDeclaration {
  /** "file.stories.tsx > ExportName", used in failure messages. */
  readonly story: string
  readonly parameters: Readonly<Record<string, unknown>> | undefined
}

export interface CoverageReport {
  /** "machine: state.path" of leaf states no story declares. */
  readonly missing: ReadonlyArray<string>
  /** Stories whose machine or machineState parameters name nothing that exists. */
  readonly invalid: ReadonlyArray<string>
}

function leafPaths(node: AnyStateNode): Array<string> {
  if (node.type === "history") return []
  const children = Object.values(node.states)
  if (children.length === 0) return [node.path.join(".")]
  return children.flatMap(leafPaths)
}

/** Dot paths of every state a snapshot can rest in, read from the machine definition. */
export function leafStatesOf(machine: AnyStateMachine): Array<string> {
  return leafPaths(machine.root)
}

function declaredStates(parameters: Readonly<Record<string, unknown>>): Array<string> | null {
  const value = parameters["machineState"]
  if (typeof value === "string") return [value]
  if (Array.isArray(value) && value.length > 0 && value.every((item) => typeof item === "string")) {
    return value
  }
  return null
}

export function storyCoverage(
  machines: Readonly<Record<string, AnyStateMachine>>,
  stories: ReadonlyArray<StoryDeclaration>
): CoverageReport {
  const leaves = new Map(Object.entries(machines).map(([name, machine]) => [name, new Set(leafStatesOf(machine))]))
  const covered = new Set<string>()
  const invalid: Array<string> = []

  for (const { story, parameters = {} } of stories) {
    const machine = parameters["machine"]
    const hasState = "machineState" in parameters
    if (machine === undefined && !hasState) continue
    const states = declaredStates(parameters)
    if (typeof machine !== "string" || states === null) {
      invalid.push(`${story}: needs both parameters.machine (a name) and parameters.machineState (a state path)`)
      continue
    }
    const known = leaves.get(machine)
    if (known === undefined) {
      invalid.push(`${story}: there is no machine "${machine}" in src/machines`)
      continue
    }
    for (const state of states) {
      if (known.has(state)) covered.add(`${machine}: ${state}`)
      else invalid.push(`${story}: "${state}" is not a leaf state of ${machine} (leaves: ${[...known].join(", ")})`)
    }
  }

  const missing = [...leaves].flatMap(([machine, states]) =>
    [...states].map((state) => `${machine}: ${state}`).filter((key) => !covered.has(key))
  )
  return { missing, invalid }
}
