import * as Schema from "effect/Schema"
import { coded } from "./api-errors.ts"

/* The refusals of the import calls a screen reacts to (docs/decisions/045-domain-errors.md). */

export class ImportNotFound extends Schema.Error<ImportNotFound>("ImportNotFound")(coded("ImportNotFound"), {
  httpApiStatus: 404,
  description: "No import with this id among the caller's own"
}) {
  readonly _tag = "ImportNotFound" as const
}

export class UndoWindowPassed extends Schema.Error<UndoWindowPassed>("UndoWindowPassed")(coded("UndoWindowPassed"), {
  httpApiStatus: 409,
  description: "The import is older than a day (or already undone): it stays"
}) {
  readonly _tag = "UndoWindowPassed" as const
}

/** A chunk that names an import key another file's import already used. */
export class ImportKeyReused extends Schema.Error<ImportKeyReused>("ImportKeyReused")(coded("ImportKeyReused"), {
  httpApiStatus: 409,
  description: "This import_key belongs to an import of another source or file, or one undone"
}) {
  readonly _tag = "ImportKeyReused" as const
}
