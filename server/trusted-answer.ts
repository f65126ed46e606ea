import * as HttpServerResponse from "effect/http/HttpServerResponse"
import type * as Schema from "effect/Schema"
import * as SchemaAST from "effect/SchemaAST"

/*
 * The hot answers' cheaper path (docs/decisions/053). The contract's encoder walks every
 * field of an answer and re-runs every check on values the server has just read from its
 * own typed rows; on the 28-day read that was over a quarter of the server's CPU. For a
 * success schema that encodes as itself (no transformation anywhere in it), the encoder's
 * output is the value, so `JSON.stringify` of the value is the same answer. The browser
 * still decodes every answer with every check.
 */

/** Whether every node of `ast` encodes a value as the value itself (checks are allowed: they only refuse). */
export function encodesAsItself(ast: SchemaAST.AST, seen: Set<SchemaAST.AST> = new Set()): boolean {
  if (seen.has(ast)) return true
  seen.add(ast)
  if (ast.encoding !== undefined) return false
  switch (ast._tag) {
    // Classes, dates and other declared types have encodings of their own.
    case "Declaration":
    case "BigInt":
    case "Symbol":
    case "UniqueSymbol":
      return false
    case "Objects":
      return (
        ast.propertySignatures.every((property) => encodesAsItself(property.type, seen)) &&
        ast.indexSignatures.every((index) => encodesAsItself(index.type, seen))
      )
    case "Arrays":
      return [...ast.elements, ...ast.rest].every((element) => encodesAsItself(element, seen))
    case "Union":
      return ast.types.every((member) => encodesAsItself(member, seen))
    case "Suspend":
      return encodesAsItself(ast.thunk(), seen)
    default:
      return true
  }
}

/**
 * A 200 answer for values of `schema` built by the server from its own rows, written as the
 * contract's encoder would write them. Refuses, when the server starts, a schema whose
 * encoding changes a value: its answers must go through the encoder.
 */
export function trustedAnswer<S extends Schema.Top>(
  schema: S
): (value: S["Type"]) => HttpServerResponse.HttpServerResponse {
  if (!encodesAsItself(schema.ast))
    throw new Error("trustedAnswer: this schema transforms values when encoding; answer through the contract")
  return (value) => HttpServerResponse.text(JSON.stringify(value), { status: 200, contentType: "application/json" })
}
