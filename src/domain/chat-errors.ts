import * as Schema from "effect/Schema"
import { coded } from "./api-errors.ts"

/*
 * The refusals of chat and comments a screen reacts to (docs/decisions/045-domain-errors.md).
 * An id is made on the device, so sending it again is the same message; these say it named
 * another one.
 */

export class MessageIdTaken extends Schema.Error<MessageIdTaken>("MessageIdTaken")(coded("MessageIdTaken"), {
  httpApiStatus: 409,
  description: "The id is already used for another message; a new message needs a new id"
}) {
  readonly _tag = "MessageIdTaken" as const
}

export class CommentIdTaken extends Schema.Error<CommentIdTaken>("CommentIdTaken")(coded("CommentIdTaken"), {
  httpApiStatus: 409,
  description: "The id is already used for another comment; a new comment needs a new id"
}) {
  readonly _tag = "CommentIdTaken" as const
}
