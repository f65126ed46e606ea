import type { RowSet, SessionFacts } from "./logbook-builder.ts"
import type { RowOutcome } from "./logbook.ts"
import type { Columns } from "./source-text.ts"
import type { ZoneOffset } from "./source-times.ts"

/*
 * The shape every format's reader has: given the file's header, one row's cells to a set
 * and what the row says of its session, or to the reason the row is left. A column the
 * file lacks reads as blank cells, so a row missing what a lift needs is left, never thrown.
 */

export type RowReading = { readonly left: RowOutcome } | { readonly session: SessionFacts; readonly lift: RowSet }

export type FormatReader = (columns: Columns, zone: ZoneOffset) => (fields: ReadonlyArray<string>) => RowReading
