/**
 * The request deadline's reach into statements (server/deadline.ts). On PostgreSQL a
 * transaction's statements are cut at the time left, never above the pool's own timeout.
 *
 * Statements prepared once per database (server/deadline.ts, preparedOnce): a request's
 * view of the database is new every request, so a cache keyed by it built them every time.
 * They are built once on the database itself, refused past the request's deadline, and a
 * write outside a transaction marks the request committing (a deadline passing during it
 * then waits for its answer instead of answering 503 over a kept write).
 */
import { sql } from "drizzle-orm"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { DATABASE_DEADLINES, dropPostgresSchema, openDatabase, type Database, type Db } from "#server/db/client.ts"
import { DeadlinePassed, preparedOnce, withinRequestDeadline, type RequestDeadline } from "#server/deadline.ts"
import { databasesUnderTest, freshSchemaName } from "./support/databases.ts"

const deadlineIn = (ms: number): RequestDeadline => ({
  signal: new AbortController().signal,
  at: Date.now() + ms,
  committing: false
})

describe("statements prepared once per database", () => {
  let database: Database
  beforeAll(async () => {
    database = await openDatabase({ dataDir: "memory://" })
  })
  afterAll(async () => {
    await database.close()
  })

  it("builds them once for every request's view of one database, on the database itself", () => {
    const cache = new WeakMap<Db, { readonly builtOn: Db }>()
    const builds: Array<Db> = []
    const build = (db: Db) => {
      builds.push(db)
      return { builtOn: db }
    }
    const first = preparedOnce(cache, withinRequestDeadline(database.db, deadlineIn(10_000)), build)
    const second = preparedOnce(cache, withinRequestDeadline(database.db, deadlineIn(10_000)), build)
    expect(builds).toEqual([database.db])
    expect(second).toBe(first)
    expect(preparedOnce(cache, database.db, build)).toBe(first)
  })

  it("hands nothing out past the request's deadline", () => {
    const cache = new WeakMap<Db, object>()
    const late = withinRequestDeadline(database.db, deadlineIn(-1))
    expect(() => preparedOnce(cache, late, () => ({}))).toThrow(DeadlinePassed)
  })

  it("marks a request committing for a write on its own, never for a read", () => {
    const reading = deadlineIn(10_000)
    preparedOnce(new WeakMap<Db, object>(), withinRequestDeadline(database.db, reading), () => ({}), "read")
    expect(reading.committing).toBe(false)
    const writing = deadlineIn(10_000)
    preparedOnce(new WeakMap<Db, object>(), withinRequestDeadline(database.db, writing), () => ({}), "write")
    expect(writing.committing).toBe(true)
  })

  it("inside a transaction, builds on the transaction and leaves committing to its COMMIT", async () => {
    const deadline = deadlineIn(10_000)
    const cache = new WeakMap<Db, { readonly builtOn: Db }>()
    const view = withinRequestDeadline(database.db, deadline)
    const builtOn = await view.transaction((tx) => {
      const statements = preparedOnce(cache, tx, (db) => ({ builtOn: db }), "write")
      expect(deadline.committing).toBe(false)
      return Promise.resolve(statements.builtOn)
    })
    expect(builtOn).not.toBe(database.db)
    expect(deadline.committing).toBe(true)
  })
})

const postgresUrl = databasesUnderTest.find((database) => database.name === "PostgreSQL")?.databaseUrl

// Only PostgreSQL has statement_timeout per transaction; PGlite stops at the next statement.
if (postgresUrl !== undefined) {
  describe("a transaction's statement timeout on PostgreSQL", () => {
    const schemaName = freshSchemaName()
    let database: Database
    beforeAll(async () => {
      database = await openDatabase({ databaseUrl: postgresUrl, schemaName })
    })
    afterAll(async () => {
      await database.close()
      await dropPostgresSchema(postgresUrl, schemaName)
    })

    /** statement_timeout inside a transaction of a request with `ms` left, in milliseconds. */
    const timeoutWithin = (ms: number) =>
      withinRequestDeadline(database.db, deadlineIn(ms)).transaction(async (tx) => {
        const { rows } = await tx.execute<{ ms: string }>(
          sql`select extract(epoch from current_setting('statement_timeout')::interval) * 1000 as ms`
        )
        return Number(rows[0]?.ms)
      })

    it("is the time left when that is less than the pool's", async () => {
      const ms = await timeoutWithin(2_000)
      expect(ms).toBeGreaterThan(0)
      expect(ms).toBeLessThanOrEqual(2_000)
    })

    it("stays the pool's when more time is left", async () => {
      expect(await timeoutWithin(60_000)).toBe(DATABASE_DEADLINES.statementMs)
    })
  })
}
