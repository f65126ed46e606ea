import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { fileURLToPath } from "node:url"
import { PGlite } from "@electric-sql/pglite"
import { drizzle as drizzlePostgres } from "drizzle-orm/node-postgres"
import { migrate as migratePostgres } from "drizzle-orm/node-postgres/migrator"
import { drizzle as drizzlePglite } from "drizzle-orm/pglite"
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator"
import pg from "pg"
import { dropPostgresSchema, openDatabase, type Database } from "#server/db/client.ts"
import { freshSchemaName, type DatabaseUnderTest } from "./databases.ts"

const migrations = fileURLToPath(new URL("../../../server/db/migrations/", import.meta.url))

/** The committed migrations' journal: one entry per migration, in order. */
export const journal = JSON.parse(readFileSync(join(migrations, "meta/_journal.json"), "utf8")) as {
  entries: ReadonlyArray<{ readonly tag: string }>
}

/** A migrations folder holding the committed migrations up to and including `tag`: the schema as an older release left it. */
export function migrationsUpTo(tag: string): string {
  const count = journal.entries.findIndex((entry) => entry.tag === tag) + 1
  if (count === 0) throw new Error(`no migration ${tag}`)
  const folder = mkdtempSync(join(tmpdir(), "strength-coach-old-migrations-"))
  mkdirSync(join(folder, "meta"))
  const entries = journal.entries.slice(0, count)
  writeFileSync(join(folder, "meta/_journal.json"), JSON.stringify({ ...journal, entries }))
  for (const entry of entries) copyFileSync(join(migrations, `${entry.tag}.sql`), join(folder, `${entry.tag}.sql`))
  return folder
}

/** A database an older release left: migrated up to a tag, holding its rows, opened as a start of this release would. */
export interface OldDatabase {
  /** openDatabase on it: the newer migrations and the start-up steps run. */
  readonly open: () => Promise<Database>
  readonly dispose: () => Promise<void>
}

/**
 * Migrates a fresh database (a PGlite data folder, or a PostgreSQL schema of its own) up
 * to `tag` and runs `rows` (SQL) in it, as that release would have stored them.
 */
export async function databaseAt(database: DatabaseUnderTest, tag: string, rows: string): Promise<OldDatabase> {
  const oldMigrations = migrationsUpTo(tag)
  try {
    if (database.databaseUrl === undefined) {
      const folder = mkdtempSync(join(tmpdir(), "strength-coach-old-data-"))
      const old = new PGlite(folder)
      await migratePglite(drizzlePglite({ client: old }), { migrationsFolder: oldMigrations })
      await old.exec(rows)
      await old.close()
      return {
        open: () => openDatabase({ dataDir: folder }),
        dispose: () => {
          rmSync(folder, { recursive: true, force: true })
          return Promise.resolve()
        }
      }
    }
    const databaseUrl = database.databaseUrl
    const schemaName = freshSchemaName()
    const connection = new pg.Client({ connectionString: databaseUrl })
    await connection.connect()
    try {
      await connection.query(`create schema "${schemaName}"`)
      await connection.query(`set search_path to "${schemaName}"`)
      await migratePostgres(drizzlePostgres({ client: connection }), {
        migrationsFolder: oldMigrations,
        migrationsSchema: schemaName
      })
      await connection.query(rows)
    } finally {
      await connection.end()
    }
    return {
      open: () => openDatabase({ databaseUrl, schemaName, maxConnections: 2 }),
      dispose: () => dropPostgresSchema(databaseUrl, schemaName)
    }
  } finally {
    rmSync(oldMigrations, { recursive: true, force: true })
  }
}
