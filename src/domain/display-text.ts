import * as Schema from "effect/Schema"

/*
 * Text that people type and other people read: user names and exercise names. It is
 * shown on screens, written to logs and stored in PostgreSQL, so it may hold no
 * character that is invisible or acts on its reader instead of being read
 * (docs/decisions/013-input-bounds.md):
 *
 * - control characters (Unicode Cc): NUL, which PostgreSQL text cannot store, ESC, which
 *   starts a terminal escape sequence in whatever prints it, tabs and newlines, DEL, C1;
 * - format characters (Cf): right-to-left overrides and isolates (U+202A-U+202E,
 *   U+2066-U+2069) that reorder the text around them, zero-width spaces and joiners
 *   (U+200B-U+200D), the byte-order mark U+FEFF, the soft hyphen;
 * - lone surrogates (Cs), which are no character at all, and the line and paragraph
 *   separators U+2028/U+2029 (Zl, Zp).
 *
 * And it needs one visible character: a letter, digit, punctuation mark or symbol that is
 * not one of Unicode's default-ignorable code points (U+3164 HANGUL FILLER looks like a
 * letter to the first rule and like nothing on screen).
 */

const REFUSED = /[\p{Cc}\p{Cf}\p{Cs}\p{Zl}\p{Zp}]/u
const VISIBLE = /(?!\p{Default_Ignorable_Code_Point})[\p{L}\p{N}\p{P}\p{S}]/u

/** True when the text holds no control, format or separator character, nor a lone surrogate. */
export const hasOnlyPrintableCharacters = (text: string): boolean => !REFUSED.test(text)

/** True when at least one character of the text shows on screen. */
export const hasVisibleCharacter = (text: string): boolean => VISIBLE.test(text)

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
