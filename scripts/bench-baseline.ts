// The raw-statement baselines of `npm run bench:api`: the very SQL an API call
// runs, with the same parameters, straight to the database with no HTTP, no auth and no
// decoding. On PostgreSQL through pgbench (-M prepared, the same connections); on PGlite
// in this process, one statement after another (PGlite runs one at a time). The API's
// share of its baseline is the figure that carries across machines.
import { Placeholder, type Query } from "drizzle-orm"
import { spawnSync } from "node:child_process"
import { mkdtempSync, rmSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import type { Db } from "#server/db/client.ts"

/** A placeholder's value: fixed, or a whole number drawn anew for each statement. */
export type BaselineValue = string | number | boolean | null | { readonly randomFrom: number; readonly to: number }

export interface Baseline {
  readonly tps: number
  readonly meanMs: number
  readonly how: string
}

const placeholderName = (param: unknown): string => {
  if (!(param instanceof Placeholder)) throw new Error("a baseline statement takes placeholders only")
  const name: string = (param as Placeholder<string, unknown>).name
  return name
}

const valueOf = (values: Readonly<Record<string, BaselineValue>>, name: string): BaselineValue => {
  const value = values[name]
  if (value === undefined) throw new Error(`no value for the placeholder ${name}`)
  return value
}

const drawn = (value: BaselineValue) =>
  typeof value === "object" && value !== null
    ? value.randomFrom + Math.floor(Math.random() * (value.to - value.randomFrom + 1))
    : value

/**
 * pgbench's script for `query`: each $n becomes a pgbench variable (a parameter under
 * -M prepared); a null is written as NULL, as pgbench variables cannot hold one.
 */
export function pgbenchScript(query: Query, values: Readonly<Record<string, BaselineValue>>) {
  const sets: Array<string> = []
  const defines: Array<string> = []
  const text = query.sql.replace(/\$(\d+)/g, (_, index: string) => {
    const value = valueOf(values, placeholderName(query.params[Number(index) - 1]))
    if (value === null) return "NULL"
    const variable = `p${index}`
    if (typeof value === "object") sets.push(`\\set ${variable} random(${value.randomFrom}, ${value.to})`)
    else defines.push(`${variable}=${String(value)}`)
    return `:${variable}`
  })
  // pgbench reads one statement per line unless it ends with a semicolon.
  return { script: `${sets.join("\n")}\n${text.replace(/\s+/g, " ").trim()};\n`, defines }
}

/** `query` through pgbench against `schemaName` of `databaseUrl`. */
export function pgbenchBaseline(options: {
  readonly databaseUrl: string
  readonly schemaName: string
  readonly query: Query
  readonly values: Readonly<Record<string, BaselineValue>>
  readonly connections: number
  readonly seconds: number
}): Baseline {
  const { script, defines } = pgbenchScript(options.query, options.values)
  const folder = mkdtempSync(join(tmpdir(), "bench-baseline-"))
  const file = join(folder, "statement.sql")
  writeFileSync(file, script)
  const threads = Math.min(2, options.connections)
  const args = [
    "-n",
    "-M",
    "prepared",
    "-c",
    String(options.connections),
    "-j",
    String(threads),
    "-T",
    String(options.seconds),
    "-f",
    file,
    ...defines.flatMap((define) => ["-D", define]),
    options.databaseUrl
  ]
  try {
    const run = spawnSync("pgbench", args, {
      encoding: "utf8",
      env: { ...process.env, PGOPTIONS: `-c search_path=${options.schemaName}` }
    })
    if (run.error !== undefined) throw run.error
    const tps = /tps = ([\d.]+)/.exec(run.stdout)?.[1]
    const latency = /latency average = ([\d.]+) ms/.exec(run.stdout)?.[1]
    if (run.status !== 0 || tps === undefined || latency === undefined)
      throw new Error(`pgbench failed (${run.status}): ${run.stderr || run.stdout}`)
    return {
      tps: Number(tps),
      meanMs: Number(latency),
      how: `pgbench -M prepared -c ${options.connections} -j ${threads}`
    }
  } finally {
    rmSync(folder, { recursive: true, force: true })
  }
}

/** `query` through PGlite in this process, one statement after another for `seconds`. */
export async function pgliteBaseline(options: {
  readonly db: Db
  readonly name: string
  readonly query: Query
  readonly values: Readonly<Record<string, BaselineValue>>
  readonly seconds: number
}): Promise<Baseline> {
  const statement = options.db._.session.prepareQuery(options.query, undefined, options.name, false)
  const names = options.query.params.map(placeholderName)
  const until = performance.now() + options.seconds * 1000
  const started = performance.now()
  let count = 0
  while (performance.now() < until) {
    await statement.execute(Object.fromEntries(names.map((name) => [name, drawn(valueOf(options.values, name))])))
    count++
  }
  const elapsed = performance.now() - started
  return { tps: Math.round((count / elapsed) * 1000), meanMs: elapsed / count, how: "PGlite in process, 1 at a time" }
}
