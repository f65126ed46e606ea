import type { ImportSource } from "../history-import.ts"
import { fitnotesRows } from "./fitnotes-rows.ts"
import type { FormatReader } from "./format-reader.ts"
import { hevyRows } from "./hevy-rows.ts"
import { liftosaurRows } from "./liftosaur-rows.ts"
import { makeLogbookBuilder } from "./logbook-builder.ts"
import type { Logbook } from "./logbook.ts"
import { ourRows } from "./our-rows.ts"
import { columnsOf } from "./source-text.ts"
import { UTC, type ZoneOffset } from "./source-times.ts"
import { strongRows } from "./strong-rows.ts"

/*
 * Reading an exported logbook as papaparse streams it (docs/import-export.md): the worker
 * names the format from the header, gives each row with its line, and asks for the logbook
 * at the end. Nothing is thrown: every row is a set or a left row with its reason.
 */

const OURS = ["date", "session", "exercise", "set", "weight", "unit", "reps"]
const FITNOTES_WEIGHT = ["weight", "weight (kgs)", "weight (kg)", "weight (lbs)", "weight (lb)"]

/**
 * Which app wrote a file, from its header alone (case, spaces and underscores aside). Each
 * test names columns only that app writes together; our own format is asked first, since
 * its names ("date", "exercise", "reps") are the plainest.
 */
export const detectFormat = (header: ReadonlyArray<string>): ImportSource | undefined => {
  const columns = columnsOf(header)
  const hasAll = (...names: ReadonlyArray<string>): boolean => names.every((name) => columns.has(name))
  if (hasAll(...OURS)) return "ours"
  if (hasAll("workout datetime", "exercise", "completed reps")) return "liftosaur"
  if (hasAll("start time", "exercise title", "set type")) return "hevy"
  if (hasAll("date", "exercise name", "set order")) return "strong"
  if (hasAll("date", "exercise", "category", "reps") && FITNOTES_WEIGHT.some((name) => columns.has(name)))
    return "fitnotes"
  return undefined
}

export interface LogbookReaderOptions {
  /**
   * The lifter's zone, for the files that write a wall clock (Strong, Hevy) or a UTC instant
   * (Liftosaur): minutes east of UTC, or a function of the instant for summer time. UTC without it.
   */
  readonly utcOffset?: ZoneOffset
}

export interface LogbookReader {
  /** One data row: the cells papaparse split, and the row's 1-based line (the header is line 1). */
  readonly row: (fields: ReadonlyArray<string>, line: number) => void
  readonly finish: () => Logbook
}

const FORMATS: { readonly [S in ImportSource]: FormatReader } = {
  strong: strongRows,
  hevy: hevyRows,
  fitnotes: fitnotesRows,
  liftosaur: liftosaurRows,
  ours: ourRows
}

export const makeLogbookReader = (
  source: ImportSource,
  header: ReadonlyArray<string>,
  options: LogbookReaderOptions = {}
): LogbookReader => {
  const builder = makeLogbookBuilder(source)
  const read = FORMATS[source](columnsOf(header), options.utcOffset ?? UTC)
  return {
    row: (fields, line) => {
      // A row of blank cells (",,,," in a spreadsheet's export) is a blank line, not a problem.
      if (fields.every((field) => field.trim() === "")) return
      const reading = read(fields)
      if ("left" in reading) builder.leave(line, reading.left, fields)
      else builder.add(reading.session, reading.lift, line, fields)
    },
    finish: builder.finish
  }
}
