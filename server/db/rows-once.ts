import { Column, is, SQL, type Query } from "drizzle-orm"
import type { PreparedQueryConfig } from "drizzle-orm/pg-core"
import type { Db } from "./client.ts"

/*
 * A prepared read whose decoders are found once per statement (docs/performance.md).
 * drizzle's own mapping looks up every field's decoder for every row (`is()` on each
 * field: ~9 % of the 28-day read's CPU); here each driver row (an array, in the
 * selection's order) is decoded by decoders found when the statement is prepared straight
 * into the contract's row, as the caller's RowShape says.
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

/**
 * How a row of a selection is answered: its fields under their own keys, in the selection's
 * order, but the `taken` ones, of which `finish` adds what it makes to the row.
 */
export interface RowShape<Selected, Taken extends keyof Selected, Row> {
  readonly taken: ReadonlyArray<Taken>
  /** Adds to `row`, a new object of the caller's, what is answered of `taken` (lent for the call: keep none of it); returns it. */
  readonly finish: (row: Omit<Selected, Taken>, taken: Pick<Selected, Taken>) => Row
}

/** A field of a selection: its key, and how a source row gives its value. */
interface Field<Source> {
  readonly key: string
  readonly read: (source: Source) => unknown
}

/**
 * Builds `shape`'s answer from a source row holding `fields`. Which fields are answered and
 * which go to `finish` is found here, once per selection; each row then makes one object,
 * and the taken values are lent to `finish` for the call only.
 */
function shaperOf<Source, Selected, Taken extends keyof Selected, Row>(
  fields: ReadonlyArray<Field<Source>>,
  shape: RowShape<Selected, Taken, Row>
): (source: Source) => Row {
  const takenKeys = new Set<PropertyKey>(shape.taken)
  const answered = fields.filter(({ key }) => !takenKeys.has(key))
  const finishedFrom = fields.filter(({ key }) => takenKeys.has(key))
  const lent: Record<string, unknown> = {}
  return (source) => {
    const row: Record<string, unknown> = {}
    for (const { key, read } of answered) row[key] = read(source)
    for (const { key, read } of finishedFrom) lent[key] = read(source)
    return shape.finish(row as Omit<Selected, Taken>, lent as Pick<Selected, Taken>)
  }
}

/** `shape`'s answer to a row of `selection` that drizzle decoded itself. */
export function shapedRow<Selected extends object, Taken extends keyof Selected, Row>(
  selection: Record<keyof Selected & string, unknown>,
  shape: RowShape<Selected, Taken, Row>
): (selected: Selected) => Row {
  const keys = Object.keys(selection)
  return shaperOf(
    keys.map((key) => ({ key, read: (selected: Selected) => selected[key as keyof Selected] })),
    shape
  )
}

/** Decodes a driver row of `selection` (a flat one, an array in its order) straight into `shape`'s answer. */
function rowDecoderOf<Selected, Taken extends keyof Selected, Row>(
  selection: Record<string, unknown>,
  shape: RowShape<Selected, Taken, Row>
): (driverRow: ReadonlyArray<unknown>) => Row {
  return shaperOf(
    Object.entries(selection).map(([key, field], index) => {
      const decode = decoderOf(field)
      return { key, read: (driverRow: ReadonlyArray<unknown>) => decode(driverRow[index]) }
    }),
    shape
  )
}

export interface PreparedRows<Parameters, Row> {
  readonly execute: (parameters: Parameters) => Promise<ReadonlyArray<Row>>
  /** Its SQL and parameters (placeholders), as prepared: for the benchmark's baseline. */
  readonly getQuery: () => Query
}

/**
 * `select` prepared under `name` on `db`, each row decoded by `selection`'s decoders (found
 * once) into `shape`'s answer. `select` must select exactly `selection`.
 */
export function preparedRows<Decoded, Taken extends keyof Decoded, Row, Parameters>(
  db: Db,
  name: string,
  selection: Record<string, unknown>,
  select: { readonly toSQL: () => Query; readonly _: { readonly result: ReadonlyArray<Decoded> } },
  shape: RowShape<Decoded, Taken, Row>
): PreparedRows<Parameters, Row> {
  const query = select.toSQL()
  const decode = rowDecoderOf(selection, shape)
  const statement = db._.session.prepareQuery<PreparedQueryConfig & { execute: ReadonlyArray<Row> }>(
    query,
    undefined,
    name,
    true,
    (rows) => (rows as ReadonlyArray<ReadonlyArray<unknown>>).map(decode)
  )
  return {
    execute: (parameters) => statement.execute(parameters as Record<string, unknown>),
    getQuery: () => query
  }
}
