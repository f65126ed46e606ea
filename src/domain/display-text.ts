import * as Schema from "effect/Schema"

import { hasOnlyPrintableCharacters, hasVisibleCharacter } from "./plain-bounds.ts"

// What a name may hold, and why, is in plain-bounds.ts (free of Effect, for the plain guards too).

/**
 * A name as the contract accepts it: trimmed, 1..maxLength characters, printable only,
 * at least one of them visible. Every message starts with `what`, so a refused name
 * says which one it was even where the field path does not.
 */
export const displayName = (what: string, maxLength: number) =>
  Schema.String.annotate({ message: `${what} must be a string` }).check(
    Schema.isTrimmed({ message: `${what} must not start or end with spaces` }),
    Schema.isNonEmpty({ message: `${what} must not be empty` }),
    Schema.isMaxLength(maxLength, { message: `${what} must be at most ${maxLength} characters` }),
    Schema.makeFilter(hasOnlyPrintableCharacters, {
      message: `${what} must not contain control or invisible formatting characters`
    }),
    Schema.makeFilter(hasVisibleCharacter, { message: `${what} must contain at least one visible character` })
  )
