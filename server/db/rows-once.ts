import { Column, is, SQL, type Query } from "drizzle-orm"
import type { PreparedQueryConfig } from "drizzle-orm/pg-core"
import type { Db } from "./client.ts"

/*
 * A prepared read whose decoders are found once per statement (docs/performance.md).
 * drizzle's own mapping looks up every field's decoder for every row (`is()` on each
 * field: ~9 % of the 28-day read's CPU); here each driver row (an array, in the
 * selection's order) is decoded by decoders found when the statement is prepared, and
 * handed to the caller's mapping into the contract's row.
 */

type Decoder = (value: unknown) => unknown

interface DriverDecoder {
  readonly mapFromDriverValue: (value: unknown) => unknown
}

const decoderOf = (field: unknown): Decoder => {
  // drizzle keeps an SQL fragment's decoder (`.mapWith`) out of its public types.
  const decoderOfSql = (fragment: SQL) => (fragment as unknown as { readonly decoder: DriverDecoder }).decoder
  const decoder: DriverDecoder = is(field, Column)
    ? field
    : is(field, SQL)
      ? decoderOfSql(field)
      : decoderOfSql((field as SQL.Aliased).sql)
  return (value) => (value === null ? null : decoder.mapFromDriverValue(value))
}

/** Decodes a driver row of `selection` into an object with its keys (a flat selection). */
function rowDecoderOf(selection: Record<string, unknown>) {
  const fields = Object.entries(selection).map(([key, field]) => ({ key, decode: decoderOf(field) }))
  return (row: ReadonlyArray<unknown>) => {
    const decoded: Record<string, unknown> = {}
    for (let i = 0; i < fields.length; i++) {
      const field = fields[i]
      if (field !== undefined) decoded[field.key] = field.decode(row[i])
    }
    return decoded
  }
}

export interface PreparedRows<Parameters, Row> {
  readonly execute: (parameters: Parameters) => Promise<ReadonlyArray<Row>>
  /** Its SQL and parameters (placeholders), as prepared: for the benchmark's baseline. */
  readonly getQuery: () => Query
}

/**
 * `select` prepared under `name` on `db`, each row decoded by `selection`'s decoders (found
 * once) and handed to `toRow`. `select` must select exactly `selection`.
 */
export function preparedRows<Decoded, Row, Parameters>(
  db: Db,
  name: string,
  selection: Record<string, unknown>,
  select: { readonly toSQL: () => Query; readonly _: { readonly result: ReadonlyArray<Decoded> } },
  toRow: (decoded: Decoded) => Row
): PreparedRows<Parameters, Row> {
  const query = select.toSQL()
  const decode = rowDecoderOf(selection)
  const statement = db._.session.prepareQuery<PreparedQueryConfig & { execute: ReadonlyArray<Row> }>(
    query,
    undefined,
    name,
    true,
    (rows) => (rows as ReadonlyArray<ReadonlyArray<unknown>>).map((row) => toRow(decode(row) as Decoded))
  )
  return {
    execute: (parameters) => statement.execute(parameters as Record<string, unknown>),
    getQuery: () => query
  }
}
