/* eslint-disable @typescript-eslint/no-unsafe-member-access, @typescript-eslint/no-unsafe-assignment -- these tests read the raw JSON answers the way any API client would; the assertions check their shape */
/*
 * A coach's demo links (docs/decisions/048): set once per library exercise, answered on
 * their clients' rows and library, taken away with null; another coach's exercise is not
 * theirs to set. PGlite and PostgreSQL.
 */
import { beforeAll, describe, expect, it } from "vitest"
import { type Account, useApiUnderTest } from "./support/api-under-test.ts"
import { databasesUnderTest } from "./support/databases.ts"

const SQUAT_DEMO = "https://videos.example.com/back-squat?t=3"
const oneSet = [{ set: 0, amsap: false, fields: [{ name: "reps", value: 5 }] }]

describe.each(databasesUnderTest)("exercise demo links on $name", (database) => {
  const api = useApiUnderTest(database)
  let coach: Account
  let client: Account
  let otherCoach: Account

  beforeAll(async () => {
    coach = await api.signupAs("Coach")
    client = await api.clientOf(coach)
    otherCoach = await api.signupAs("Coach")
  })

  const setDemo = (body: unknown, who: Account = coach) =>
    api.call("PUT", "/beta/api/exercises/demo", { token: who.idToken, body })
  const rowsOn = async (date: string) =>
    (await api.call("GET", `/beta/api/workouts/${client.id}?from=${date}&to=${date}`, { token: client.idToken }))
      .body as Array<Record<string, unknown>>
  const libraryOf = async (who: Account) =>
    (await api.call("GET", "/beta/api/exercises", { token: who.idToken })).body as Array<Record<string, unknown>>

  it("answers the coach's demo on their client's rows and library, and nowhere else", async () => {
    const set = await setDemo({ exerciseId: "back-squat", url: SQUAT_DEMO })
    expect(set.status).toBe(200)
    expect(set.body).toEqual({ exerciseId: "back-squat", url: SQUAT_DEMO })
    await api.saveWorkout(coach, client, "2026-06-01", [
      { name: "Back Squat", exercise_id: "back-squat", sets: oneSet },
      { name: "Bench Press", exercise_id: "bench-press", sets: oneSet }
    ])
    const rows = await rowsOn("2026-06-01")
    expect(rows.map((row) => row.demo_url)).toEqual([SQUAT_DEMO, undefined])
    for (const who of [coach, client]) {
      const squat = (await libraryOf(who)).find((exercise) => exercise.id === "back-squat")
      expect(squat?.demo_url).toBe(SQUAT_DEMO)
    }
    const othersSquat = (await libraryOf(otherCoach)).find((exercise) => exercise.id === "back-squat")
    expect(othersSquat).not.toHaveProperty("demo_url")
  })

  it("replaces a demo, and null takes it away", async () => {
    await api.saveWorkout(coach, client, "2026-06-02", [{ name: "Deadlift", exercise_id: "deadlift", sets: oneSet }])
    expect((await setDemo({ exerciseId: "deadlift", url: "https://a.example.com/1" })).status).toBe(200)
    expect((await setDemo({ exerciseId: "deadlift", url: "https://a.example.com/2" })).status).toBe(200)
    expect((await rowsOn("2026-06-02"))[0]?.demo_url).toBe("https://a.example.com/2")
    const removed = await setDemo({ exerciseId: "deadlift", url: null })
    expect(removed.body).toEqual({ exerciseId: "deadlift", url: null })
    expect((await rowsOn("2026-06-02"))[0]).not.toHaveProperty("demo_url")
  })

  it("sets one on the coach's own exercise; another coach's is a 404", async () => {
    const own = await api.call("POST", "/beta/api/exercises", {
      token: coach.idToken,
      body: { name: "Demo Sled Drag" }
    })
    expect(own.status).toBe(200)
    expect((await setDemo({ exerciseId: own.body.id, url: SQUAT_DEMO })).status).toBe(200)
    const refused = await setDemo({ exerciseId: own.body.id, url: SQUAT_DEMO }, otherCoach)
    expect(refused.status).toBe(404)
    expect(refused.body.code).toBe("ExerciseNotFound")
    expect((await setDemo({ exerciseId: "custom-999999", url: SQUAT_DEMO })).status).toBe(404)
  })

  it("a client may not set one, and no token is a 401", async () => {
    expect((await setDemo({ exerciseId: "back-squat", url: SQUAT_DEMO }, client)).status).toBe(403)
    const anonymous = await api.call("PUT", "/beta/api/exercises/demo", {
      body: { exerciseId: "back-squat", url: SQUAT_DEMO }
    })
    expect(anonymous.status).toBe(401)
  })

  it.each([
    ["url", { exerciseId: "back-squat", url: "http://videos.example.com/squat" }],
    ["url", { exerciseId: "back-squat", url: "javascript:alert(1)" }],
    ["url", { exerciseId: "back-squat", url: "https://user:pass@videos.example.com/" }],
    ["url", { exerciseId: "back-squat", url: `https://videos.example.com/${"x".repeat(500)}` }],
    ["url", { exerciseId: "back-squat" }],
    ["exerciseId", { exerciseId: "Back Squat", url: SQUAT_DEMO }]
  ])("a bad %s is a 400 naming it", async (field, body) => {
    const answer = await setDemo(body)
    expect(answer.status).toBe(400)
    expect(String(answer.body.error)).toContain(field)
  })
})
