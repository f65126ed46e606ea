/** The databases every server test runs against: PGlite always, PostgreSQL when DATABASE_URL is set. */
export interface DatabaseUnderTest {
  readonly name: "PGlite" | "PostgreSQL"
  readonly databaseUrl: string | undefined
}

export const databasesUnderTest: ReadonlyArray<DatabaseUnderTest> = [
  { name: "PGlite", databaseUrl: undefined },
  ...(process.env.DATABASE_URL ? [{ name: "PostgreSQL" as const, databaseUrl: process.env.DATABASE_URL }] : [])
]

/** A fresh schema name per server so parallel files and reruns never share tables. */
export const freshSchemaName = () => `test_${Date.now().toString(36)}_${Math.random().toString(36).slice(2, 8)}`
