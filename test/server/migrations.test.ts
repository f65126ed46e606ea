import { mkdtempSync, readFileSync, rmSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { sql } from "drizzle-orm"
import { afterAll, describe, expect, it } from "vitest"
import { dropPostgresSchema, openDatabase, type Database } from "#server/db/client.ts"
import { databasesUnderTest, freshSchemaName } from "./support/databases.ts"

const journal = JSON.parse(
  readFileSync(new URL("../../server/db/migrations/meta/_journal.json", import.meta.url), "utf8")
) as { entries: ReadonlyArray<unknown> }

const appliedMigrations = async (database: Database, migrationsSchema: string) => {
  const answer = await database.db.execute<{ applied: number }>(
    sql`select count(*)::int as applied from ${sql.identifier(migrationsSchema)}.__drizzle_migrations`
  )
  return (answer as { rows: ReadonlyArray<{ applied: number }> }).rows[0]?.applied
}

const postgres = databasesUnderTest.find((database) => database.databaseUrl !== undefined)

describe.each(postgres === undefined ? [] : [postgres])("migrations at start on $name", ({ databaseUrl = "" }) => {
  const schemaName = freshSchemaName()
  afterAll(() => dropPostgresSchema(databaseUrl, schemaName))

  it("several instances starting at once on one fresh schema all start, and migrate it once", async () => {
    const opened = await Promise.allSettled(
      Array.from({ length: 4 }, () => openDatabase({ databaseUrl, schemaName, maxConnections: 2 }))
    )
    const databases = opened.flatMap((result) => (result.status === "fulfilled" ? [result.value] : []))
    try {
      expect(opened.map((result) => result.status)).toEqual(["fulfilled", "fulfilled", "fulfilled", "fulfilled"])
      const [first] = databases
      if (first === undefined) throw new Error("no database opened")
      expect(await appliedMigrations(first, schemaName)).toBe(journal.entries.length)
      const tables = await first.db.execute<{ tables: number }>(
        sql`select count(*)::int as tables from information_schema.tables where table_schema = ${schemaName} and table_name = 'workouts'`
      )
      expect((tables as { rows: ReadonlyArray<{ tables: number }> }).rows[0]?.tables).toBe(1)
    } finally {
      await Promise.all(databases.map((database) => database.close()))
    }
  })
})

describe("migrations at start on PGlite", () => {
  const dataDir = mkdtempSync(join(tmpdir(), "strength-coach-migrate-"))
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }))

  it("reopening a migrated data folder applies nothing twice", async () => {
    for (let start = 0; start < 2; start++) {
      const database = await openDatabase({ dataDir })
      try {
        expect(await appliedMigrations(database, "drizzle")).toBe(journal.entries.length)
      } finally {
        await database.close()
      }
    }
  })

  it("a fresh clone without the data folder's parents starts and migrates", async () => {
    const nested = join(dataDir, "not-yet", "db")
    const database = await openDatabase({ dataDir: nested })
    try {
      expect(await appliedMigrations(database, "drizzle")).toBe(journal.entries.length)
    } finally {
      await database.close()
    }
  })
})
