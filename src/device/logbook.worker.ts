/// <reference lib="webworker" />
import Papa from "papaparse"
import { detectFormat, makeLogbookReader } from "#domain/import-formats/logbook-reader.ts"
import type { LogbookWorkerReply, LogbookWorkerRequest } from "./logbook-messages.ts"

/*
 * Reads a logbook file off the page's thread (docs/decisions/049-import-and-export.md):
 * papaparse streams the file in chunks, each row goes to the format's reader, and the page
 * hears how far it has got. A 10-year logbook is tens of megabytes; the page stays usable.
 */

const scope = self as unknown as DedicatedWorkerGlobalScope
const reply = (message: LogbookWorkerReply) => scope.postMessage(message)

/** The lifter's zone at each instant (summer time included): the apps that write a wall clock wrote it here. */
const browserZone = (utcMs: number): number => -new Date(utcMs).getTimezoneOffset()

/** Bytes between two progress messages: often enough for a bar, rare enough to cost nothing. */
const CHUNK_BYTES = 256 * 1024

scope.onmessage = (event: MessageEvent<LogbookWorkerRequest>) => {
  const { file } = event.data
  let reader: ReturnType<typeof makeLogbookReader> | undefined
  let line = 1
  let unrecognised = false
  Papa.parse<Array<string>>(file, {
    chunkSize: CHUNK_BYTES,
    // Blank lines are read (the reader passes them by) so every row's line number stays true.
    skipEmptyLines: false,
    chunk: (results, parser) => {
      for (const fields of results.data) {
        // A row's first line; a quoted cell with line breaks takes more than one.
        const first = line
        line += 1 + fields.reduce((breaks, field) => breaks + (field.match(/\n/g)?.length ?? 0), 0)
        if (reader === undefined) {
          if (fields.every((field) => field.trim() === "")) continue
          // A byte-order mark rides on the first header name in some exports.
          const header = fields.map((name, index) => (index === 0 ? name.replace(/^\uFEFF/, "") : name))
          const source = detectFormat(header)
          if (source === undefined) {
            unrecognised = true
            parser.abort()
            return
          }
          reader = makeLogbookReader(source, header, { utcOffset: browserZone })
          continue
        }
        reader.row(fields, first)
      }
      reply({ kind: "progress", fraction: file.size === 0 ? 1 : results.meta.cursor / file.size })
    },
    complete: () => {
      if (unrecognised || reader === undefined) reply({ kind: "unrecognised" })
      else reply({ kind: "read", logbook: reader.finish() })
    },
    error: (error) => reply({ kind: "failed", message: error.message })
  })
}
