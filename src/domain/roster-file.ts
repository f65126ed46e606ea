import Papa from "papaparse"
import { MAX_ROSTER_ROWS } from "./roster-import.ts"
import { isValidClientEmail } from "./user.ts"

/*
 * The coach's roster file as the preview shows it (docs/decisions/049, "Programs and
 * rosters"): a CSV of names and addresses, with a header `name,email` (any case, "E-mail"
 * too, columns in any order) or none (then name, email; a single column is the address).
 * Every row is sent, the ones that look wrong too: the server's report is what counts,
 * the preview only says which rows will not be invitations.
 */

/** One row of the file: its line (from 1, the header counted) and what the preview says of it. */
export interface RosterFileRow {
  readonly line: number
  readonly name: string
  readonly email: string
  /** Why the row will not be an invitation, as far as the browser can tell; null when it looks right. */
  readonly problem: string | null
}

export interface RosterFile {
  readonly rows: ReadonlyArray<RosterFileRow>
  /** What stops the whole file from being sent (no rows, too many); empty when it can be. */
  readonly problems: ReadonlyArray<string>
}

export const NOT_AN_EMAIL = "Not an email address"
export const NO_ROSTER_ROWS = "The file holds no rows with an address."
export const tooManyRosterRows = (count: number) =>
  `The file holds ${count} rows; import at most ${MAX_ROSTER_ROWS} at a time.`
export const repeatsLine = (line: number) => `Same address as line ${line}`

const EMAIL_HEADERS = new Set(["email", "e-mail", "email address", "e-mail address", "mail"])
const NAME_HEADERS = new Set(["name", "full name", "client", "client name"])

const headerText = (cell: string) => cell.trim().toLowerCase()

/** The columns of the name and the address, from a header row; null when the row is not a header. */
const columnsOfHeader = (cells: ReadonlyArray<string>): { name: number; email: number } | null => {
  const texts = cells.map(headerText)
  const email = texts.findIndex((text) => EMAIL_HEADERS.has(text))
  if (email < 0) return null
  return { name: texts.findIndex((text) => NAME_HEADERS.has(text)), email }
}

const isBlank = (cells: ReadonlyArray<string>) => cells.every((cell) => cell.trim() === "")

/** The address as it will be compared and sent: trimmed, lower case (as the server keeps it). */
const addressOf = (email: string) => email.trim().toLowerCase()

/** Reads the roster CSV. Never throws: what is wrong is in `problems` and in each row's `problem`. */
export function readRosterFile(text: string): RosterFile {
  const table = Papa.parse<Array<string>>(text, { skipEmptyLines: false }).data
  const firstRow = table.findIndex((cells) => !isBlank(cells))
  const header = firstRow < 0 ? null : columnsOfHeader(table[firstRow] ?? [])
  const columns = header ?? {
    name: (table[firstRow] ?? []).length > 1 ? 0 : -1,
    email: (table[firstRow] ?? []).length > 1 ? 1 : 0
  }
  const seen = new Map<string, number>()
  const rows: Array<RosterFileRow> = []
  table.forEach((cells, index) => {
    if (isBlank(cells) || (header !== null && index === firstRow)) return
    const line = index + 1
    const name = (columns.name < 0 ? "" : (cells[columns.name] ?? "")).trim()
    const email = (cells[columns.email] ?? "").trim()
    const earlier = seen.get(addressOf(email))
    const problem = !isValidClientEmail(email) ? NOT_AN_EMAIL : earlier === undefined ? null : repeatsLine(earlier)
    if (problem === null) seen.set(addressOf(email), line)
    rows.push({ line, name, email, problem })
  })
  const problems =
    rows.length === 0 ? [NO_ROSTER_ROWS] : rows.length > MAX_ROSTER_ROWS ? [tooManyRosterRows(rows.length)] : []
  return { rows, problems }
}
