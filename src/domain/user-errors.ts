import * as Schema from "effect/Schema"
import { coded } from "./api-errors.ts"

/* The refusals about a person's account that a screen reacts to (docs/decisions/045-domain-errors.md). */

export class AlreadySignedUp extends Schema.Error<AlreadySignedUp>("AlreadySignedUp")(coded("AlreadySignedUp"), {
  httpApiStatus: 409,
  description: "This sign-in already has an account"
}) {
  readonly _tag = "AlreadySignedUp" as const
}

export class EmailTaken extends Schema.Error<EmailTaken>("EmailTaken")(coded("EmailTaken"), {
  httpApiStatus: 409,
  description: "Another account already has this email"
}) {
  readonly _tag = "EmailTaken" as const
}

/** Inviting clients and answering invitations need an email Firebase vouches for (docs/decisions/033). */
export class EmailNotVerified extends Schema.Error<EmailNotVerified>("EmailNotVerified")(coded("EmailNotVerified"), {
  httpApiStatus: 403,
  description: "The caller's email address is not verified yet"
}) {
  readonly _tag = "EmailNotVerified" as const
}
