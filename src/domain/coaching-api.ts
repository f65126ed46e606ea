/**
 * The contract of coaching by consent (docs/decisions/033-coaching-by-consent.md): the same
 * stage, middleware and error bodies as `Api` (./api.ts), in a contract of its own so the
 * gateway chunk every signed-in screen loads does not carry it (as ./chat-api.ts). The
 * server serves and documents it with the others (server/api.ts).
 */
import * as HttpApi from "effect/http-api/HttpApi"
import * as HttpApiEndpoint from "effect/http-api/HttpApiEndpoint"
import * as HttpApiGroup from "effect/http-api/HttpApiGroup"
import * as OpenApi from "effect/http-api/OpenApi"
import { API_STAGE, Authentication, InputValidation } from "./api.ts"
import { Conflict, Forbidden, NotFound } from "./api-errors.ts"
import { ClientKeyParam, Coaching, InvitationId } from "./coaching.ts"
import { ClientLookup } from "./workout.ts"

export const CoachingGroup = HttpApiGroup.make("coaching").add(
  HttpApiEndpoint.get("coaching", "/api/coaching", {
    success: Coaching,
    error: Forbidden
  }).annotate(
    OpenApi.Description,
    "The signed-in client's coach (or null) and the invitations addressed to their verified email, oldest first. A coach's call is a 403."
  ),
  HttpApiEndpoint.post("acceptInvitation", "/api/coaching/invitations/:invitationId/accept", {
    params: { invitationId: InvitationId },
    success: Coaching,
    error: [Forbidden, NotFound, Conflict]
  }).annotate(
    OpenApi.Description,
    "The client accepts one invitation: that coach is now their coach. An unverified email is a 403; an invitation not addressed to the caller is a 404; a client who already has a coach is a 409 (end that link first). The other invitations stay, for the client to decline."
  ),
  HttpApiEndpoint.post("declineInvitation", "/api/coaching/invitations/:invitationId/decline", {
    params: { invitationId: InvitationId },
    success: Coaching,
    error: [Forbidden, NotFound]
  }).annotate(
    OpenApi.Description,
    "The client declines one invitation; the coach's list shows it declined until they remove it."
  ),
  HttpApiEndpoint.delete("endCoaching", "/api/coaching/coach", {
    success: Coaching,
    error: [Forbidden, NotFound]
  }).annotate(
    OpenApi.Description,
    "The client ends the link with their coach: the history stays, the coach's access ends. No coach is a 404."
  )
)

export const CoachLinksGroup = HttpApiGroup.make("coachLinks").add(
  HttpApiEndpoint.delete("removeClient", "/api/clients/:clientKey", {
    params: { clientKey: ClientKeyParam },
    success: ClientLookup,
    error: [Forbidden, NotFound]
  }).annotate(
    OpenApi.Description,
    "The coach ends the link with a client (key: their id) or withdraws an invitation (key: `pending:<email>`), declined ones included. The history stays; access ends. Answers the updated client lookup table."
  )
)

export const CoachingApi = HttpApi.make("strength-coach-coaching")
  .add(CoachingGroup, CoachLinksGroup)
  .middleware(InputValidation)
  .middleware(Authentication)
  .prefix(API_STAGE)

export type CoachingApi = typeof CoachingApi
