/**
 * Whether the PostgreSQL half of the server suite ran, said out loud: with DATABASE_URL
 * set, the server must answer (a wrong or dead URL fails here, by name, not as a dozen
 * unrelated failures); without it, a notice nobody can miss, and a failure when the run
 * promised PostgreSQL (REQUIRE_POSTGRES=1, as .ci/run sets when 127.0.0.1:5432 answered).
 */
import pg from "pg"
import { describe, expect, test } from "vitest"
import { databasesUnderTest, POSTGRES_NOT_RUN_NOTICE, postgresRequired } from "./support/databases.ts"

const postgres = databasesUnderTest.find((database) => database.name === "PostgreSQL")

describe("the PostgreSQL suite", () => {
  if (postgres?.databaseUrl !== undefined) {
    const databaseUrl = postgres.databaseUrl
    test("reaches the PostgreSQL server DATABASE_URL names", async () => {
      const client = new pg.Client({ connectionString: databaseUrl, connectionTimeoutMillis: 5_000 })
      try {
        await client.connect()
        const answer = await client.query<{ one: number }>("select 1 as one")
        expect(answer.rows).toEqual([{ one: 1 }])
      } finally {
        await client.end().catch(() => undefined)
      }
    })
  } else {
    test("did not run: says so, and fails when PostgreSQL was required", () => {
      console.warn(POSTGRES_NOT_RUN_NOTICE)
      expect(postgresRequired, "REQUIRE_POSTGRES=1 but DATABASE_URL is unset").toBe(false)
    })
  }
})
