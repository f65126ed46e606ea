import { fromPromise } from "xstate"
import type { UserId } from "#domain/ids.ts"
import type { Unit } from "#domain/units.ts"
import type { Gateway } from "#gateway/gateway.ts"
import type { BuilderActorRef } from "../builder/builder.selectors.ts"

/** What the coach's unit needs: who they are, their preferences, and the builder to tell. */
export interface CoachUnitPorts {
  /** The signed-in coach; null (signed out meanwhile) leaves the unit unread. */
  readonly coachId: () => UserId | null
  readonly gateway: () => Promise<Pick<Gateway, "preferences">>
  readonly builder: Pick<BuilderActorRef, "send">
}

/** The coach's read and the builder's event, for `coachUnitMachine.provide(...)`. */
export function coachUnitImplementations(ports: CoachUnitPorts) {
  return {
    actors: {
      readUnit: fromPromise<Unit>(async () => {
        const coachId = ports.coachId()
        if (coachId === null) throw new Error("No coach is signed in")
        return (await (await ports.gateway()).preferences(coachId)).unit
      })
    },
    actions: {
      tellUnit: (_: unknown, unit: Unit) => ports.builder.send({ type: "unit.known", unit })
    }
  }
}
