/* eslint-disable @typescript-eslint/no-unsafe-member-access, @typescript-eslint/no-unsafe-call, @typescript-eslint/no-unsafe-argument -- these tests read the raw JSON answers the way any API client would; the assertions check their shape */
/**
 * What one coach may keep in templates (docs/product.md, Limits): at most
 * MAX_TEMPLATES_PER_COACH, saved (POST /api/templates) or imported (POST
 * /api/templates/import) alike. Past it a new one is a 400 naming the limit and nothing is
 * stored; a retried save of one kept still answers it, and removing one makes room. The
 * list reads every kept template's summary as stored when it was saved, as a save answers
 * it. On PGlite and PostgreSQL.
 */
import { count, eq } from "drizzle-orm"
import { beforeAll, describe, expect, it } from "vitest"
import { UserId } from "#domain/ids.ts"
import { parseProgramCsv } from "#domain/program-format.ts"
import { MAX_TEMPLATES_PER_COACH } from "#domain/templates.ts"
import { workoutTemplates } from "#server/db/schema.ts"
import { type Account, SQUAT_WORKOUT, useApiUnderTest } from "./support/api-under-test.ts"
import { databasesUnderTest } from "./support/databases.ts"

const PROGRAM_CSV = ["week,day,workout,exercise,sets,reps,load", "1,1,Heavy,Back Squat,3,5,100 kg"].join("\n")

const LIMIT_MESSAGE = `name: you keep ${MAX_TEMPLATES_PER_COACH} templates, the most one coach may; remove one you no longer use, then save this one`

describe.each(databasesUnderTest)("the cap on a coach's templates on $name", (database) => {
  const api = useApiUnderTest(database)
  let coach: Account
  let client: Account

  const save = (name: string) =>
    api.call("POST", "/beta/api/templates", {
      token: coach.idToken,
      body: { name, source: { kind: "week", clientId: client.id, from: "2026-03-01" } }
    })
  const importProgram = (name: string) => {
    const reading = parseProgramCsv(PROGRAM_CSV, name)
    if (reading.program === null) throw new Error("no program read")
    return api.call("POST", "/beta/api/templates/import", {
      token: coach.idToken,
      body: { name, program: reading.program }
    })
  }
  const list = () => api.call("GET", "/beta/api/templates", { token: coach.idToken })
  const kept = async () => {
    const [row] = await api
      .server()
      .database.db.select({ n: count() })
      .from(workoutTemplates)
      .where(eq(workoutTemplates.coachId, UserId.make(coach.id)))
    return row?.n
  }

  beforeAll(async () => {
    coach = await api.signupAs("Coach", "Template Cap Coach")
    client = await api.clientOf(coach, "Template Cap Client")
    expect((await api.saveWorkout(coach, client, "2026-03-02", SQUAT_WORKOUT)).status).toBe(200)
    expect((await api.saveWorkout(coach, client, "2026-03-05", SQUAT_WORKOUT)).status).toBe(200)
  })

  it("saves and imports up to the cap, then refuses a new one with a 400 naming the limit", async () => {
    const first = await save("Week 001")
    expect(first.status).toBe(200)
    // The rest but two stored directly, the first one's content under other names: a
    // hundred saves would meet the rate limit first.
    const [stored] = await api
      .server()
      .database.db.select({
        content: workoutTemplates.content,
        hash: workoutTemplates.contentHash,
        daySpan: workoutTemplates.daySpan,
        workoutCount: workoutTemplates.workoutCount,
        exerciseNames: workoutTemplates.exerciseNames
      })
      .from(workoutTemplates)
      .where(eq(workoutTemplates.id, first.body.id))
    if (stored === undefined) throw new Error("the first template is not stored")
    await api
      .server()
      .database.db.insert(workoutTemplates)
      .values(
        Array.from({ length: MAX_TEMPLATES_PER_COACH - 3 }, (_, n) => ({
          coachId: UserId.make(coach.id),
          name: `Week ${String(n + 2).padStart(3, "0")}`,
          kind: "week" as const,
          content: stored.content,
          contentHash: stored.hash,
          daySpan: stored.daySpan,
          workoutCount: stored.workoutCount,
          exerciseNames: stored.exerciseNames
        }))
      )
    expect((await save("Week 099")).status).toBe(200)
    const program = await importProgram("Program 100")
    expect(program.status).toBe(200)
    expect(await kept()).toBe(MAX_TEMPLATES_PER_COACH)

    expect(await save("Week 101")).toEqual({ status: 400, body: { error: LIMIT_MESSAGE } })
    expect(await importProgram("Program 101")).toEqual({ status: 400, body: { error: LIMIT_MESSAGE } })
    expect(await kept()).toBe(MAX_TEMPLATES_PER_COACH)
    // A retried save of a kept template is not a new one.
    expect(await save("Week 001")).toEqual(first)

    const listed = await list()
    expect(listed.status).toBe(200)
    expect(listed.body).toHaveLength(MAX_TEMPLATES_PER_COACH)
    // The database's summaries are the ones the saves answered, by name.
    expect(listed.body[0]).toEqual(program.body)
    expect(listed.body[1]).toEqual(first.body)
    expect(listed.body.at(-1).name).toBe("Week 099")

    expect((await api.call("DELETE", `/beta/api/templates/${first.body.id}`, { token: coach.idToken })).status).toBe(
      200
    )
    expect((await save("Week 101")).status).toBe(200)
    expect(await kept()).toBe(MAX_TEMPLATES_PER_COACH)
  })
})
