/**
 * Who coaches whom, by consent (docs/decisions/033-coaching-by-consent.md): a coach's
 * invitation is a request the client accepts or declines; either of them can end the link,
 * which keeps the history and ends the coach's access.
 */
import * as Schema from "effect/Schema"
import { Instant } from "./chat.ts"
import { UserId } from "./ids.ts"
import { ClientKey } from "./workout.ts"
import { Email, PersonName } from "./user.ts"
import { MAX_DATABASE_ID } from "./plain-bounds.ts"

/** Database id of one invitation (a coach_clients row). Wire: positive integer. */
export const InvitationId = Schema.Number.annotate({ message: "invitation id must be a number" })
  .check(
    Schema.isInt({ message: "invitation id must be a whole number" }),
    Schema.isGreaterThan(0, { message: "invitation id must be a positive whole number" }),
    Schema.isLessThanOrEqualTo(MAX_DATABASE_ID, { message: `invitation id must be at most ${MAX_DATABASE_ID}` })
  )
  .pipe(Schema.brand("InvitationId"))
export type InvitationId = typeof InvitationId.Type

/** A coach's invitation as the client it is addressed to sees it. */
export const CoachInvitation = Schema.Struct({
  invitationId: InvitationId,
  coachName: PersonName,
  coachEmail: Email,
  invitedAt: Instant
})
export type CoachInvitation = typeof CoachInvitation.Type

/** The client's coach while they are linked. */
export const CurrentCoach = Schema.Struct({
  coachId: UserId,
  name: PersonName,
  email: Email,
  since: Instant
})
export type CurrentCoach = typeof CurrentCoach.Type

/**
 * GET /api/coaching: the signed-in client's side of coaching. `emailVerified` is the
 * server's view: invitations are shown only to an inbox Firebase vouches for, so while it
 * is false `invitations` is empty and the screen says why.
 */
export const Coaching = Schema.Struct({
  coach: Schema.NullOr(CurrentCoach),
  invitations: Schema.Array(CoachInvitation),
  emailVerified: Schema.Boolean
})
export type Coaching = typeof Coaching.Type

/** Path of DELETE /api/clients/{clientKey}: a linked client's id, or `pending:<email>`. */
export const ClientKeyParam = ClientKey
