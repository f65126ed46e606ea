import { readFileSync } from "node:fs"
import Papa from "papaparse"
import type { ImportSource } from "#domain/history-import.ts"
import { detectFormat, type LogbookReaderOptions, makeLogbookReader } from "#domain/import-formats/logbook-reader.ts"
import type { Logbook } from "#domain/import-formats/logbook.ts"

/*
 * A file read as the browser's worker reads it: papaparse splits it (delimiter guessed,
 * blank lines skipped), the header names the format, and every row goes to the reader with
 * the line it starts on, counted from the text itself so a cell across two lines is counted.
 */

export interface CsvRow {
  readonly fields: ReadonlyArray<string>
  readonly line: number
}

export const csvRows = (text: string): ReadonlyArray<CsvRow> => {
  const rows: Array<CsvRow> = []
  let cursor = 0
  let counted = 0
  let line = 1
  Papa.parse<Array<string>>(text, {
    skipEmptyLines: true,
    step: (result) => {
      let start = cursor
      while (text[start] === "\r" || text[start] === "\n") start += 1
      line += (text.slice(counted, start).match(/\r\n|\r|\n/g) ?? []).length
      counted = start
      rows.push({ fields: result.data, line })
      cursor = result.meta.cursor
    }
  })
  return rows
}

export const readLogbookText = (
  text: string,
  options: LogbookReaderOptions = {}
): { readonly source: ImportSource | undefined; readonly logbook: Logbook | undefined } => {
  const [header, ...rows] = csvRows(text)
  const source = header === undefined ? undefined : detectFormat(header.fields)
  if (header === undefined || source === undefined) return { source, logbook: undefined }
  const reader = makeLogbookReader(source, header.fields, options)
  for (const row of rows) reader.row(row.fields, row.line)
  return { source, logbook: reader.finish() }
}

export const fixture = (name: string): string =>
  readFileSync(new URL(`../../fixtures/imports/${name}`, import.meta.url), "utf8")

/** A fixture read through the whole path; fails the test when its format is not recognised. */
export const readFixture = (name: string, options: LogbookReaderOptions = {}): Logbook => {
  const { logbook } = readLogbookText(fixture(name), options)
  if (logbook === undefined) throw new Error(`${name}: no format recognised`)
  return logbook
}
