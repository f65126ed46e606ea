import * as Effect from "effect/Effect"
import * as HttpApiMiddleware from "effect/http-api/HttpApiMiddleware"
import * as SchemaIssue from "effect/SchemaIssue"
import { InputValidation } from "#domain/api.ts"
import { BadRequest } from "#domain/api-errors.ts"

const formatIssues = SchemaIssue.makeFormatterStandardSchemaV1()

const SLOT_NAMES = { Params: "path", Query: "query", Payload: "body", Headers: "headers" } as const

const segment = (key: PropertyKey | { readonly key: PropertyKey }): PropertyKey =>
  typeof key === "object" ? key.key : key

/** ["workout", 0, "sets", 1, "fields"] -> "workout[0].sets[1].fields" */
export function formatPath(path: ReadonlyArray<PropertyKey | { readonly key: PropertyKey }>): string {
  return path.reduce<string>((text, part) => {
    const key = segment(part)
    if (typeof key === "number") return `${text}[${key}]`
    return text === "" ? String(key) : `${text}.${String(key)}`
  }, "")
}

const MAX_REPORTED = 3

/**
 * A request that does not decode becomes 400 {"error": "<field>: <what is wrong>"}.
 * A response that does not encode is our bug, so it stays a defect (500).
 */
export const InputValidationLive = HttpApiMiddleware.layerSchemaErrorTransform(InputValidation, (schemaError) => {
  if (schemaError.kind === "Body" || schemaError.kind === "ResponseHeaders") return Effect.die(schemaError)
  const slot = SLOT_NAMES[schemaError.kind]
  const issues = formatIssues(schemaError.cause.issue).issues
  const parts = issues.slice(0, MAX_REPORTED).map((issue) => {
    const field = formatPath(issue.path ?? []) || slot
    const message = issue.message === "Missing key" ? "is required" : issue.message
    return `${field}: ${message}`
  })
  return Effect.fail(new BadRequest({ error: parts.join("; ") || `${slot}: is not valid` }))
})
