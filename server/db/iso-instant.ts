import { sql, type SQLWrapper } from "drizzle-orm"

/**
 * A timestamptz as Date#toISOString's text ("2026-11-23T17:05:00.000Z"), made by the
 * database, so both drivers answer the same text whatever their own parsing of timestamps.
 */
export const isoInstant = (column: SQLWrapper) =>
  sql<string>`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`
