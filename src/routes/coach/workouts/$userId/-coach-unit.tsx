import type { Gateway } from "#gateway/gateway.ts"
import type { UserId } from "#domain/ids.ts"
import { coachUnitImplementations, type UnitListener } from "#machines/coach-unit/coach-unit.actors.ts"
import { coachUnitMachine } from "#machines/coach-unit/coach-unit.machine.ts"
import { useMountedMachine } from "../../../-mount.ts"

/**
 * The coach's own unit beside their day view, told to the day's machine, which shows every
 * weight in it (docs/decisions/038). Its own chunk, fetched after the day paints; until
 * then each weight reads in the unit it was stored in. It shows nothing itself.
 */
export default function CoachUnit({
  coachId,
  gateway,
  listener
}: {
  coachId: UserId
  gateway: Gateway
  listener: UnitListener
}) {
  useMountedMachine(coachUnitMachine, () => coachUnitImplementations({ coachId: () => coachId, gateway, listener }))
  return null
}
