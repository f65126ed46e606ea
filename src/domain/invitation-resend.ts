import * as Schema from "effect/Schema"
import { ClientKey } from "./workout.ts"

/**
 * A coach sends an open invitation's email again (docs/decisions/033-coaching-by-consent.md):
 * the entry's key on their list, `pending:<email>`, as withdrawing it takes.
 */
export const ResendInvitationPayload = Schema.Struct({ clientKey: ClientKey })
export type ResendInvitationPayload = typeof ResendInvitationPayload.Type

/** One resend of an invitation every ten minutes: a reminder, not a way to flood an inbox. */
export const RESEND_INTERVAL_MS = 10 * 60 * 1000

/** When the coach may resend, in whole minutes rounded up (never "0 minutes"). */
export const resendTooSoonMessage = (waitMs: number): string => {
  const minutes = Math.max(1, Math.ceil(waitMs / 60_000))
  return `This invitation was sent again a moment ago; you can resend it in ${minutes} minute${minutes === 1 ? "" : "s"}`
}
