import { useActorRef } from "@xstate/react"
import { useState } from "react"
import type { ActorOptions, ActorRefFrom, AnyStateMachine } from "xstate"

/** What `machine.provide` takes: the machine's actors, actions, guards and delays by name. */
export type ImplementationsOf<M extends AnyStateMachine> = Parameters<M["provide"]>[0]

/**
 * The one way a route mounts a machine (docs/architecture.md). The machine's own
 * `<name>Implementations(ports)` fills in its actors and actions, navigation and browser
 * effects included; that happens once, on mount, and the actor lives as long as the
 * component. A route that needs a new actor for new params gives the component a `key`.
 */
export function useMountedMachine<M extends AnyStateMachine>(
  machine: M,
  implementations: () => ImplementationsOf<M>,
  options?: ActorOptions<M>
): ActorRefFrom<M> {
  const [logic] = useState(() => machine.provide(implementations()) as M)
  return useActorRef(logic, options) as ActorRefFrom<M>
}
