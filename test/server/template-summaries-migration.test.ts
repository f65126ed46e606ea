/**
 * Templates kept before their summaries were stored (migration 0014, docs/decisions/051)
 * get them when a release with stored summaries starts: worked out in SQL from each
 * template's content, equal to what saveTemplate now stores (templateSummary), so the
 * list reads the same summaries it once worked out at every read. Run on a database an
 * older release left, on PGlite and PostgreSQL.
 */
import { eq } from "drizzle-orm"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { UserId } from "#domain/ids.ts"
import type { Database } from "#server/db/client.ts"
import { workoutTemplates } from "#server/db/schema.ts"
import { decodeContent } from "#server/programming/content.ts"
import { templateSummary } from "#server/programming/template-summary.ts"
import { listTemplates } from "#server/programming/templates-repository.ts"
import { databasesUnderTest } from "./support/databases.ts"
import { databaseAt, type OldDatabase } from "./support/old-migrations.ts"

const exercise = (name: string) => ({
  name,
  sets: [{ set: 0, amsap: false, fields: [{ name: "reps" as const, value: 5 }] }]
})

const workout = (offset: number, names: ReadonlyArray<string>, weekday?: number) => ({
  offset,
  ...(weekday === undefined ? {} : { weekday }),
  category: "Strength",
  exercises: names.map(exercise)
})

/** Each kind as an older release stored it (jsonb, as written); names repeat within a workout and across them. */
const KEPT: ReadonlyArray<{ readonly name: string; readonly kind: string; readonly content: ReadonlyArray<object> }> = [
  { name: "upper day", kind: "workout", content: [workout(0, ["Bench Press", "Row", "Bench Press"])] },
  {
    name: "Base week",
    kind: "week",
    content: [
      workout(1, ["Back Squat", "Bench Press"], 1),
      workout(3, ["Deadlift"], 3),
      workout(5, ["Overhead Press", "Back Squat"], 5)
    ]
  },
  {
    // Saved before weekdays were kept: offsets from Sunday, none kept.
    name: "old week",
    kind: "week",
    content: [workout(2, ["Front Squat"]), workout(2, ["Chin Up", "Front Squat"])]
  },
  {
    name: "Block",
    kind: "program",
    content: [
      workout(0, ["Back Squat", "Tire Flip Relay"]),
      workout(2, ["Bench Press"]),
      workout(7, ["Back Squat", "Bench Press"]),
      workout(40, ["Deadlift", "Tire Flip Relay", "Farmer Carry"])
    ]
  }
]

const quoted = (json: unknown) => `'${JSON.stringify(json).replaceAll("'", "''")}'::jsonb`

const BEFORE_STORED_SUMMARIES = `
  insert into users (id, firebase_id, name, email, user_type) values
    (1, 'uid-cora', 'Cora Coach', 'cora@tests.dev', 'Coach'),
    (2, 'uid-dale', 'Dale Coach', 'dale@tests.dev', 'Coach');
  insert into workout_templates (id, coach_id, name, kind, content, content_hash) values
    ${KEPT.map((kept, n) => `(${n + 1}, 1, '${kept.name}', '${kept.kind}', ${quoted(kept.content)}, 'hash-${n + 1}')`).join(",\n    ")},
    (${KEPT.length + 1}, 2, 'Not yours', 'workout', ${quoted([workout(0, ["Lunge"])])}, 'hash-other');
`

describe.each(databasesUnderTest)("summaries of templates kept before they were stored, on $name", (database) => {
  let old: OldDatabase
  let opened: Database

  beforeAll(async () => {
    old = await databaseAt(database, "0013_form_check_videos", BEFORE_STORED_SUMMARIES)
    opened = await old.open()
  })
  afterAll(async () => {
    await opened.close()
    await old.dispose()
  })

  it("stores each one's summary from its content, as saveTemplate works it out", async () => {
    const rows = await opened.db
      .select({
        id: workoutTemplates.id,
        content: workoutTemplates.content,
        daySpan: workoutTemplates.daySpan,
        workoutCount: workoutTemplates.workoutCount,
        exerciseNames: workoutTemplates.exerciseNames
      })
      .from(workoutTemplates)
      .orderBy(workoutTemplates.id)
    expect(rows).toHaveLength(KEPT.length + 1)
    for (const { id: _id, content, ...stored } of rows) expect(stored).toEqual(templateSummary(decodeContent(content)))
    expect(rows.map(({ daySpan, workoutCount, exerciseNames }) => [daySpan, workoutCount, exerciseNames])).toEqual([
      [1, 1, ["Bench Press", "Row"]],
      [5, 3, ["Back Squat", "Bench Press", "Deadlift", "Overhead Press"]],
      [1, 2, ["Front Squat", "Chin Up"]],
      [41, 4, ["Back Squat", "Tire Flip Relay", "Bench Press", "Deadlift", "Farmer Carry"]],
      [1, 1, ["Lunge"]]
    ])
  })

  it("lists the coach's own from the stored summaries, by name with case aside", async () => {
    const listed = await listTemplates(opened.db, UserId.make(1))
    expect(listed.map((template) => [template.name, template.kind, template.days])).toEqual([
      ["Base week", "week", 5],
      ["Block", "program", 41],
      ["old week", "week", 1],
      ["upper day", "workout", 1]
    ])
    const [stored] = await opened.db
      .select({ exerciseNames: workoutTemplates.exerciseNames })
      .from(workoutTemplates)
      .where(eq(workoutTemplates.name, "Block"))
    expect(listed[1]?.exercises).toEqual(stored?.exerciseNames)
  })
})
