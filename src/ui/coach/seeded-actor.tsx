import { useActorRef } from "@xstate/react"
import type { ReactNode } from "react"
import type { ActorRefFrom, AnyStateMachine, ContextFrom, InputFrom, StateValue } from "xstate"

// Stories and component tests seed a machine in one state (DESIGN section 4,
// docs/decisions/001) with actors that never answer unless the story says so.

/** "workout.failed" -> { workout: "failed" } */
export const toStateValue = (path: string): StateValue =>
  path
    .split(".")
    .reverse()
    .reduce<StateValue>((inner, key, index) => (index === 0 ? key : { [key]: inner }), "")

export function SeededActor<TMachine extends AnyStateMachine>({
  machine,
  state,
  context,
  input,
  children
}: {
  readonly machine: TMachine
  readonly state: string
  readonly context: ContextFrom<TMachine>
  readonly input: InputFrom<TMachine>
  readonly children: (actor: ActorRefFrom<TMachine>) => ReactNode
}) {
  const actor = useActorRef(machine, {
    input,
    snapshot: machine.resolveState({ value: toStateValue(state), context })
  }) as ActorRefFrom<TMachine>
  return <>{children(actor)}</>
}
