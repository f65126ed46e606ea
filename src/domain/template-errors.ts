import * as Schema from "effect/Schema"
import { coded } from "./api-errors.ts"

/* The refusals of the template calls a screen reacts to (docs/decisions/045-domain-errors.md). */

export class TemplateNameTaken extends Schema.Error<TemplateNameTaken>("TemplateNameTaken")(
  coded("TemplateNameTaken"),
  { httpApiStatus: 409, description: "The coach already has a template of this name with other content" }
) {
  readonly _tag = "TemplateNameTaken" as const
}

export class TemplateNotFound extends Schema.Error<TemplateNotFound>("TemplateNotFound")(coded("TemplateNotFound"), {
  httpApiStatus: 404,
  description: "No template with this id among the coach's templates"
}) {
  readonly _tag = "TemplateNotFound" as const
}
