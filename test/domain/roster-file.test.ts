/**
 * The coach's roster file as the preview reads it (src/domain/roster-file.ts, docs/decisions/049):
 * a header `name,email` in any case and order ("E-mail" too) or none; every row kept, the
 * ones that will not be invitations said why; a file too long or empty cannot be sent.
 */
import { describe, expect, it } from "vitest"
import { MAX_ROSTER_ROWS, rosterPayloadRows } from "#domain/roster-import.ts"
import { NO_ROSTER_ROWS, NOT_AN_EMAIL, readRosterFile, repeatsLine, tooManyRosterRows } from "#domain/roster-file.ts"

describe("reading a roster file", () => {
  it("takes the header's columns in any order and case, E-mail too", () => {
    const file = readRosterFile('"E-mail","Name"\r\nsam@example.com,Sam Lee\r\n\r\n  ana@example.org , Ana \r\n')
    expect(file).toEqual({
      rows: [
        { line: 2, name: "Sam Lee", email: "sam@example.com", problem: null },
        { line: 4, name: "Ana", email: "ana@example.org", problem: null }
      ],
      problems: []
    })
  })

  it("reads a file without a header as name, email; a single column as the address", () => {
    expect(readRosterFile("Sam Lee,sam@example.com\nAna,ana@example.org").rows.map((row) => row.email)).toEqual([
      "sam@example.com",
      "ana@example.org"
    ])
    expect(readRosterFile("sam@example.com\nana@example.org\n").rows).toEqual([
      { line: 1, name: "", email: "sam@example.com", problem: null },
      { line: 2, name: "", email: "ana@example.org", problem: null }
    ])
  })

  it("says which rows will not be invitations: not an address, the same address again", () => {
    const file = readRosterFile(
      "name,email\nSam,sam@example.com\nBob,bob at example\nSam again,SAM@example.com\nNo one,\n"
    )
    expect(file.rows.map((row) => [row.line, row.problem])).toEqual([
      [2, null],
      [3, NOT_AN_EMAIL],
      [4, repeatsLine(2)],
      [5, NOT_AN_EMAIL]
    ])
    expect(file.problems).toEqual([])
  })

  it("cannot send a file with no rows, or more than an import takes", () => {
    expect(readRosterFile("name,email\n\n").problems).toEqual([NO_ROSTER_ROWS])
    const many = Array.from({ length: MAX_ROSTER_ROWS + 1 }, (_, index) => `p${index}@example.com`).join("\n")
    expect(readRosterFile(many).problems).toEqual([tooManyRosterRows(MAX_ROSTER_ROWS + 1)])
  })

  it("sends every row, names only where given, text cut to the contract's bounds", () => {
    const long = `${"a".repeat(400)}@example.com`
    const file = readRosterFile(`name,email\n,sam@example.com\nAna,${long}\n`)
    expect(rosterPayloadRows(file.rows)).toEqual([
      { email: "sam@example.com" },
      { name: "Ana", email: long.slice(0, 320) }
    ])
  })
})
