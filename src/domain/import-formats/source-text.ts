import type { ImportSource } from "../history-import.ts"
import { hasVisibleCharacter } from "../plain-bounds.ts"
import { MAX_SESSION_KEY_LENGTH } from "./import-bounds.ts"

/*
 * The text of an exported file's cells: header names as each app spells them, names made
 * storable, numbers in either decimal mark, and the few words that point at a left row.
 */

/** A header cell compared loosely: "Exercise Name", " exercise_name" and "EXERCISE  NAME" match. */
export const headerName = (cell: string): string =>
  cell
    .replace(/^\uFEFF/, "")
    .trim()
    .toLowerCase()
    .replace(/[\s_]+/g, " ")

export interface Columns {
  /** The index of the first of these header names the file has, or -1. */
  readonly find: (...names: ReadonlyArray<string>) => number
  readonly has: (name: string) => boolean
}

export const columnsOf = (header: ReadonlyArray<string>): Columns => {
  const indexes = new Map<string, number>()
  header.forEach((cell, index) => {
    const name = headerName(cell)
    if (!indexes.has(name)) indexes.set(name, index)
  })
  return {
    find: (...names) => {
      for (const name of names) {
        const index = indexes.get(name)
        if (index !== undefined) return index
      }
      return -1
    },
    has: (name) => indexes.has(name)
  }
}

/** A cell's trimmed text; "" for a column the file lacks or a row that stops short. */
export const cell = (fields: ReadonlyArray<string>, index: number): string =>
  index < 0 ? "" : (fields[index] ?? "").trim()

// What a stored name may not hold (plain-bounds.ts says why): control, format and
// separator characters and lone surrogates. They become spaces rather than refusing the row.
const REFUSED = /[\p{Cc}\p{Cf}\p{Cs}\p{Zl}\p{Zp}]/gu

/** At most `max` UTF-16 units, never splitting a character, and trimmed again after the cut. */
export const cutTo = (text: string, max: number): string => {
  if (text.length <= max) return text
  let cut = ""
  for (const character of text) {
    if (cut.length + character.length > max) break
    cut += character
  }
  return cut.trimEnd()
}

/** A name as it can be stored: printable, trimmed, at most `max` long; "" when nothing visible is left. */
export const storableText = (text: string, max: number): string => {
  const printable = cutTo(text.replace(REFUSED, " ").trim(), max)
  return hasVisibleCharacter(printable) ? printable : ""
}

/**
 * A session key: the source's name, ":", then the parts that identify the session in it
 * (its start as written, its name), made storable and cut to the SessionKey bound.
 */
export const sessionKey = (source: ImportSource, ...parts: ReadonlyArray<string>): string =>
  storableText(
    `${source}:${parts
      .map((part) => part.replace(REFUSED, " ").trim())
      .filter((part) => part !== "")
      .join(":")}`,
    MAX_SESSION_KEY_LENGTH
  )

const NUMBER = /^[+-]?(\d+(\.\d*)?|\.\d+)([eE][+-]?\d+)?$/
// European exports (Strong's semicolon form) write "102,5".
const DECIMAL_COMMA = /^[+-]?\d*,\d+$/

/** A cell's number: null when the cell is blank, undefined when it is not a number. */
export const readNumber = (text: string): number | null | undefined => {
  if (text === "") return null
  const plain = DECIMAL_COMMA.test(text) ? text.replace(",", ".") : text
  if (!NUMBER.test(plain)) return undefined
  const value = Number(plain)
  return Number.isFinite(value) ? value : undefined
}

const EXCERPT_LENGTH = 80

/** The row's non-blank cells, joined and cut short: enough to find it in the file. */
export const excerptOf = (fields: ReadonlyArray<string>): string => {
  const text = fields
    .map((field) => field.replace(REFUSED, " ").trim())
    .filter((field) => field !== "")
    .join(", ")
  return text.length <= EXCERPT_LENGTH ? text : `${cutTo(text, EXCERPT_LENGTH - 1)}…`
}
