/* eslint-disable @typescript-eslint/no-unsafe-member-access, @typescript-eslint/no-unsafe-assignment, @typescript-eslint/no-unsafe-argument, @typescript-eslint/no-unsafe-call, @typescript-eslint/no-unsafe-return -- these tests read the raw JSON answers the way any API client would; the assertions check their shape */
/**
 * A coach's programs (docs/decisions/049): POST /api/templates/import keeps a program file's
 * program as a template of kind "program"; applying it with the copy every template takes
 * (POST /api/workouts/copy) lands each workout on its week and day from the start; GET
 * /api/templates/{templateId}/program reads a template back as the program, which imported
 * again is the same content. Only the coach's own templates; a client is refused. On PGlite
 * and PostgreSQL.
 */
import { beforeAll, describe, expect, it } from "vitest"
import { parseProgramCsv } from "#domain/program-format.ts"
import type { Program } from "#domain/program.ts"
import { type Account, useApiUnderTest } from "./support/api-under-test.ts"
import { oneExercise } from "./support/coached-client.ts"
import { databasesUnderTest } from "./support/databases.ts"

let keys = 0
const freshKey = () => `program-${Date.now().toString(36)}-${(keys++).toString().padStart(6, "0")}`

/** Two weeks: days 1 and 3 of the first, days 1 and 5 of the second, as a coach writes them. */
const TWO_WEEKS_CSV = [
  "week,day,workout,exercise,sets,reps,load",
  "1,1,Heavy,Back Squat,3,5,100 kg",
  "1,1,Heavy,Tire Flip Relay,1,AMRAP,",
  "1,3,,Bench Press,2,8,75%",
  "2,1,Heavy,Back Squat,2,5,105 kg",
  "2,1,Heavy,Back Squat,1,3,230 lb",
  "2,5,,Deadlift,1,3,RPE 8"
].join("\n")

const programOf = (csv: string, name: string): Program => {
  const reading = parseProgramCsv(csv, name)
  expect(reading.problems).toEqual([])
  if (reading.program === null) throw new Error("no program read")
  return reading.program
}

interface Row {
  readonly date: string
  readonly workout_title?: string
  readonly exercise: string
  readonly exercise_id: string
  readonly set: number
  readonly reps: number | "AMRAP" | null
  readonly weight: number | null
  readonly weight_unit: string
  readonly max_percent: number | null
  readonly rpe: number | null
}

describe.each(databasesUnderTest)("program import and export on $name", (database) => {
  const api = useApiUnderTest(database)
  let coach: Account
  let client: Account
  let otherCoach: Account

  const importProgram = (body: unknown, who: Account | null = coach) =>
    api.call("POST", "/beta/api/templates/import", { token: who?.idToken, body })
  const exportProgram = (templateId: number | string, who: Account | null = coach) =>
    api.call("GET", `/beta/api/templates/${templateId}/program`, { token: who?.idToken })
  const apply = (
    templateId: number,
    target: Account,
    start: string,
    weeks: ReadonlyArray<object> = [{ kind: "progress" }]
  ) =>
    api.call("POST", "/beta/api/workouts/copy", {
      token: coach.idToken,
      body: {
        source: { kind: "template", templateId },
        targets: [{ clientId: target.id, start }],
        weeks,
        idempotencyKey: freshKey()
      }
    })
  const rowsOf = async (of: Account, from: string, to: string): Promise<ReadonlyArray<Row>> =>
    (await api.call("GET", `/beta/api/workouts/${of.id}?from=${from}&to=${to}`, { token: coach.idToken })).body

  beforeAll(async () => {
    coach = await api.signupAs("Coach", "Pat Program")
    client = await api.clientOf(coach, "Cleo Client")
    otherCoach = await api.signupAs("Coach", "Oona Other")
  })

  it("keeps a two-week program as a template; applied from a Wednesday, each workout lands on its week and day", async () => {
    const imported = await importProgram({ name: "Two weeks", program: programOf(TWO_WEEKS_CSV, "Two weeks") })
    expect(imported).toEqual({
      status: 200,
      body: {
        id: expect.any(Number),
        name: "Two weeks",
        kind: "program",
        days: 12,
        workouts: 4,
        exercises: ["Back Squat", "Tire Flip Relay", "Bench Press", "Deadlift"]
      }
    })
    expect((await api.call("GET", "/beta/api/templates", { token: coach.idToken })).body).toContainEqual(imported.body)

    const applied = await apply(imported.body.id, client, "2026-06-03")
    expect(applied.status).toBe(200)
    expect(applied.body.days.map((day: { date: string; status: string }) => `${day.date} ${day.status}`)).toEqual([
      "2026-06-03 created",
      "2026-06-05 created",
      "2026-06-10 created",
      "2026-06-14 created"
    ])
    const rows = await rowsOf(client, "2026-06-01", "2026-06-30")
    const custom = rows.find((row) => row.exercise === "Tire Flip Relay")?.exercise_id
    expect(custom).toMatch(/^custom-\d+$/)
    expect(
      rows.map((row) => [
        row.date,
        row.workout_title ?? null,
        row.exercise,
        row.exercise_id,
        row.reps,
        row.weight,
        row.weight === null ? null : row.weight_unit,
        row.max_percent,
        row.rpe
      ])
    ).toEqual([
      ["2026-06-03", "Heavy", "Back Squat", "back-squat", 5, 100, "kg", null, null],
      ["2026-06-03", "Heavy", "Back Squat", "back-squat", 5, 100, "kg", null, null],
      ["2026-06-03", "Heavy", "Back Squat", "back-squat", 5, 100, "kg", null, null],
      ["2026-06-03", "Heavy", "Tire Flip Relay", custom, "AMRAP", null, null, null, null],
      ["2026-06-05", null, "Bench Press", "bench-press", 8, null, null, 75, null],
      ["2026-06-05", null, "Bench Press", "bench-press", 8, null, null, 75, null],
      ["2026-06-10", "Heavy", "Back Squat", "back-squat", 5, 105, "kg", null, null],
      ["2026-06-10", "Heavy", "Back Squat", "back-squat", 5, 105, "kg", null, null],
      ["2026-06-10", "Heavy", "Back Squat", "back-squat", 3, 230, "lb", null, null],
      ["2026-06-14", null, "Deadlift", "deadlift", 3, null, null, null, 8]
    ])
    // The coach's own exercise is in their library now, as a saved workout's would be.
    const library = (await api.call("GET", "/beta/api/exercises", { token: coach.idToken })).body
    expect(JSON.stringify(library)).toContain(String(custom))
  })

  it("exports a program template as the program imported, ids linked; imported again, it is the same content", async () => {
    const program = programOf(TWO_WEEKS_CSV, "Round trip")
    const imported = await importProgram({ name: "Round trip", program })
    const exported = await exportProgram(imported.body.id)
    expect(exported.status).toBe(200)
    const withoutIds = {
      ...exported.body,
      weeks: exported.body.weeks.map((week: { days: Array<{ workouts: Array<{ exercises: Array<object> }> }> }) => ({
        ...week,
        days: week.days.map((day) => ({
          ...day,
          workouts: day.workouts.map((workout) => ({
            ...workout,
            exercises: workout.exercises.map(({ exercise_id: _id, ...exercise }: { exercise_id?: string }) => exercise)
          }))
        }))
      }))
    }
    expect(withoutIds).toEqual(program)
    expect(JSON.stringify(exported.body)).toContain('"exercise_id":"back-squat"')

    const again = await importProgram({
      name: "Round trip, again",
      program: { ...exported.body, name: "Round trip, again" }
    })
    expect(again.status).toBe(200)
    expect({ ...again.body, id: 0, name: "" }).toEqual({ ...imported.body, id: 0, name: "" })
    expect(await exportProgram(again.body.id)).toEqual({
      status: 200,
      body: { ...exported.body, name: "Round trip, again" }
    })
    // Applied, both land the same workouts on the same days.
    const first = await api.clientOf(coach)
    const second = await api.clientOf(coach)
    await apply(imported.body.id, first, "2026-09-07")
    await apply(again.body.id, second, "2026-09-07")
    const content = (rows: ReadonlyArray<Row & { id?: number }>) => rows.map(({ id: _id, ...row }) => row)
    expect(content(await rowsOf(second, "2026-09-01", "2026-09-30"))).toEqual(
      content(await rowsOf(first, "2026-09-01", "2026-09-30"))
    )
  })

  it("the same name with the same program answers the saved template; with another program it is a 409 naming name", async () => {
    const program = programOf(TWO_WEEKS_CSV, "Taken")
    const first = await importProgram({ name: "Taken", program })
    expect(await importProgram({ name: "Taken", program })).toEqual(first)
    const other = programOf("1,1,,Back Squat,1,1,", "Taken")
    expect(await importProgram({ name: "Taken", program: other })).toEqual({
      status: 409,
      body: {
        error: 'name: you already have a template named "Taken" with other content; choose another name',
        code: "TemplateNameTaken"
      }
    })
  })

  it("a program template is applied once: more weeks is a 400 naming weeks, and nothing is created", async () => {
    const imported = await importProgram({ name: "Once", program: programOf(TWO_WEEKS_CSV, "Once") })
    const lifter = await api.clientOf(coach)
    const answer = await apply(imported.body.id, lifter, "2026-07-01", [{ kind: "progress" }, { kind: "progress" }])
    expect(answer.status).toBe(400)
    expect(answer.body.error).toMatch(/^weeks: a program template holds its own weeks/)
    expect(await rowsOf(lifter, "2026-07-01", "2026-08-31")).toEqual([])
  })

  it("a program whose days run past the last day a date can name is a 400 naming the target's start", async () => {
    const imported = await importProgram({ name: "Late", program: programOf(TWO_WEEKS_CSV, "Late") })
    const answer = await apply(imported.body.id, client, "9999-12-25")
    expect(answer.status).toBe(400)
    expect(answer.body.error).toMatch(/^targets\[0\]\.start: /)
  })

  it("exports a workout template as week 1, day 1; a template holding what a file cannot say is a 409 saying what", async () => {
    await api.saveWorkout(coach, client, "2026-05-04", oneExercise("Front Squat", 2, 4))
    const plain = await api.call("POST", "/beta/api/templates", {
      token: coach.idToken,
      body: { name: "Plain day", source: { kind: "workout", clientId: client.id, date: "2026-05-04", workoutOrder: 0 } }
    })
    expect(await exportProgram(plain.body.id)).toEqual({
      status: 200,
      body: {
        name: "Plain day",
        weeks: [
          {
            week: 1,
            days: [
              {
                day: 1,
                workouts: [
                  { exercises: [{ name: "Front Squat", exercise_id: "front-squat", sets: [{ reps: 4 }, { reps: 4 }] }] }
                ]
              }
            ]
          }
        ]
      }
    })
    // SQUAT_WORKOUT holds a backoff percentage and an e1RM percentage.
    await api.saveWorkout(coach, client, "2026-05-05")
    const rich = await api.call("POST", "/beta/api/templates", {
      token: coach.idToken,
      body: { name: "Rich day", source: { kind: "workout", clientId: client.id, date: "2026-05-05", workoutOrder: 0 } }
    })
    expect(await exportProgram(rich.body.id)).toEqual({
      status: 409,
      body: {
        error:
          "templateId: this template holds what a program file cannot: week 1, day 1, Squat has a set with more than one load"
      }
    })
  })

  it.each([
    ["name", (program: Program) => ({ name: "", program })],
    [
      "program.weeks[0].week",
      (program: Program) => ({ name: "Bad", program: { ...program, weeks: [{ ...program.weeks[0], week: 13 }] } })
    ],
    ["program.weeks", (program: Program) => ({ name: "Bad", program: { ...program, weeks: [] } })],
    [
      "program.weeks[0].days[0].workouts[0].exercises[0].sets[0].reps",
      (program: Program) => ({
        name: "Bad",
        program: {
          ...program,
          weeks: [{ week: 1, days: [{ day: 1, workouts: [{ exercises: [{ name: "Squat", sets: [{ reps: 20 }] }] }] }] }]
        }
      })
    ],
    ["program", () => ({ name: "Bad" })]
  ])("a bad %s is a 400 naming it, and nothing is saved", async (field, body) => {
    const before = (await api.call("GET", "/beta/api/templates", { token: coach.idToken })).body
    const answer = await importProgram(body(programOf(TWO_WEEKS_CSV, "Bad")))
    expect(answer.status).toBe(400)
    expect(String(answer.body.error).startsWith(`${field}: `)).toBe(true)
    expect((await api.call("GET", "/beta/api/templates", { token: coach.idToken })).body).toEqual(before)
  })

  it("an exercise_id that is not canonical nor the coach's own is a 400 naming where it is", async () => {
    // The other coach's own exercise: its id exists, but not for this coach.
    const theirs = await importProgram(
      { name: "Theirs", program: programOf("1,1,,Tire Flip Relay,1,5,", "Theirs") },
      otherCoach
    )
    const theirId = (await exportProgram(theirs.body.id, otherCoach)).body.weeks[0].days[0].workouts[0].exercises[0]
      .exercise_id
    expect(theirId).toMatch(/^custom-\d+$/)
    const program = programOf("1,1,,Squat,1,5,\n1,2,,Lunge,1,5,", "Borrowed")
    const borrowed = {
      ...program,
      weeks: [
        {
          week: 1,
          days: [
            program.weeks[0]?.days[0],
            {
              day: 2,
              workouts: [{ exercises: [{ name: "Tire Flip Relay", exercise_id: theirId, sets: [{ reps: 5 }] }] }]
            }
          ]
        }
      ]
    }
    expect(await importProgram({ name: "Borrowed", program: borrowed })).toEqual({
      status: 400,
      body: {
        error: "program.weeks[0].days[1].workouts[0].exercises[0].exercise_id: must be an exercise of the library"
      }
    })
  })

  it("refuses no token (401) and a client (403); another coach's template, or none, is a 404 on export", async () => {
    const program = programOf(TWO_WEEKS_CSV, "Guarded")
    expect(await importProgram({ name: "Guarded", program }, null)).toEqual({
      status: 401,
      body: { error: expect.stringContaining("Sign in") }
    })
    expect(await importProgram({ name: "Guarded", program }, client)).toEqual({
      status: 403,
      body: { error: "Only coaches can import programs" }
    })
    const mine = await importProgram({ name: "Guarded", program })
    expect(await exportProgram(mine.body.id, null)).toEqual({
      status: 401,
      body: { error: expect.stringContaining("Sign in") }
    })
    expect(await exportProgram(mine.body.id, client)).toEqual({
      status: 403,
      body: { error: "Only coaches can export programs" }
    })
    const notFound = (id: number) => ({
      status: 404,
      body: { error: `templateId: no template with id ${id} among your templates`, code: "TemplateNotFound" }
    })
    expect(await exportProgram(mine.body.id, otherCoach)).toEqual(notFound(mine.body.id))
    expect(await exportProgram(2_000_000_000)).toEqual(notFound(2_000_000_000))
    const badId = await exportProgram("zero")
    expect(badId.status).toBe(400)
    expect(String(badId.body.error)).toMatch(/templateId/)
  })
})
