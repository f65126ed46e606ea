import { fromPromise } from "xstate"
import type { UserId } from "#domain/ids.ts"
import type { Unit } from "#domain/units.ts"
import type { Gateway } from "#gateway/gateway.ts"

/** A screen's machine that shows weights in the coach's unit: the builder, the coach's day. */
export interface UnitListener {
  readonly send: (event: { readonly type: "unit.known"; readonly unit: Unit }) => void
}

/** What the coach's unit needs: who they are, their preferences, and the screen's machine to tell. */
export interface CoachUnitPorts {
  /** The signed-in coach; null (signed out meanwhile) leaves the unit unread. */
  readonly coachId: () => UserId | null
  readonly gateway: Pick<Gateway, "preferences">
  readonly listener: UnitListener
}

/** The coach's read and the screen's event, for `coachUnitMachine.provide(...)`. */
export function coachUnitImplementations(ports: CoachUnitPorts) {
  return {
    actors: {
      readUnit: fromPromise<Unit>(async () => {
        const coachId = ports.coachId()
        if (coachId === null) throw new Error("No coach is signed in")
        return (await ports.gateway.preferences(coachId)).unit
      })
    },
    actions: {
      tellUnit: (_: unknown, unit: Unit) => ports.listener.send({ type: "unit.known", unit })
    }
  }
}
