import { useActorRef } from "@xstate/react"
import type { ReactNode } from "react"
import type { ActorRefFrom, AnyStateMachine, ContextFrom, InputFrom } from "xstate"
import { registerStoryActor, toStateValue } from "#ui/story-actors.ts"

// Stories and component tests seed a machine in one state (DESIGN section 4,
// docs/decisions/001) with actors that never answer unless the story says so. The actor
// is registered (#ui/story-actors.ts) for the check that the story shows the state it declares.

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
  registerStoryActor(machine, actor)
  return <>{children(actor)}</>
}
