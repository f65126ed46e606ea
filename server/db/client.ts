import { PGlite } from "@electric-sql/pglite"
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core"
import { drizzle as drizzlePglite } from "drizzle-orm/pglite"
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator"
import { drizzle as drizzlePostgres } from "drizzle-orm/node-postgres"
import { migrate as migratePostgres } from "drizzle-orm/node-postgres/migrator"
import pg from "pg"
import { mkdirSync } from "node:fs"
import { dirname, resolve } from "node:path"
import { fileURLToPath } from "node:url"
import { prepareExerciseLibrary } from "../exercises/library.ts"
import { postgresListen, type Listen } from "./listen.ts"
import * as schema from "./schema.ts"

/**
 * What both drivers answer a raw statement with: PGlite's Results and node-postgres's
 * QueryResult both carry the rows as `rows`, so `db.execute<Row>(...)` reads them typed.
 */
export interface RowsResult<Row> {
  readonly rows: Array<Row>
}

interface RowsResultHKT extends PgQueryResultHKT {
  readonly type: RowsResult<this["row"]>
}

/** The database the repositories use, over PGlite or node-postgres alike. */
export type Db = PgDatabase<RowsResultHKT, typeof schema>

export interface Database {
  readonly db: Db
  readonly kind: "pglite" | "postgres"
  /** LISTEN on a notification channel of this database (the live events, server/live). */
  readonly listen: Listen
  readonly close: () => Promise<void>
}

export interface DatabaseOptions {
  /** postgres://... : use PostgreSQL. Without it PGlite is used. */
  readonly databaseUrl?: string | undefined
  /** PGlite data folder; omitted means in memory. */
  readonly dataDir?: string | undefined
  /** PostgreSQL schema to live in (created if missing); tests use one schema per file. */
  readonly schemaName?: string | undefined
  /** PostgreSQL pool size. */
  readonly maxConnections?: number | undefined
  /** PostgreSQL deadlines; defaults in DATABASE_DEADLINES. */
  readonly deadlines?: Partial<DatabaseDeadlines> | undefined
}

/**
 * How long a request may wait on PostgreSQL before it is answered 503. A frozen or
 * restarting database must never hang a request: each limit ends a wait the one
 * before it cannot (the server cancels a slow statement; the client gives up on a
 * server that answers nothing at all).
 */
export interface DatabaseDeadlines {
  /** Waiting for a connection: a new one, or a free one from the pool. */
  readonly connectMs: number
  /** PostgreSQL cancels a statement running longer (statement_timeout). */
  readonly statementMs: number
  /** The client stops waiting for an answer (a database that is frozen never cancels). */
  readonly queryMs: number
}

export const DATABASE_DEADLINES: DatabaseDeadlines = { connectMs: 3_000, statementMs: 5_000, queryMs: 6_000 }

const logDatabaseFault = (what: string, error: Error) =>
  console.error(JSON.stringify({ level: "warn", msg: `database: ${what}`, error: error.message }))

const migrationsFolder = fileURLToPath(new URL("./migrations", import.meta.url))

const MIGRATION_LOCK = "strength-coach:migrations"

const isSafeIdentifier = (name: string) => /^[a-z_][a-z0-9_]*$/.test(name)

/**
 * Opens the database, applies the committed migrations, then prepares the exercise
 * library (the catalogue upserted, workouts stored before the library linked to it).
 */
export async function openDatabase(options: DatabaseOptions = {}): Promise<Database> {
  if (options.databaseUrl) return openPostgres(options.databaseUrl, options)
  const dataDir = options.dataDir
  // PGlite creates only the last folder of its path; a fresh clone has no .data yet.
  if (dataDir && !dataDir.includes("://")) mkdirSync(dirname(resolve(dataDir)), { recursive: true })
  const client = dataDir ? new PGlite(dataDir) : new PGlite()
  await client.waitReady
  // PGlite is one process's own database: nothing else can migrate it at the same time.
  const db = drizzlePglite({ client, schema })
  await migratePglite(db, { migrationsFolder })
  await prepareExerciseLibrary(db)
  // PGlite delivers NOTIFY to listeners of this same process: the one code path of ADR 029.
  const listen: Listen = (channel, { onNotify }) => client.listen(channel, onNotify).then((stop) => () => stop())
  return { db, kind: "pglite", listen, close: () => client.close() }
}

async function openPostgres(connectionString: string, options: DatabaseOptions): Promise<Database> {
  const schemaName = options.schemaName
  if (schemaName !== undefined && !isSafeIdentifier(schemaName)) {
    throw new Error(`unsafe schema name: ${schemaName}`)
  }
  await migratePostgresLocked(connectionString, schemaName)
  const deadlines = { ...DATABASE_DEADLINES, ...options.deadlines }
  const pool = new pg.Pool({
    connectionString,
    max: options.maxConnections ?? 10,
    connectionTimeoutMillis: deadlines.connectMs,
    statement_timeout: deadlines.statementMs,
    query_timeout: deadlines.queryMs,
    // A transaction left open by a request that gave up must not hold its locks.
    idle_in_transaction_session_timeout: deadlines.queryMs,
    keepAlive: true,
    ...(schemaName === undefined ? {} : { options: `-c search_path=${schemaName}` })
  })
  // An idle connection the database dropped (restart, killed backend) is reported here;
  // without a listener Node treats it as unhandled and the whole server exits. The pool
  // has already discarded it and opens a new one on the next checkout.
  pool.on("error", (error) => logDatabaseFault("idle connection lost", error))
  const db: Db = drizzlePostgres({ client: pool, schema })
  return {
    db,
    kind: "postgres",
    listen: postgresListen(connectionString, schemaName),
    close: () => pool.end()
  }
}

/**
 * Several instances starting at once would each run the migrations: two `create schema
 * if not exists` or two migration transactions race and one start fails. All of it runs
 * on one connection holding a session advisory lock keyed by the schema, so the others
 * wait, then find the migrations applied and do nothing. The lock goes with the
 * connection, so a crashed migrator never leaves it held.
 */
async function migratePostgresLocked(connectionString: string, schemaName: string | undefined): Promise<void> {
  const connection = new pg.Client({ connectionString })
  await connection.connect()
  try {
    await connection.query("select pg_advisory_lock(hashtext($1))", [`${MIGRATION_LOCK}:${schemaName ?? "public"}`])
    if (schemaName !== undefined) {
      await connection.query(`create schema if not exists "${schemaName}"`)
      await connection.query(`set search_path to "${schemaName}"`)
    }
    const db = drizzlePostgres({ client: connection, schema })
    await migratePostgres(db, {
      migrationsFolder,
      ...(schemaName === undefined ? {} : { migrationsSchema: schemaName })
    })
    // Under the same lock: two instances starting at once link each old workout once.
    await prepareExerciseLibrary(db)
  } finally {
    await connection.end()
  }
}

/** Drops a schema made for one test file. */
export async function dropPostgresSchema(connectionString: string, schemaName: string): Promise<void> {
  if (!isSafeIdentifier(schemaName)) throw new Error(`unsafe schema name: ${schemaName}`)
  const admin = new pg.Client({ connectionString })
  await admin.connect()
  try {
    await admin.query(`drop schema if exists "${schemaName}" cascade`)
  } finally {
    await admin.end()
  }
}
