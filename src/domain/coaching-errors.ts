import * as Schema from "effect/Schema"
import { coded } from "./api-errors.ts"

/*
 * The refusals of coaching by consent (docs/decisions/033-coaching-by-consent.md) that the
 * screens say in their own words (docs/decisions/045-domain-errors.md).
 */

export class NoCoach extends Schema.Error<NoCoach>("NoCoach")(coded("NoCoach"), {
  httpApiStatus: 404,
  description: "The client has no coach (to talk to, comment to or stop training with)"
}) {
  readonly _tag = "NoCoach" as const
}

export class AlreadyCoached extends Schema.Error<AlreadyCoached>("AlreadyCoached")(coded("AlreadyCoached"), {
  httpApiStatus: 409,
  description: "The client already has a coach; that coaching ends first"
}) {
  readonly _tag = "AlreadyCoached" as const
}

export class InvitationNotFound extends Schema.Error<InvitationNotFound>("InvitationNotFound")(
  coded("InvitationNotFound"),
  { httpApiStatus: 404, description: "No open invitation with this id addressed to the caller" }
) {
  readonly _tag = "InvitationNotFound" as const
}

export class ResendTooSoon extends Schema.Error<ResendTooSoon>("ResendTooSoon")(coded("ResendTooSoon"), {
  httpApiStatus: 429,
  description: "This invitation's email was sent again too recently; the message says when it may be resent"
}) {
  readonly _tag = "ResendTooSoon" as const
}
