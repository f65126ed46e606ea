/* eslint-disable @typescript-eslint/no-unsafe-member-access, @typescript-eslint/no-unsafe-assignment, @typescript-eslint/no-unsafe-argument, @typescript-eslint/no-unsafe-call -- these tests read the raw JSON answers the way any API client would; the assertions check their shape */
/**
 * Templates (docs/decisions/025): a coach saves a workout or a week of a client
 * under a name, lists them, applies one to any of their clients from a date (a copy with
 * a template source) and removes it. The content is a copy: changing the workout later
 * does not change the template. On PGlite and PostgreSQL; who may call is in
 * programming-authorization.test.ts.
 */
import * as Schema from "effect/Schema"
import { beforeAll, describe, expect, it } from "vitest"
import { Templates } from "#domain/templates.ts"
import { type Account, SQUAT_WORKOUT, useApiUnderTest } from "./support/api-under-test.ts"
import { oneExercise } from "./support/coached-client.ts"
import { databasesUnderTest } from "./support/databases.ts"

let keys = 0
const freshKey = () => `template-${Date.now().toString(36)}-${(keys++).toString().padStart(6, "0")}`

describe.each(databasesUnderTest)("templates on $name", (database) => {
  const api = useApiUnderTest(database)
  let coach: Account
  let client: Account

  const save = (name: string, source: object, who: Account = coach) =>
    api.call("POST", "/beta/api/templates", { token: who.idToken, body: { name, source } })
  const list = (who: Account = coach) => api.call("GET", "/beta/api/templates", { token: who.idToken })
  const remove = (id: number, who: Account = coach) =>
    api.call("DELETE", `/beta/api/templates/${id}`, { token: who.idToken })
  const week = (from = "2026-03-01") => ({ kind: "week", clientId: client.id, from })
  const workout = (date = "2026-03-02", workoutOrder = 0) => ({
    kind: "workout",
    clientId: client.id,
    date,
    workoutOrder
  })
  const rowsOf = async (of: Account, from: string, to = from) =>
    (await api.call("GET", `/beta/api/workouts/${of.id}?from=${from}&to=${to}`, { token: coach.idToken }))
      .body as Array<{
      readonly id: number
      readonly date: string
      readonly [field: string]: unknown
    }>

  beforeAll(async () => {
    coach = await api.signupAs("Coach", "Template Coach")
    client = await api.clientOf(coach, "Tess Template")
    await api.saveWorkout(coach, client, "2026-03-02", SQUAT_WORKOUT)
    await api.saveWorkout(coach, client, "2026-03-04", oneExercise("Deadlift", 3, 3))
    await api.saveWorkout(coach, client, "2026-03-05", oneExercise("Overhead Press", 2, 8))
  })

  it("saves a week and a workout, and lists them by name with what they hold", async () => {
    const upper = await save("Upper day", workout())
    const block = await save("Base week", week())
    expect(upper).toEqual({
      status: 200,
      body: {
        id: expect.any(Number),
        name: "Upper day",
        kind: "workout",
        days: 1,
        workouts: 1,
        exercises: ["Squat", "Bench Press"]
      }
    })
    expect(block.body).toEqual({
      id: expect.any(Number),
      name: "Base week",
      kind: "week",
      days: 4,
      workouts: 3,
      exercises: ["Squat", "Bench Press", "Deadlift", "Overhead Press"]
    })
    const listed = await list()
    expect(listed).toEqual({ status: 200, body: [block.body, upper.body] })
    expect(Schema.is(Templates)(listed.body)).toBe(true)
  })

  it("saving the same name and content again answers the template saved; other content under it is a 409 naming name", async () => {
    const first = await save("Pull day", workout("2026-03-04"))
    expect(await save("Pull day", workout("2026-03-04"))).toEqual(first)
    const other = await save("Pull day", workout("2026-03-05"))
    expect(other.status).toBe(409)
    expect(other.body.error).toMatch(/^name: /)
    expect((await list()).body.filter((t: { name: string }) => t.name === "Pull day")).toEqual([first.body])
  })

  it("a source with no workouts is a 400 naming source, and nothing is saved", async () => {
    const before = (await list()).body
    const answer = await save("Empty", week("2027-01-03"))
    expect(answer).toEqual({
      status: 400,
      body: { error: `source: client ${client.id} has no workouts in the 7 days from 2027-01-03` }
    })
    expect((await save("Empty too", workout("2026-03-02", 5))).body.error).toMatch(/^source: /)
    expect((await list()).body).toEqual(before)
  })

  it("applying a week template to two clients from a date lands each day at its offset, loads and ids as saved", async () => {
    const template = await save("Apply me", week())
    const first = await api.clientOf(coach)
    const second = await api.clientOf(coach)
    const answer = await api.call("POST", "/beta/api/workouts/copy", {
      token: coach.idToken,
      body: {
        source: { kind: "template", templateId: template.body.id },
        targets: [
          { clientId: first.id, start: "2026-04-05" },
          { clientId: second.id, start: "2026-04-12" }
        ],
        repeats: [{ kind: "progress", loadPercent: 10, reps: 0, sets: 0 }],
        idempotencyKey: freshKey()
      }
    })
    expect(answer.status).toBe(200)
    expect(answer.body.days.map((day: { clientId: number; date: string }) => `${day.clientId} ${day.date}`)).toEqual([
      ...["2026-04-06", "2026-04-08", "2026-04-09", "2026-04-13", "2026-04-15", "2026-04-16"].map(
        (d) => `${first.id} ${d}`
      ),
      ...["2026-04-13", "2026-04-15", "2026-04-16", "2026-04-20", "2026-04-22", "2026-04-23"].map(
        (d) => `${second.id} ${d}`
      )
    ])
    const without = ({ id: _id, date: _date, ...row }: { id: number; date: string }) => row
    expect((await rowsOf(first, "2026-04-06")).map(without)).toEqual((await rowsOf(client, "2026-03-02")).map(without))
    const heavier = await rowsOf(second, "2026-04-20")
    expect(heavier.map((row) => [row.exercise_id, row.weight])).toEqual([
      ["back-squat", 247.5],
      ["back-squat", null],
      ["bench-press", null]
    ])
  })

  it("a template is a copy: a workout added to its week afterwards is not in it", async () => {
    const lifter = await api.clientOf(coach)
    const source = { kind: "week", clientId: lifter.id, from: "2026-05-03" }
    await api.saveWorkout(coach, lifter, "2026-05-04", oneExercise("Lunge", 2))
    const template = await save("Frozen", source)
    await api.saveWorkout(coach, lifter, "2026-05-05", oneExercise("Row", 2))
    expect((await list()).body.find((t: { name: string }) => t.name === "Frozen")).toEqual(template.body)
    expect(template.body).toMatchObject({ workouts: 1, exercises: ["Lunge"] })
    // The week now holds other content, so its name is taken by the saved copy.
    expect((await save("Frozen", source)).status).toBe(409)
  })

  it("removing a template answers its id; it is gone from the list, applying it is a 404, removing it again is a 404", async () => {
    const template = await save("Short-lived", workout())
    expect(await remove(template.body.id)).toEqual({ status: 200, body: { id: template.body.id } })
    expect((await list()).body.map((t: { id: number }) => t.id)).not.toContain(template.body.id)
    const apply = await api.call("POST", "/beta/api/workouts/copy", {
      token: coach.idToken,
      body: {
        source: { kind: "template", templateId: template.body.id },
        targets: [{ clientId: client.id, start: "2026-06-01" }],
        repeats: [],
        idempotencyKey: freshKey()
      }
    })
    expect(apply).toEqual({
      status: 404,
      body: {
        error: `source.templateId: no template with id ${template.body.id} among your templates`,
        code: "TemplateNotFound"
      }
    })
    expect(await remove(template.body.id)).toEqual({
      status: 404,
      body: {
        error: `templateId: no template with id ${template.body.id} among your templates`,
        code: "TemplateNotFound"
      }
    })
  })

  it.each([
    ["name", { name: "", source: { kind: "workout", clientId: 1, date: "2026-03-02", workoutOrder: 0 } }],
    ["name", { name: " padded ", source: { kind: "workout", clientId: 1, date: "2026-03-02", workoutOrder: 0 } }],
    ["name", { name: "x".repeat(81), source: { kind: "workout", clientId: 1, date: "2026-03-02", workoutOrder: 0 } }],
    ["source", { name: "Day", source: { kind: "day", clientId: 1, date: "2026-03-02" } }],
    ["source", { name: "Week", source: { kind: "week", clientId: 1, from: "2026-13-01" } }]
  ])("a bad %s is a 400 naming it", async (field, body) => {
    const answer = await api.call("POST", "/beta/api/templates", { token: coach.idToken, body })
    expect(answer.status).toBe(400)
    expect(String(answer.body.error).startsWith(field)).toBe(true)
  })

  it("a bad template id in the path is a 400 naming it", async () => {
    const answer = await api.call("DELETE", "/beta/api/templates/zero", { token: coach.idToken })
    expect(answer.status).toBe(400)
    expect(String(answer.body.error)).toMatch(/templateId/)
  })
})
