/**
 * The databases every server test runs against: PGlite always, PostgreSQL when
 * DATABASE_URL is set. Without it the PostgreSQL half of the suite does not run, and
 * test/server/postgres-suite.test.ts says so loudly rather than letting it vanish.
 * REQUIRE_POSTGRES=1 (set by .ci/run when it found PostgreSQL) turns that into a failure.
 */
export interface DatabaseUnderTest {
  readonly name: "PGlite" | "PostgreSQL"
  readonly databaseUrl: string | undefined
}

const databaseUrl = process.env["DATABASE_URL"] === "" ? undefined : process.env["DATABASE_URL"]

/** True when the run promised PostgreSQL: then not reaching it fails the run. */
export const postgresRequired = process.env["REQUIRE_POSTGRES"] === "1"

if (postgresRequired && databaseUrl === undefined) {
  throw new Error("REQUIRE_POSTGRES=1 but DATABASE_URL is unset: the PostgreSQL suite cannot run")
}

export const databasesUnderTest: ReadonlyArray<DatabaseUnderTest> = [
  { name: "PGlite", databaseUrl: undefined },
  ...(databaseUrl === undefined ? [] : [{ name: "PostgreSQL" as const, databaseUrl }])
]

/** The notice printed when the PostgreSQL suite did not run. */
export const POSTGRES_NOT_RUN_NOTICE = [
  "",
  "!".repeat(78),
  "!!  The PostgreSQL half of the server suite DID NOT RUN: DATABASE_URL is unset.",
  "!!  Only PGlite was tested. To test PostgreSQL too, point DATABASE_URL at a server:",
  "!!    DATABASE_URL=postgres://postgres@127.0.0.1:5432/test npm test",
  "!".repeat(78),
  ""
].join("\n")

/** A fresh schema name per server so parallel files and reruns never share tables. */
export const freshSchemaName = () => `test_${Date.now().toString(36)}_${Math.random().toString(36).slice(2, 8)}`
