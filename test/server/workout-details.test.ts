/* eslint-disable @typescript-eslint/no-unsafe-member-access, @typescript-eslint/no-unsafe-assignment, @typescript-eslint/no-unsafe-call -- these tests read the raw JSON answers the way any API client would; the assertions check their shape */
/*
 * A workout's title and each exercise's superset, rest, tempo and note
 * (docs/decisions/048-the-coachs-desk.md): saved, read on every read, edited, copied and
 * kept by templates; left out of the rows where the coach set none. PGlite and PostgreSQL.
 */
import { beforeAll, describe, expect, it } from "vitest"
import { type Account, useApiUnderTest } from "./support/api-under-test.ts"
import { databasesUnderTest } from "./support/databases.ts"

const sets = (count: number, reps: number | "AMRAP") =>
  Array.from({ length: count }, (_, set) => ({ set, amsap: false, fields: [{ name: "reps", value: reps }] }))

const SUPERSET_DAY = [
  {
    name: "Pull-up",
    superset: "A",
    rest_seconds: 0,
    tempo: "21X1",
    note: "Full hang at the bottom",
    sets: sets(3, "AMRAP")
  },
  { name: "Dip", superset: "A", rest_seconds: 90, sets: sets(3, 10) },
  { name: "Back Squat", rest_seconds: 180, sets: sets(2, 5) }
]

let keys = 0
const newKey = () => `details-${Date.now().toString(36)}-${(keys++).toString().padStart(6, "0")}`

/** What a row says beyond its sets: the details under test. */
const detailsOf = (row: Record<string, unknown>) => ({
  workout_title: row.workout_title,
  exercise: row.exercise,
  superset: row.superset,
  rest_seconds: row.rest_seconds,
  tempo: row.tempo,
  note: row.note
})

const EXPECTED = [
  ...Array.from({ length: 3 }, () => ({
    workout_title: "Upper pull",
    exercise: "Pull-up",
    superset: "A",
    rest_seconds: 0,
    tempo: "21X1",
    note: "Full hang at the bottom"
  })),
  ...Array.from({ length: 3 }, () => ({
    workout_title: "Upper pull",
    exercise: "Dip",
    superset: "A",
    rest_seconds: 90,
    tempo: undefined,
    note: undefined
  })),
  ...Array.from({ length: 2 }, () => ({
    workout_title: "Upper pull",
    exercise: "Back Squat",
    superset: undefined,
    rest_seconds: 180,
    tempo: undefined,
    note: undefined
  }))
]

describe.each(databasesUnderTest)("workout titles and exercise details on $name", (database) => {
  const api = useApiUnderTest(database)
  let coach: Account
  let client: Account

  beforeAll(async () => {
    coach = await api.signupAs("Coach")
    client = await api.clientOf(coach)
  })

  const save = (date: string, body: Record<string, unknown>) =>
    api.call("POST", "/beta/api/workout", { token: coach.idToken, body: { clientId: client.id, date, ...body } })
  const rows = async (date: string, who: Account = client) =>
    (await api.call("GET", `/beta/api/workouts/${client.id}?from=${date}&to=${date}`, { token: who.idToken }))
      .body as Array<Record<string, unknown>>

  it("saves them and answers them on the save, the rows and the day, to the client and the coach", async () => {
    const saved = await save("2026-05-04", { title: "Upper pull", workout: SUPERSET_DAY })
    expect(saved.status).toBe(200)
    expect(saved.body.map(detailsOf)).toEqual(EXPECTED)
    expect((await rows("2026-05-04")).map(detailsOf)).toEqual(EXPECTED)
    expect((await rows("2026-05-04", coach)).map(detailsOf)).toEqual(EXPECTED)
    const day = await api.call("GET", `/beta/api/workoutByDate?clientId=${client.id}&date=2026-05-04`, {
      token: client.idToken
    })
    expect(day.status).toBe(200)
    const [workout] = day.body.data["2026-05-04"]
    expect(workout.title).toBe("Upper pull")
    expect(
      workout.exercises.map((e: Record<string, unknown>) => [e.name, e.superset, e.rest_seconds, e.tempo, e.note])
    ).toEqual([
      ["Pull-up", "A", 0, "21X1", "Full hang at the bottom"],
      ["Dip", "A", 90, undefined, undefined],
      ["Back Squat", undefined, 180, undefined, undefined]
    ])
  })

  it("leaves them out of the rows of a workout saved without them", async () => {
    const saved = await api.saveWorkout(coach, client, "2026-05-05")
    expect(saved.status).toBe(200)
    for (const row of await rows("2026-05-05"))
      for (const key of ["workout_title", "superset", "rest_seconds", "tempo", "note"])
        expect(row).not.toHaveProperty(key)
  })

  it("an edit replaces them: a new title, a detail changed, one dropped", async () => {
    await save("2026-05-06", { title: "Upper pull", workout: SUPERSET_DAY })
    const [pullUp, dip, squat] = SUPERSET_DAY
    const edited = await api.call("PUT", "/beta/api/workout", {
      token: coach.idToken,
      body: {
        clientId: client.id,
        date: "2026-05-06",
        workoutOrder: 0,
        title: "Pull day",
        workout: [{ ...pullUp, tempo: "30X0" }, { ...dip, superset: undefined }, squat],
        idempotencyKey: newKey()
      }
    })
    expect(edited.status).toBe(200)
    const after = (await rows("2026-05-06")).map(detailsOf)
    expect(new Set(after.map((row) => row.workout_title))).toEqual(new Set(["Pull day"]))
    expect(after[0]?.tempo).toBe("30X0")
    expect(after[3]?.superset).toBeUndefined()
    expect(after[3]?.rest_seconds).toBe(90)
  })

  it("an edit without a title leaves the workout untitled", async () => {
    await save("2026-05-07", { title: "Upper pull", workout: SUPERSET_DAY })
    const edited = await api.call("PUT", "/beta/api/workout", {
      token: coach.idToken,
      body: {
        clientId: client.id,
        date: "2026-05-07",
        workoutOrder: 0,
        workout: SUPERSET_DAY,
        idempotencyKey: newKey()
      }
    })
    expect(edited.status).toBe(200)
    for (const row of await rows("2026-05-07")) expect(row).not.toHaveProperty("workout_title")
  })

  it("a copy and a template carry them", async () => {
    await save("2026-05-11", { title: "Upper pull", workout: SUPERSET_DAY })
    const copied = await api.call("POST", "/beta/api/workouts/copy", {
      token: coach.idToken,
      body: {
        source: { kind: "workout", clientId: client.id, date: "2026-05-11", workoutOrder: 0 },
        targets: [{ clientId: client.id, start: "2026-05-12" }],
        repeats: [],
        idempotencyKey: newKey()
      }
    })
    expect(copied.status).toBe(200)
    expect((await rows("2026-05-12")).map(detailsOf)).toEqual(EXPECTED)

    const template = await api.call("POST", "/beta/api/templates", {
      token: coach.idToken,
      body: {
        name: `Pull ${newKey()}`,
        source: { kind: "workout", clientId: client.id, date: "2026-05-11", workoutOrder: 0 }
      }
    })
    expect(template.status).toBe(200)
    const applied = await api.call("POST", "/beta/api/workouts/copy", {
      token: coach.idToken,
      body: {
        source: { kind: "template", templateId: template.body.id },
        targets: [{ clientId: client.id, start: "2026-05-13" }],
        repeats: [],
        idempotencyKey: newKey()
      }
    })
    expect(applied.status).toBe(200)
    expect((await rows("2026-05-13")).map(detailsOf)).toEqual(EXPECTED)
  })

  it.each([
    ["title", { title: "", workout: SUPERSET_DAY }],
    ["title", { title: "x".repeat(61), workout: SUPERSET_DAY }],
    ["workout[0].superset", { workout: [{ ...SUPERSET_DAY[0], superset: "a" }] }],
    ["workout[0].superset", { workout: [{ ...SUPERSET_DAY[0], superset: "AB" }] }],
    ["workout[0].rest_seconds", { workout: [{ ...SUPERSET_DAY[0], rest_seconds: 901 }] }],
    ["workout[0].rest_seconds", { workout: [{ ...SUPERSET_DAY[0], rest_seconds: 1.5 }] }],
    ["workout[0].tempo", { workout: [{ ...SUPERSET_DAY[0], tempo: "3-1-X-0" }] }],
    ["workout[0].note", { workout: [{ ...SUPERSET_DAY[0], note: "x".repeat(501) }] }]
  ])("a bad %s is a 400 naming it", async (field, body) => {
    const answer = await save("2026-05-20", body)
    expect(answer.status).toBe(400)
    expect(String(answer.body.error)).toContain(field)
  })
})
