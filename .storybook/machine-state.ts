import type { Preview } from "@storybook/react-vite"
import type { AnyMachineSnapshot, AnyStateMachine } from "xstate"
import {
  forgetStoryActors,
  noteInteraction,
  storyActors,
  toStateValue,
  type StoryActor
} from "../src/ui/story-actors.ts"

/*
 * A story that declares `parameters: { machine, machineState }` (docs/decisions/001) must
 * show that state: after the story, one actor of that machine registered by the story
 * helpers (src/ui/story-actors.ts) must be in it, either when the play function first
 * touched the page (the state the story opens on; play may go on from there, as when it
 * clicks "Next week") or when the story ends (a story started from input, given a moment
 * for its invoked promises to settle). No registered actor of the machine fails too: the
 * state would be claimed with nothing showing it.
 */

/** Events by which a play function (or a person) changes what a story shows. */
const INTERACTIONS = ["pointerdown", "mousedown", "keydown", "input", "change", "click", "submit"] as const

const declaredStates = (value: unknown): ReadonlyArray<string> | null =>
  typeof value === "string"
    ? [value]
    : Array.isArray(value) && value.length > 0 && value.every((item) => typeof item === "string")
      ? value
      : null

/** An actor that stopped on an error shows the error, not the state it stopped in. */
const showsAll = (snapshot: AnyMachineSnapshot | undefined, states: ReadonlyArray<string>): boolean =>
  snapshot !== undefined &&
  snapshot.status !== "error" &&
  states.every((state) => snapshot.matches(toStateValue(state)))

const describe = (snapshot: AnyMachineSnapshot): string =>
  snapshot.status === "error"
    ? `stopped with an error (${String(snapshot.error)})`
    : `is in ${JSON.stringify(snapshot.value)}${snapshot.status === "done" ? " (done)" : ""}`

/** `.provide()` makes a new machine from the same config: an actor of either runs this chart. */
const runs = (machine: AnyStateMachine) => (entry: StoryActor) => entry.machine.config === machine.config

const current = (entry: StoryActor): AnyMachineSnapshot => entry.actor.getSnapshot() as AnyMachineSnapshot

/**
 * Why the story's actors do not show the state its parameters declare, or undefined when
 * they do (or when the story declares no state). Waits up to `settleMs` for a started
 * actor to reach it.
 */
export async function machineStateProblem(
  machines: Readonly<Record<string, AnyStateMachine>>,
  parameters: Readonly<Record<string, unknown>>,
  actors: () => ReadonlyArray<StoryActor>,
  settleMs = 1_000
): Promise<string | undefined> {
  if (!("machineState" in parameters)) return undefined
  const name = parameters["machine"]
  const states = declaredStates(parameters["machineState"])
  const machine = typeof name === "string" ? machines[name] : undefined
  if (typeof name !== "string" || machine === undefined || states === null) {
    return `parameters.machine (${JSON.stringify(name)}) must name a machine in src/machines and parameters.machineState a leaf path or a list of them`
  }
  const wanted = states.join(" + ")
  const deadline = Date.now() + settleMs
  for (;;) {
    const candidates = actors().filter(runs(machine))
    if (candidates.length === 0) {
      return `the story declares ${name} in "${wanted}" but created no actor of ${name} through a story helper (useSeededActor, useStartedActor, SeededActor, SeededSession), so nothing shows that state`
    }
    if (candidates.some((entry) => showsAll(entry.beforeInteraction, states) || showsAll(current(entry), states))) {
      return undefined
    }
    if (Date.now() >= deadline) {
      const seen = candidates.map((entry) =>
        entry.beforeInteraction === undefined
          ? `its actor ${describe(current(entry))}`
          : `its actor ${describe(entry.beforeInteraction)} when play first interacted and then ${describe(current(entry))}`
      )
      return `the story declares ${name} in "${wanted}", but ${seen.join("; ")}`
    }
    await new Promise((resolve) => setTimeout(resolve, 20))
  }
}

/** Preview hooks: a fresh registry before every story, the check after it. */
export function machineStateHooks(
  machines: Readonly<Record<string, AnyStateMachine>>,
  settleMs?: number
): Required<Pick<Preview, "beforeEach" | "afterEach">> {
  return {
    beforeEach: () => {
      forgetStoryActors()
      for (const type of INTERACTIONS) window.addEventListener(type, noteInteraction, { capture: true })
      return () => {
        for (const type of INTERACTIONS) window.removeEventListener(type, noteInteraction, { capture: true })
      }
    },
    afterEach: async ({ parameters }) => {
      const problem = await machineStateProblem(machines, parameters, storyActors, settleMs)
      if (problem !== undefined) throw new Error(problem)
    }
  }
}
