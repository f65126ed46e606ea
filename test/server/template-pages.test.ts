/* eslint-disable @typescript-eslint/no-unsafe-member-access, @typescript-eslint/no-unsafe-assignment, @typescript-eslint/no-unsafe-argument -- these tests read the raw JSON answers the way any API client would; the assertions check their shape */
/**
 * A coach's template list from stored summaries, whole and in pages (docs/decisions/051):
 * each template's days, workouts and exercises are stored when it is saved, as the list
 * once worked them out from its content at every read; GET /api/templates answers them
 * all by name (case aside) then id, and GET /api/templates/page the same order in keyset
 * pages, each template once. Only the coach's own; a client is refused. On PGlite and
 * PostgreSQL.
 */
import { eq, sql } from "drizzle-orm"
import * as Schema from "effect/Schema"
import { beforeAll, describe, expect, it } from "vitest"
import { UserId } from "#domain/ids.ts"
import { parseProgramCsv } from "#domain/program-format.ts"
import { templateCursor } from "#domain/template-cursor.ts"
import { MAX_TEMPLATES_PER_COACH, TEMPLATE_PAGE_SIZE, TemplatePage } from "#domain/templates.ts"
import { makeGateway } from "#gateway/gateway.ts"
import { workoutTemplates } from "#server/db/schema.ts"
import { type Account, SQUAT_WORKOUT, useApiUnderTest } from "./support/api-under-test.ts"
import { oneExercise } from "./support/coached-client.ts"
import { databasesUnderTest } from "./support/databases.ts"

interface Listed {
  readonly id: number
  readonly name: string
}

/** A program whose exercises repeat across its days and within one: each is listed once, where it first appears. */
const PROGRAM_CSV = [
  "week,day,workout,exercise,sets,reps,load",
  "1,1,Heavy,Back Squat,3,5,100 kg",
  "1,1,Heavy,Tire Flip Relay,1,AMRAP,",
  "1,3,,Bench Press,2,8,75%",
  "2,1,Heavy,Back Squat,2,5,105 kg",
  "2,1,Heavy,Bench Press,1,3,230 lb",
  "2,5,,Deadlift,1,3,RPE 8"
].join("\n")

/** How GET /api/templates worked out every summary from the content before summaries were stored. */
const summariesFromContent = (coachId: number) => sql`
  select t.id,
    coalesce((select max((w ->> 'offset')::int) - min((w ->> 'offset')::int) + 1
      from jsonb_array_elements(t.content) w), 0) as days,
    jsonb_array_length(t.content) as workouts,
    coalesce((select jsonb_agg(named.name order by named.first)
      from (select e ->> 'name' as name, min(wi * 100000 + ei) as first
        from jsonb_array_elements(t.content) with ordinality as w(workout, wi),
          jsonb_array_elements(w.workout -> 'exercises') with ordinality as x(e, ei)
        group by e ->> 'name') named), '[]'::jsonb) as exercises
  from ${workoutTemplates} t
  where t.coach_id = ${coachId}
  order by t.id`

/** The list's order: name with case aside, then id (names here are ASCII, ordered alike by every collation). */
const inListOrder = <T extends Listed>(templates: ReadonlyArray<T>): Array<T> =>
  [...templates].sort((a, b) => {
    const [x, y] = [a.name.toLowerCase(), b.name.toLowerCase()]
    return x < y ? -1 : x > y ? 1 : a.id - b.id
  })

describe.each(databasesUnderTest)("template pages on $name", (database) => {
  const api = useApiUnderTest(database)
  let coach: Account
  let client: Account
  let otherCoach: Account

  const save = (name: string, source: object, who: Account = coach) =>
    api.call("POST", "/beta/api/templates", { token: who.idToken, body: { name, source } })
  const list = (who: Account) => api.call("GET", "/beta/api/templates", { token: who.idToken })
  const page = (who: Account | null, query = "") =>
    api.call("GET", `/beta/api/templates/page${query}`, { token: who?.idToken })
  const workoutOf = (date: string) => ({ kind: "workout", clientId: client.id, date, workoutOrder: 0 })

  /** Every page from the first, `limit` at a time, as a client follows `next`. */
  const walk = async (who: Account, limit: number) => {
    const pages: Array<ReadonlyArray<Listed>> = []
    let after: string | null = null
    do {
      const query: string = `?limit=${limit}${after === null ? "" : `&after=${encodeURIComponent(after)}`}`
      const answer = await page(who, query)
      expect(answer.status).toBe(200)
      expect(Schema.is(TemplatePage)(answer.body)).toBe(true)
      pages.push(answer.body.templates)
      after = answer.body.next
    } while (after !== null && pages.length <= MAX_TEMPLATES_PER_COACH)
    return pages
  }

  beforeAll(async () => {
    coach = await api.signupAs("Coach", "Page Coach")
    client = await api.clientOf(coach, "Page Client")
    otherCoach = await api.signupAs("Coach", "Other Page Coach")
    await api.saveWorkout(coach, client, "2026-03-02", SQUAT_WORKOUT)
    await api.saveWorkout(coach, client, "2026-03-04", oneExercise("Deadlift", 3, 3))
    await api.saveWorkout(coach, client, "2026-03-05", [
      ...oneExercise("Overhead Press", 2, 8),
      ...oneExercise("Back Squat", 1, 5)
    ])
  })

  it("stores each template's summary when it is saved, as the list once worked it out from the content", async () => {
    const week = await save("Summary week", { kind: "week", clientId: client.id, from: "2026-03-01" })
    const workout = await save("Summary workout", workoutOf("2026-03-05"))
    const reading = parseProgramCsv(PROGRAM_CSV, "Summary program")
    const program = await api.call("POST", "/beta/api/templates/import", {
      token: coach.idToken,
      body: { name: "Summary program", program: reading.program }
    })
    expect([week.status, workout.status, program.status]).toEqual([200, 200, 200])
    expect(week.body).toMatchObject({
      days: 4,
      workouts: 3,
      exercises: ["Squat", "Bench Press", "Deadlift", "Overhead Press", "Back Squat"]
    })
    expect(program.body).toMatchObject({
      days: 12,
      workouts: 4,
      exercises: ["Back Squat", "Tire Flip Relay", "Bench Press", "Deadlift"]
    })

    const { db } = api.server().database
    const stored = await db
      .select({
        id: workoutTemplates.id,
        days: workoutTemplates.daySpan,
        workouts: workoutTemplates.workoutCount,
        exercises: workoutTemplates.exerciseNames
      })
      .from(workoutTemplates)
      .where(eq(workoutTemplates.coachId, UserId.make(coach.id)))
      .orderBy(workoutTemplates.id)
    const { rows: worked } = await db.execute(summariesFromContent(coach.id))
    expect(stored).toHaveLength(3)
    expect(stored).toEqual(worked)
    // What the saves answered is what is stored, and what the list reads.
    const saved = [week.body, workout.body, program.body]
    expect(stored).toEqual(saved.map(({ id, days, workouts, exercises }) => ({ id, days, workouts, exercises })))
    expect((await list(coach)).body).toEqual(inListOrder(saved))
  })

  it("lists by name with case aside, then id, and pages that order across a tie; a removal between pages skips nothing", async () => {
    const owner = await api.signupAs("Coach", "Order Coach")
    const lifter = await api.clientOf(owner, "Order Client")
    await api.saveWorkout(owner, lifter, "2026-03-02", SQUAT_WORKOUT)
    const source = { kind: "workout", clientId: lifter.id, date: "2026-03-02", workoutOrder: 0 }
    const saved: Array<Listed> = []
    for (const name of ["delta", "Alpha", "charlie", "alpha", "Bravo", "ALPHA 2", "Echo"]) {
      const answer = await save(name, source, owner)
      expect(answer.status).toBe(200)
      saved.push(answer.body)
    }
    const listed = (await list(owner)).body as ReadonlyArray<Listed>
    expect(listed.map((template) => template.name)).toEqual([
      "Alpha",
      "alpha",
      "ALPHA 2",
      "Bravo",
      "charlie",
      "delta",
      "Echo"
    ])
    expect(listed.map((template) => template.id)).toEqual(inListOrder(saved).map((template) => template.id))
    // One a page: every boundary, the tie of Alpha and alpha among them.
    const pages = await walk(owner, 1)
    expect(pages.map((one) => one.length)).toEqual([1, 1, 1, 1, 1, 1, 1])
    expect(pages.flat()).toEqual(listed)

    const first = await page(owner, "?limit=2")
    expect(first.body.templates).toEqual(listed.slice(0, 2))
    const removed = await api.call("DELETE", `/beta/api/templates/${listed[1]?.id}`, { token: owner.idToken })
    expect(removed.status).toBe(200)
    const second = await page(owner, `?limit=2&after=${encodeURIComponent(first.body.next)}`)
    expect(second.body.templates).toEqual(listed.slice(2, 4))
  })

  it(`walks ${MAX_TEMPLATES_PER_COACH} templates in pages of ${TEMPLATE_PAGE_SIZE}: each once, in the list's order`, async () => {
    const owner = await api.signupAs("Coach", "Full Shelf Coach")
    const lifter = await api.clientOf(owner, "Full Shelf Client")
    await api.saveWorkout(owner, lifter, "2026-03-02", SQUAT_WORKOUT)
    const first = await save(
      "Block 49",
      { kind: "workout", clientId: lifter.id, date: "2026-03-02", workoutOrder: 0 },
      owner
    )
    expect(first.status).toBe(200)
    // The rest stored directly (a hundred saves would meet the rate limit first), newest
    // names first so ids do not follow names, and every name twice but for its case.
    const { db } = api.server().database
    const [stored] = await db.select().from(workoutTemplates).where(eq(workoutTemplates.id, first.body.id))
    if (stored === undefined) throw new Error("the first template is not stored")
    const { id: _id, createdAt: _createdAt, ...row } = stored
    await db.insert(workoutTemplates).values(
      Array.from({ length: MAX_TEMPLATES_PER_COACH - 1 }, (_, n) => {
        const block = String(Math.floor((MAX_TEMPLATES_PER_COACH - 2 - n) / 2)).padStart(2, "0")
        return { ...row, name: n % 2 === 0 ? `block ${block}` : `Block ${block}` }
      })
    )
    const all = (await list(owner)).body as ReadonlyArray<Listed>
    expect(all).toHaveLength(MAX_TEMPLATES_PER_COACH)
    expect(all.map((template) => template.id)).toEqual(inListOrder(all).map((template) => template.id))

    const pages = await walk(owner, TEMPLATE_PAGE_SIZE)
    expect(pages.map((one) => one.length)).toEqual([25, 25, 25, 25])
    const walked = pages.flat()
    expect(new Set(walked.map((template) => template.id)).size).toBe(MAX_TEMPLATES_PER_COACH)
    expect(walked).toEqual(all)
    // Without a limit a page holds TEMPLATE_PAGE_SIZE.
    const unlimited = await page(owner)
    expect(unlimited.body.templates).toEqual(pages[0])
    expect(unlimited.body.next).toEqual(expect.any(String))
    // One page may hold them all; it is the last.
    expect((await page(owner, `?limit=${MAX_TEMPLATES_PER_COACH}`)).body).toEqual({ templates: all, next: null })

    // The browser's client walks them alike, sending each `next` back as `after`.
    const gateway = makeGateway({ baseUrl: api.server().url, getIdToken: () => Promise.resolve(owner.idToken) })
    let answer = await gateway.templatePage()
    const fromGateway: Array<Listed> = [...answer.templates]
    while (answer.next !== null && fromGateway.length < MAX_TEMPLATES_PER_COACH) {
      answer = await gateway.templatePage({ after: answer.next })
      fromGateway.push(...answer.templates)
    }
    expect(fromGateway).toEqual(all)
    expect(answer.next).toBeNull()
  })

  it.each([["0"], ["101"], ["2.5"], ["-1"], ["many"], [""]])("limit=%s is a 400 naming limit", async (limit) => {
    const answer = await page(coach, `?limit=${limit}`)
    expect(answer.status).toBe(400)
    expect(answer.body.error).toMatch(/^limit: /)
  })

  it.each([
    ["not base64url", "?after=%21%21"],
    ["empty", "?after="],
    ["not JSON", `?after=${btoa("Alpha").replaceAll("=", "")}`],
    ["an object", `?after=${btoa("{}").replaceAll("=", "")}`],
    ["id 0", `?after=${templateCursor({ name: "Alpha", id: 0 })}`],
    ["a name too long for a template", `?after=${templateCursor({ name: "x".repeat(81), id: 1 })}`]
  ])("an after that is %s is a 400 naming after", async (_, query) => {
    const answer = await page(coach, query)
    expect(answer.status).toBe(400)
    expect(answer.body.error).toMatch(/^after: /)
  })

  it("without a token it is a 401; a client is refused with a 403", async () => {
    expect((await page(null)).status).toBe(401)
    expect(await page(client)).toEqual({ status: 403, body: { error: "Only coaches can use templates" } })
    expect((await list(client)).status).toBe(403)
  })

  it("another coach pages their own templates only, even from this coach's cursor", async () => {
    const mine = await page(coach, "?limit=1")
    expect(mine.body.templates).toHaveLength(1)
    expect(await page(otherCoach)).toEqual({ status: 200, body: { templates: [], next: null } })
    expect(await page(otherCoach, `?after=${encodeURIComponent(mine.body.next)}`)).toEqual({
      status: 200,
      body: { templates: [], next: null }
    })
    expect(await list(otherCoach)).toEqual({ status: 200, body: [] })
  })
})
