import { mkdtempSync, rmSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { sql } from "drizzle-orm"
import { afterAll, describe, expect, it } from "vitest"
import { dropPostgresSchema, openDatabase, type Database } from "#server/db/client.ts"
import { databasesUnderTest, freshSchemaName } from "./support/databases.ts"
import { databaseAt, journal } from "./support/old-migrations.ts"

// A set logged before 0002: RIR was a whole number, nothing was skipped or added.
const LOGGED_BEFORE_0002 = `
  insert into users (id, firebase_id, name, email, user_type) values (1, 'uid-before', 'Bea Before', 'bea@tests.dev', 'Client');
  insert into workouts (id, client_id, date, workout_order) values (1, 1, '2025-01-06', 0);
  insert into exercises (id, workout_id, exercise_order, name) values (1, 1, 0, 'Squat');
  insert into sets (id, exercise_id, set_index, reps, rir) values (1, 1, 0, 5, 2);
  insert into set_results (set_id, performed_reps, performed_rir) values (1, 5, 2);
`

const loggedAfterUpgrade = async (database: Database) => {
  const answer = await database.db.execute(sql`
    select r.performed_reps, r.performed_rir, pg_typeof(r.performed_rir)::text as rir_type, r.skipped,
           s.added_by_client
    from set_results as r join sets as s on s.id = r.set_id
  `)
  return (answer as { rows: ReadonlyArray<unknown> }).rows
}

const UPGRADED = [
  { performed_reps: 5, performed_rir: 2, rir_type: "double precision", skipped: false, added_by_client: false }
]

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

describe.each(databasesUnderTest)("upgrading a database on $name", (under) => {
  it("keeps what was logged before 0002: RIR as it was, now in half steps, nothing skipped or added", async () => {
    const old = await databaseAt(under, "0001_workout_save_keys", LOGGED_BEFORE_0002)
    try {
      const database = await old.open()
      try {
        expect(await loggedAfterUpgrade(database)).toEqual(UPGRADED)
      } finally {
        await database.close()
      }
    } finally {
      await old.dispose()
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
