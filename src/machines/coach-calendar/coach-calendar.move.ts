import { hasTag } from "#domain/declared-errors.ts"
import { describeFailure } from "../failure-text.ts"

export const MOVE_GONE =
  "This workout is no longer where the calendar showed it: it was moved or removed meanwhile. Cancel to see the calendar as it is now."
export const MOVE_CLIENT_GONE = "This client is no longer on your list, so their workouts cannot be moved."

/** Why a move failed, in words a coach can act on: the server's refusals by tag, anything else as every screen says it. */
export const moveFailureText = (error: unknown): string => {
  if (hasTag(error, "WorkoutNotFound")) return MOVE_GONE
  if (hasTag(error, "ClientNotFound", "Forbidden")) return MOVE_CLIENT_GONE
  return `The workout was not moved. ${describeFailure(error)}`
}
