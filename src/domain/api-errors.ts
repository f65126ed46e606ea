import * as Schema from "effect/Schema"

/**
 * The API's generic errors, for refusals no screen tells apart: each answers the body
 * {"error": "<message>"} and nothing else; the `_tag` lives on the class (not on the
 * wire). Refusals that mean something (a workout not found, logged results in the way)
 * are domain errors of their own, which add their `code` to the body (./workout-errors.ts
 * and the other *-errors.ts; docs/decisions/045-domain-errors.md).
 */
const ErrorBody = { error: Schema.String }

/** A domain error's body: the API's message plus the `code` a client decodes the class by. */
export const coded = <Tag extends string>(tag: Tag) => ({ ...ErrorBody, code: Schema.tag(tag) })

export class BadRequest extends Schema.Error<BadRequest>("BadRequest")(ErrorBody, {
  httpApiStatus: 400,
  description: "The request is malformed; the message names the field"
}) {
  readonly _tag = "BadRequest" as const
}

export class Unauthorized extends Schema.Error<Unauthorized>("Unauthorized")(ErrorBody, {
  httpApiStatus: 401,
  description: "Missing, malformed or expired Firebase ID token"
}) {
  readonly _tag = "Unauthorized" as const
}

export class Forbidden extends Schema.Error<Forbidden>("Forbidden")(ErrorBody, {
  httpApiStatus: 403,
  description: "The caller may not do this"
}) {
  readonly _tag = "Forbidden" as const
}

export class NotFound extends Schema.Error<NotFound>("NotFound")(ErrorBody, {
  httpApiStatus: 404,
  description: "Nothing the caller can see exists here"
}) {
  readonly _tag = "NotFound" as const
}

export class Conflict extends Schema.Error<Conflict>("Conflict")(ErrorBody, {
  httpApiStatus: 409,
  description: "The request conflicts with what is already stored"
}) {
  readonly _tag = "Conflict" as const
}
