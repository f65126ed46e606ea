/**
 * Workouts written before the exercise library (free-text names) are linked to it when a
 * release with the library starts (docs/decisions/019): a name that is a canonical
 * exercise's name or alias links to it, any other becomes the workout's coach's own
 * exercise (one per coach and name however it was spelt), and a workout whose coach is
 * gone gets an exercise of no coach. The names the coach wrote stay as written. Run on a
 * database an older release left, on PGlite and PostgreSQL.
 */
import { sql } from "drizzle-orm"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import type { Database } from "#server/db/client.ts"
import { prepareExerciseLibrary } from "#server/exercises/library.ts"
import { databasesUnderTest } from "./support/databases.ts"
import { databaseAt, type OldDatabase } from "./support/old-migrations.ts"

// Two coaches and a client; workouts 1-2 by Ada, 3 by Bo, 4 by a coach whose account is gone.
const BEFORE_THE_LIBRARY = `
  insert into users (id, firebase_id, name, email, user_type) values
    (1, 'uid-ada', 'Ada Coach', 'ada@tests.dev', 'Coach'),
    (2, 'uid-bo', 'Bo Coach', 'bo@tests.dev', 'Coach'),
    (3, 'uid-cy', 'Cy Client', 'cy@tests.dev', 'Client');
  insert into workouts (id, client_id, coach_id, date, workout_order) values
    (1, 3, 1, '2025-01-06', 0), (2, 3, 1, '2025-01-08', 0), (3, 3, 2, '2025-01-10', 0), (4, 3, null, '2025-01-12', 0);
  insert into exercises (id, workout_id, exercise_order, name) values
    (1, 1, 0, 'Back Squat'), (2, 1, 1, 'squat'), (3, 1, 2, 'BB Back Squat'), (4, 1, 3, 'Front Squat'),
    (5, 1, 4, 'Zercher Carry 3x'), (6, 2, 0, 'zercher  carry 3X'), (7, 3, 0, 'Zercher Carry 3x'),
    (8, 4, 0, 'Zercher Carry 3x');
  insert into sets (id, exercise_id, set_index, reps, weight) values (1, 1, 0, 5, 225);
`

interface Linked {
  readonly id: number
  readonly name: string
  readonly library_id: string | null
  readonly coach_id: number | null
}

async function rowsOf<A>(database: Database, query: ReturnType<typeof sql>): Promise<ReadonlyArray<A>> {
  // PGlite and node-postgres both answer {rows}; the Db type leaves the driver's result open.
  const answer: unknown = await database.db.execute(query)
  return (answer as { rows: ReadonlyArray<A> }).rows
}

const linked = (database: Database) =>
  rowsOf<Linked>(
    database,
    sql`select e.id, e.name, e.library_id, l.coach_id
        from exercises as e left join exercise_library as l on l.id = e.library_id order by e.id`
  )

// Every library row with its row version (xmin): a rewrite of an equal row shows as a new xmin.
const library = (database: Database) =>
  rowsOf<unknown>(
    database,
    sql`select id, name, aliases, category, equipment, coach_id, normalized_name, xmin::text as version
        from exercise_library order by id`
  )

describe.each(databasesUnderTest)("linking workouts from before the library on $name", (database) => {
  let old: OldDatabase
  let opened: Database

  beforeAll(async () => {
    old = await databaseAt(database, "0003_client_maxes", BEFORE_THE_LIBRARY)
    opened = await old.open()
  })
  afterAll(async () => {
    await opened.close()
    await old.dispose()
  })

  it("links names of canonical exercises and their aliases to them, keeping the names written", async () => {
    const rows = await linked(opened)
    expect(rows.slice(0, 4)).toEqual([
      { id: 1, name: "Back Squat", library_id: "back-squat", coach_id: null },
      { id: 2, name: "squat", library_id: "back-squat", coach_id: null },
      { id: 3, name: "BB Back Squat", library_id: "back-squat", coach_id: null },
      { id: 4, name: "Front Squat", library_id: "front-squat", coach_id: null }
    ])
  })

  it("makes any other name the coach's own exercise: one per coach and name, however it was spelt", async () => {
    const [, , , , ada, adaAgain, bo, gone] = await linked(opened)
    expect(ada?.library_id).toMatch(/^custom-[1-9]\d*$/)
    expect(ada?.name).toBe("Zercher Carry 3x")
    expect(ada?.coach_id).toBe(1)
    expect(adaAgain).toEqual({ ...ada, id: 6, name: "zercher  carry 3X" })
    expect(bo).toMatchObject({ name: "Zercher Carry 3x", coach_id: 2 })
    expect(bo?.library_id).not.toBe(ada?.library_id)
    // The coach is gone: an exercise of no coach, not the canonical list and not another coach's.
    expect(gone).toMatchObject({ name: "Zercher Carry 3x", coach_id: null })
    expect(gone?.library_id).toMatch(/^custom-/)
    expect(new Set([ada?.library_id, bo?.library_id, gone?.library_id]).size).toBe(3)
  })

  it("every workout exercise has a library exercise, and each catalogue exercise is stored once", async () => {
    expect((await linked(opened)).filter((row) => row.library_id === null)).toEqual([])
    const [counts] = await rowsOf<{ canonical: number; custom: number }>(
      opened,
      sql`select count(*) filter (where id not like 'custom-%')::int as canonical,
                 count(*) filter (where id like 'custom-%')::int as custom
          from exercise_library`
    )
    expect(counts?.custom).toBe(3)
    expect(counts?.canonical).toBeGreaterThan(100)
  })

  it("running the step again, or starting again, changes nothing", async () => {
    const before = { rows: await linked(opened), library: await library(opened) }
    await prepareExerciseLibrary(opened.db)
    expect({ rows: await linked(opened), library: await library(opened) }).toEqual(before)
    await opened.close()
    opened = await old.open()
    expect({ rows: await linked(opened), library: await library(opened) }).toEqual(before)
  })

  it("a row left unlinked after the upgrade (an older instance still running) is linked at the next start", async () => {
    await opened.db.execute(sql`insert into exercises (id, workout_id, exercise_order, name) values
      (9, 2, 1, 'Deadlifts'), (10, 2, 2, 'Zercher Carry 3x')`)
    const ada = (await linked(opened)).find((row) => row.id === 5)
    await opened.close()
    opened = await old.open()
    const rows = await linked(opened)
    expect(rows.find((row) => row.id === 9)).toMatchObject({ name: "Deadlifts", library_id: "deadlift" })
    expect(rows.find((row) => row.id === 10)?.library_id).toBe(ada?.library_id)
  })

  it("a coach's account going leaves their exercises, with no coach, still named by their clients' workouts", async () => {
    const before = (await linked(opened)).find((row) => row.id === 7)
    await opened.db.execute(sql`delete from users where id = 2`)
    expect((await linked(opened)).find((row) => row.id === 7)).toEqual({ ...before, coach_id: null })
  })
})
