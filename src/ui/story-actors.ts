import type { AnyActorRef, AnyMachineSnapshot, AnyStateMachine, StateValue } from "xstate"

/*
 * The actors the story on screen created, so a check after every story can prove the story
 * shows the machine state it declares (docs/decisions/001-story-per-machine-state.md,
 * .storybook/machine-state.ts). The story helpers (client/client-story.tsx,
 * account/session-story.tsx, coach/seeded-actor.tsx) register every actor they make; an
 * actor made any other way is invisible to the check, so its story fails. Stories only:
 * the app never imports this module.
 */

export interface StoryActor {
  /** The machine the actor runs, possibly `.provide()`d with stubs. */
  readonly machine: AnyStateMachine
  readonly actor: AnyActorRef
  /** Its snapshot when the story's play function first touched the page; undefined until then. */
  readonly beforeInteraction: AnyMachineSnapshot | undefined
}

const registered = new Map<AnyActorRef, { machine: AnyStateMachine; beforeInteraction?: AnyMachineSnapshot }>()
let interacted = false

const snapshotOf = (actor: AnyActorRef): AnyMachineSnapshot => actor.getSnapshot() as AnyMachineSnapshot

/** Called by the story helpers for each actor they create (again on re-render: idempotent). */
export function registerStoryActor(machine: AnyStateMachine, actor: AnyActorRef): void {
  if (!registered.has(actor)) registered.set(actor, { machine })
}

/** A new story starts: forget the previous story's actors. */
export function forgetStoryActors(): void {
  registered.clear()
  interacted = false
}

/** The play function is about to change what the story shows: keep what every actor showed until now. */
export function noteInteraction(): void {
  if (interacted) return
  interacted = true
  for (const [actor, entry] of registered) entry.beforeInteraction = snapshotOf(actor)
}

export function storyActors(): ReadonlyArray<StoryActor> {
  return [...registered].map(([actor, { machine, beforeInteraction }]) => ({ machine, actor, beforeInteraction }))
}

/** "workout.failed" -> { workout: "failed" }: a story's machineState as a state value. */
export const toStateValue = (path: string): StateValue =>
  path
    .split(".")
    .reverse()
    .reduce<StateValue>((inner, key, index) => (index === 0 ? key : { [key]: inner }), "")
