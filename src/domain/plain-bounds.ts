/*
 * Bounds of the contract as plain values and predicates, free of Effect: the schemas
 * (ids.ts, display-text.ts, user.ts) use them, and so do the plain guards the signed-out
 * screens run (session-user.ts, firebase-uid.ts), which must not load Effect (ADR 011).
 * docs/decisions/013-input-bounds.md says why each bound is where it is.
 */

/**
 * The largest id the database can hold: ids are PostgreSQL `integer` (serial) columns.
 * A larger number names nothing, and sent to the database it is an error there, so the
 * contract refuses it as bad input.
 */
export const MAX_DATABASE_ID = 2_147_483_647

/*
 * Text that people type and other people read (names) is shown on screens, written to
 * logs and stored in PostgreSQL, so it may hold no character that is invisible or acts on
 * its reader instead of being read:
 *
 * - control characters (Unicode Cc): NUL, which PostgreSQL text cannot store, ESC, which
 *   starts a terminal escape sequence in whatever prints it, tabs and newlines, DEL, C1;
 * - format characters (Cf): right-to-left overrides and isolates (U+202A-U+202E,
 *   U+2066-U+2069) that reorder the text around them, zero-width spaces and joiners
 *   (U+200B-U+200D), the byte-order mark U+FEFF, the soft hyphen;
 * - lone surrogates (Cs), which are no character at all, and the line and paragraph
 *   separators U+2028/U+2029 (Zl, Zp).
 *
 * And a name needs one visible character: a letter, digit, punctuation mark or symbol
 * that is not one of Unicode's default-ignorable code points (U+3164 HANGUL FILLER is a
 * letter to the first rule and nothing on screen).
 */
const REFUSED = /[\p{Cc}\p{Cf}\p{Cs}\p{Zl}\p{Zp}]/u
const VISIBLE = /(?!\p{Default_Ignorable_Code_Point})[\p{L}\p{N}\p{P}\p{S}]/u

/** True when the text holds no control, format or separator character, nor a lone surrogate. */
export const hasOnlyPrintableCharacters = (text: string): boolean => !REFUSED.test(text)

/** True when at least one character of the text shows on screen. */
export const hasVisibleCharacter = (text: string): boolean => VISIBLE.test(text)

/** A whole number the database can hold as an id (1..MAX_DATABASE_ID). */
export const isDatabaseId = (value: unknown): value is number =>
  typeof value === "number" && Number.isInteger(value) && value > 0 && value <= MAX_DATABASE_ID
