/**
 * The contract of coaching by consent (docs/decisions/033-coaching-by-consent.md): the same
 * stage, middleware and error bodies as `Api` (./api.ts), in a contract of its own so the
 * gateway chunk every signed-in screen loads does not carry it (as ./chat-api.ts). The
 * server serves and documents it with the others (server/api.ts).
 */
import * as HttpApi from "effect/http-api/HttpApi"
import * as HttpApiEndpoint from "effect/http-api/HttpApiEndpoint"
import * as HttpApiGroup from "effect/http-api/HttpApiGroup"
import { API_STAGE, Authentication, InputValidation } from "./api.ts"
import { Forbidden, NotFound } from "./api-errors.ts"
import { AlreadyCoached, InvitationNotFound, NoCoach } from "./coaching-errors.ts"
import { EmailNotVerified } from "./user-errors.ts"
import { ClientKeyParam, Coaching, InvitationId } from "./coaching.ts"
import { ClientLookup } from "./workout.ts"

export const CoachingGroup = HttpApiGroup.make("coaching").add(
  HttpApiEndpoint.get("coaching", "/api/coaching", {
    success: Coaching,
    error: Forbidden
  }),
  HttpApiEndpoint.post("acceptInvitation", "/api/coaching/invitations/:invitationId/accept", {
    params: { invitationId: InvitationId },
    success: Coaching,
    error: [EmailNotVerified, Forbidden, InvitationNotFound, AlreadyCoached]
  }),
  HttpApiEndpoint.post("declineInvitation", "/api/coaching/invitations/:invitationId/decline", {
    params: { invitationId: InvitationId },
    success: Coaching,
    error: [EmailNotVerified, Forbidden, InvitationNotFound]
  }),
  HttpApiEndpoint.delete("endCoaching", "/api/coaching/coach", {
    success: Coaching,
    error: [Forbidden, NoCoach]
  })
)

export const CoachLinksGroup = HttpApiGroup.make("coachLinks").add(
  HttpApiEndpoint.delete("removeClient", "/api/clients/:clientKey", {
    params: { clientKey: ClientKeyParam },
    success: ClientLookup,
    error: [Forbidden, NotFound]
  })
)

export const CoachingApi = HttpApi.make("strength-coach-coaching")
  .add(CoachingGroup, CoachLinksGroup)
  .middleware(InputValidation)
  .middleware(Authentication)
  .prefix(API_STAGE)

export type CoachingApi = typeof CoachingApi
