/* eslint-disable @typescript-eslint/no-unsafe-member-access, @typescript-eslint/no-unsafe-assignment, @typescript-eslint/no-unsafe-argument -- these tests read the raw JSON answers the way any API client would; the assertions check their shape */
/*
 * A lifter's logbook imported a chunk at a time, and undone within a day
 * (docs/decisions/049-import-and-export.md): sessions stored once per key, in the unit they
 * were recorded in, read back as logged work everywhere (rows, results, progress); an undo
 * takes them away and lets the same file in again. PGlite and PostgreSQL.
 */
import { randomUUID } from "node:crypto"
import { sql } from "drizzle-orm"
import { beforeAll, describe, expect, it } from "vitest"
import { DEFAULT_RATE_LIMITS, TOO_MANY_IMPORT_CHUNKS } from "#server/rate-limit.ts"
import { type Account, useApiUnderTest } from "./support/api-under-test.ts"
import { databasesUnderTest } from "./support/databases.ts"

interface Set {
  readonly weight: number | null
  readonly unit: "kg" | "lb"
  readonly reps: number | null
  readonly rpe: number | null
}

interface Exercise {
  readonly name: string
  readonly exercise_id?: string
  readonly sets: ReadonlyArray<Set>
}

interface Session {
  readonly key: string
  readonly date: string
  readonly started_at?: string
  readonly duration_seconds?: number
  readonly title?: string
  readonly exercises: ReadonlyArray<Exercise>
}

const newKey = () => randomUUID().replaceAll("-", "")

const squatSession = (key: string, date: string, unit: "kg" | "lb" = "kg"): Session => ({
  key,
  date,
  started_at: `${date}T17:00:00.000Z`,
  duration_seconds: 3600,
  title: "Leg day",
  exercises: [
    {
      name: "Squat (Barbell)",
      exercise_id: "back-squat",
      sets: [
        { weight: unit === "kg" ? 100 : 225, unit, reps: 5, rpe: 8 },
        { weight: unit === "kg" ? 102.5 : 230, unit, reps: 5, rpe: null }
      ]
    },
    { name: "Bench Press", sets: [{ weight: unit === "kg" ? 80 : 185, unit, reps: 8, rpe: null }] }
  ]
})

describe.each(databasesUnderTest)("importing a lifter's logbook on $name", (database) => {
  const api = useApiUnderTest(database)
  let coach: Account
  let lifter: Account
  let otherLifter: Account
  let otherCoach: Account

  beforeAll(async () => {
    coach = await api.signupAs("Coach", "Ida Import-Coach")
    lifter = await api.clientOf(coach, "Ivan Importer")
    otherCoach = await api.signupAs("Coach", "Omar Other-Coach")
    otherLifter = await api.clientOf(otherCoach, "Olga Other-Lifter")
  })

  const send = (sessions: ReadonlyArray<Session>, options: { key?: string; file?: string; who?: Account } = {}) =>
    api.call("POST", "/beta/api/imports/chunk", {
      token: (options.who ?? lifter).idToken,
      body: {
        import_key: options.key ?? newKey(),
        source: "strong",
        file_name: options.file ?? "strong.csv",
        sessions
      }
    })
  const rows = async (path: string, from: string, to: string, who: Account = lifter) => {
    const answer = await api.call("GET", `/beta/api/${path}/${lifter.id}?from=${from}&to=${to}`, {
      token: who.idToken
    })
    expect(answer.status).toBe(200)
    return answer.body as Array<Record<string, unknown>>
  }
  const listed = async (who: Account = lifter) => {
    const answer = await api.call("GET", "/beta/api/imports", { token: who.idToken })
    expect(answer.status).toBe(200)
    return answer.body as Array<Record<string, unknown>>
  }
  const undo = (importId: number, who: Account = lifter) =>
    api.call("POST", "/beta/api/imports/undo", { token: who.idToken, body: { import_id: importId } })

  it("stores a chunk as logged, submitted workouts marked imported, in each set's own unit", async () => {
    const answer = await send([squatSession("strong:2024-03-04 17:00:00:Leg day", "2024-03-04", "kg")], {
      file: "strong-kg.csv"
    })
    expect(answer.status).toBe(200)
    expect(answer.body).toEqual({
      import_id: expect.any(Number),
      sessions_added: 1,
      sets_added: 3,
      sessions_skipped: 0
    })
    const pounds = await send([squatSession("strong:2024-03-05 17:00:00:Leg day", "2024-03-05", "lb")])
    expect(pounds.body.sets_added).toBe(3)

    const results = await rows("workoutResults", "2024-03-04", "2024-03-05")
    expect(results.map((row) => [row.date, row.exercise_id, row.weight, row.weight_unit, row.reps, row.rpe])).toEqual([
      ["2024-03-04", "back-squat", 100, "kg", 5, 8],
      ["2024-03-04", "back-squat", 102.5, "kg", 5, null],
      ["2024-03-04", "bench-press", 80, "kg", 8, null],
      ["2024-03-05", "back-squat", 225, "lb", 5, 8],
      ["2024-03-05", "back-squat", 230, "lb", 5, null],
      ["2024-03-05", "bench-press", 185, "lb", 8, null]
    ])
    for (const who of [lifter, coach]) {
      const prescribed = await rows("workouts", "2024-03-04", "2024-03-05", who)
      expect(prescribed).toHaveLength(6)
      for (const row of prescribed) {
        expect(row).toMatchObject({ imported: true, workout_title: "Leg day", reps: null, weight: null, added: false })
      }
      expect(prescribed.map((row) => row.weight_unit)).toEqual(["kg", "kg", "kg", "lb", "lb", "lb"])
    }
    const completions = await rows("workoutCompletions", "2024-03-04", "2024-03-04")
    expect(completions).toEqual([
      {
        date: "2024-03-04",
        workout_order: 0,
        started_at: "2024-03-04T17:00:00.000Z",
        ended_at: "2024-03-04T18:00:00.000Z",
        duration_seconds: 3600
      }
    ])
    const done = await api.call("GET", `/beta/api/doneSets/${lifter.id}?from=2024-03-01&today=2024-03-31&utcOffset=0`, {
      token: coach.idToken
    })
    expect(done.status).toBe(200)
    const doneSets = done.body.sets as Array<Record<string, unknown>>
    expect(doneSets.map((set) => [set.done_on, set.exercise_id, set.weight])).toEqual([
      ["2024-03-04", "back-squat", 100],
      ["2024-03-04", "back-squat", 102.5],
      ["2024-03-04", "bench-press", 80],
      ["2024-03-05", "back-squat", 225],
      ["2024-03-05", "back-squat", 230],
      ["2024-03-05", "bench-press", 185]
    ])
  })

  it("leaves a workout the coach saved reading as before: no imported key", async () => {
    expect((await api.saveWorkout(coach, lifter, "2024-03-11")).status).toBe(200)
    for (const row of await rows("workouts", "2024-03-11", "2024-03-11")) expect(row).not.toHaveProperty("imported")
  })

  it("adds nothing for the same chunk again, and only the new sessions of an overlapping one", async () => {
    const key = newKey()
    const first = [squatSession("strong:a", "2024-04-01"), squatSession("strong:b", "2024-04-03")]
    expect((await send(first, { key })).body).toMatchObject({ sessions_added: 2, sets_added: 6 })
    const again = await send(first, { key })
    expect(again.body).toMatchObject({ sessions_added: 0, sets_added: 0, sessions_skipped: 2 })
    // Another export of the same logbook, later: one session it shares, one new.
    const overlapping = await send([squatSession("strong:b", "2024-04-03"), squatSession("strong:c", "2024-04-05")], {
      file: "strong-later.csv"
    })
    expect(overlapping.body).toMatchObject({ sessions_added: 1, sets_added: 3, sessions_skipped: 1 })
    expect((await rows("workoutResults", "2024-04-01", "2024-04-05")).map((row) => row.date)).toEqual([
      ...Array(3).fill("2024-04-01"),
      ...Array(3).fill("2024-04-03"),
      ...Array(3).fill("2024-04-05")
    ])
  })

  it("skips our own export's sessions of workouts still there, and places new ones after the day's", async () => {
    expect((await api.saveWorkout(coach, lifter, "2024-05-06")).status).toBe(200)
    const answer = await send([
      squatSession("ours:2024-05-06:0", "2024-05-06"),
      squatSession("ours:2024-05-06:7", "2024-05-06"),
      // Looks like ours but names no day: imported as it is, never a 500.
      squatSession("ours:2024-02-30:0", "2024-05-06")
    ])
    expect(answer.body).toMatchObject({ sessions_added: 2, sessions_skipped: 1 })
    const day = await rows("workouts", "2024-05-06", "2024-05-06")
    expect([...new Set(day.map((row) => JSON.stringify([row.workout_order, row.imported ?? false])))]).toEqual([
      "[0,false]",
      "[1,true]",
      "[2,true]"
    ])
  })

  it("links names to the library, else to one exercise of the lifter's own per name", async () => {
    const session = (key: string, date: string, name: string): Session => ({
      key,
      date,
      exercises: [
        { name, sets: [{ weight: 20, unit: "kg", reps: 10, rpe: null }] },
        { name: "Bench Press", sets: [{ weight: 60, unit: "kg", reps: 10, rpe: null }] }
      ]
    })
    expect((await send([session("own:1", "2024-06-03", "Zercher Walk")])).status).toBe(200)
    expect((await send([session("own:2", "2024-06-04", "zercher  walk")])).status).toBe(200)
    const results = await rows("workoutResults", "2024-06-03", "2024-06-04")
    const [first, bench, second] = results
    expect(first?.exercise_id).toMatch(/^custom-\d+$/)
    expect(second?.exercise_id).toBe(first?.exercise_id)
    expect(bench?.exercise_id).toBe("bench-press")
    // Without started_at the session counts at noon UTC of its day, with no length.
    expect(await rows("workoutCompletions", "2024-06-03", "2024-06-03")).toEqual([
      {
        date: "2024-06-03",
        workout_order: 0,
        started_at: "2024-06-03T12:00:00.000Z",
        ended_at: "2024-06-03T12:00:00.000Z",
        duration_seconds: 0
      }
    ])
  })

  it("takes an exercise of the coach's library by id, and refuses another coach's naming the field", async () => {
    const own = await api.call("POST", "/beta/api/exercises", { token: coach.idToken, body: { name: "Import Sled" } })
    const foreign = await api.call("POST", "/beta/api/exercises", {
      token: otherCoach.idToken,
      body: { name: "Foreign Sled" }
    })
    const withId = (key: string, id: string): Session => ({
      key,
      date: "2024-06-10",
      exercises: [{ name: "Sled", exercise_id: id, sets: [{ weight: 50, unit: "kg", reps: 1, rpe: null }] }]
    })
    expect((await send([withId("sled:1", own.body.id)])).status).toBe(200)
    const refused = await send([withId("sled:2", "back-squat"), withId("sled:3", foreign.body.id)])
    expect(refused.status).toBe(400)
    expect(refused.body.error).toMatch(/^sessions\[1\]\.exercises\[0\]\.exercise_id: /)
    const unknown = await send([withId("sled:4", "custom-999999")])
    expect(unknown.status).toBe(400)
    expect(unknown.body.error).toContain("exercise_id")
    // Nothing of a refused chunk was stored.
    expect((await rows("workoutResults", "2024-06-10", "2024-06-10")).map((row) => row.exercise_id)).toEqual([
      own.body.id
    ])
  })

  it("refuses more new exercises than one call may add, naming sessions", async () => {
    const exercises = Array.from({ length: 51 }, (_, index) => ({
      name: `Made Up Lift ${String.fromCharCode(65 + (index % 26))}${Math.floor(index / 26)}`,
      sets: [{ weight: 10, unit: "kg" as const, reps: 5, rpe: null }]
    }))
    const answer = await send([
      { key: "many:1", date: "2024-06-17", exercises: exercises.slice(0, 50) },
      {
        key: "many:2",
        date: "2024-06-18",
        exercises: exercises.slice(50)
      }
    ])
    expect(answer.status).toBe(400)
    expect(answer.body.error).toMatch(/^sessions: /)
  })

  it("refuses 1001 sets in one call, naming sessions", async () => {
    const sessions = Array.from({ length: 11 }, (_, index) => ({
      key: `big:${index}`,
      date: "2024-07-01",
      exercises: [
        {
          name: "Back Squat",
          sets: Array.from({ length: index === 10 ? 1 : 100 }, () => ({
            weight: 100,
            unit: "kg" as const,
            reps: 1,
            rpe: null
          }))
        }
      ]
    }))
    const answer = await send(sessions)
    expect(answer.status).toBe(400)
    expect(answer.body.error).toMatch(/^sessions/)
    expect(answer.body.error).toContain("1000")
  })

  it.each([
    ["import_key", { import_key: "short" }],
    ["source", { source: "myfitnesspal" }],
    ["file_name", { file_name: "" }],
    ["sessions", { sessions: [] }],
    ["date", { sessions: [{ ...squatSession("bad:1", "2024-02-30") }] }],
    [
      "reps",
      {
        sessions: [
          {
            ...squatSession("bad:2", "2024-08-01"),
            exercises: [{ name: "Squat", sets: [{ weight: 1, unit: "kg", reps: -1, rpe: null }] }]
          }
        ]
      }
    ],
    [
      "unit",
      {
        sessions: [
          {
            ...squatSession("bad:3", "2024-08-01"),
            exercises: [{ name: "Squat", sets: [{ weight: 1, unit: "stone", reps: 1, rpe: null }] }]
          }
        ]
      }
    ]
  ])("a bad %s is a 400 naming it", async (field, change) => {
    const answer = await api.call("POST", "/beta/api/imports/chunk", {
      token: lifter.idToken,
      body: {
        import_key: newKey(),
        source: "strong",
        file_name: "strong.csv",
        sessions: [squatSession("x", "2024-08-01")],
        ...change
      }
    })
    expect(answer.status).toBe(400)
    expect(String(answer.body.error)).toContain(field)
  })

  it("refuses an import key used for another file, without a token, and from a coach", async () => {
    const key = newKey()
    expect((await send([squatSession("key:1", "2024-08-05")], { key })).status).toBe(200)
    const reused = await send([squatSession("key:2", "2024-08-06")], { key, file: "another.csv" })
    expect(reused.status).toBe(409)
    expect(reused.body).toMatchObject({ code: "ImportKeyReused", error: expect.stringMatching(/^import_key: /) })
    const anonymous = await api.call("POST", "/beta/api/imports/chunk", {
      body: { import_key: newKey(), source: "strong", file_name: "a.csv", sessions: [squatSession("k", "2024-08-07")] }
    })
    expect(anonymous.status).toBe(401)
    expect((await send([squatSession("key:3", "2024-08-07")], { who: coach })).status).toBe(403)
  })

  it("lists the lifter's imports newest first with what is stored and until when it can be undone", async () => {
    const key = newKey()
    const stored = await send([squatSession("list:1", "2024-09-02"), squatSession("list:2", "2024-09-03")], {
      key,
      file: "listed.csv"
    })
    const [newest] = await listed()
    expect(newest).toEqual({
      id: stored.body.import_id,
      source: "strong",
      file_name: "listed.csv",
      created_at: expect.stringMatching(/Z$/),
      sessions: 2,
      sets: 6,
      undo_until: expect.stringMatching(/Z$/),
      undone: false
    })
    expect(Date.parse(String(newest?.undo_until)) - Date.parse(String(newest?.created_at))).toBe(24 * 3600 * 1000)
    expect(await listed(otherLifter)).toEqual([])
    expect(await listed(coach)).toEqual([])
  })

  it("undoes an import: its workouts go, the same file imports again, the same key does not", async () => {
    const key = newKey()
    const chunk = [squatSession("undo:1", "2024-10-07"), squatSession("undo:2", "2024-10-08")]
    const stored = await send(chunk, { key })
    expect(stored.body.sets_added).toBe(6)
    const importId = stored.body.import_id as number
    // Someone else's import id, or a coach asking, is not found.
    for (const who of [otherLifter, coach, otherCoach]) {
      const refused = await undo(importId, who)
      expect(refused.status).toBe(404)
      expect(refused.body.code).toBe("ImportNotFound")
    }
    const undone = await undo(importId)
    expect(undone.status).toBe(200)
    expect(undone.body).toMatchObject({ id: importId, sessions: 0, sets: 0, undo_until: null, undone: true })
    expect(await rows("workoutResults", "2024-10-07", "2024-10-08")).toEqual([])
    expect(await rows("workouts", "2024-10-07", "2024-10-08")).toEqual([])
    const twice = await undo(importId)
    expect(twice.status).toBe(409)
    expect(twice.body.code).toBe("UndoWindowPassed")
    expect((await send(chunk, { key })).body.code).toBe("ImportKeyReused")
    const again = await send(chunk)
    expect(again.body).toMatchObject({ sessions_added: 2, sets_added: 6 })
    expect(await rows("workoutResults", "2024-10-07", "2024-10-08")).toHaveLength(6)
  })

  it("keeps an import older than a day: its undo is a 409", async () => {
    const stored = await send([squatSession("old:1", "2024-11-04")])
    const importId = stored.body.import_id as number
    await api
      .server()
      .database.db.execute(sql`update imports set created_at = now() - interval '25 hours' where id = ${importId}`)
    const refused = await undo(importId)
    expect(refused.status).toBe(409)
    expect(refused.body).toMatchObject({ code: "UndoWindowPassed", error: expect.stringMatching(/^import_id: /) })
    expect((await listed()).find((one) => one.id === importId)).toMatchObject({ undo_until: null, undone: false })
    expect(await rows("workoutResults", "2024-11-04", "2024-11-04")).toHaveLength(3)
  })

  it("stores 1000 sets in one call quickly", async () => {
    // 20 sessions of 5 exercises of 10 sets.
    const names = ["Back Squat", "Bench Press", "Deadlift", "Overhead Press", "Barbell Row"]
    const sessions = Array.from({ length: 20 }, (_, index) => ({
      key: `bench:${index}`,
      date: `2023-01-${String(index + 1).padStart(2, "0")}`,
      started_at: `2023-01-${String(index + 1).padStart(2, "0")}T07:00:00.000Z`,
      duration_seconds: 4000,
      exercises: names.map((name) => ({
        name,
        sets: Array.from({ length: 10 }, (_, set) => ({
          weight: 60 + set * 2.5,
          unit: "kg" as const,
          reps: 5,
          rpe: set % 2 === 0 ? 8 : null
        }))
      }))
    }))
    const started = performance.now()
    const answer = await send(sessions)
    const ms = performance.now() - started
    expect(answer.status).toBe(200)
    expect(answer.body).toMatchObject({ sessions_added: 20, sets_added: 1000 })
    console.log(
      `history import on ${database.name}: 1000 sets in ${Math.round(ms)} ms (${Math.round(1000 / (ms / 1000))} sets/s)`
    )
    expect(ms).toBeLessThan(5_000)
    expect(await rows("workoutResults", "2023-01-01", "2023-01-20")).toHaveLength(1000)
  })
})

describe.each(databasesUnderTest)("the import rate limit on $name", (database) => {
  // Three chunks a minute here; the default (DEFAULT_RATE_LIMITS.imports) is tested by its number only.
  const api = useApiUnderTest(database, {
    rateLimits: { ...DEFAULT_RATE_LIMITS, imports: { points: 3, durationSeconds: 60 } }
  })

  it("answers a chunk past the budget 429 with Retry-After, other calls going on", async () => {
    const lifter = await api.signupAs("Client", "Rita Rate-Limited")
    const send = (index: number) =>
      fetch(`${api.server().url}/beta/api/imports/chunk`, {
        method: "POST",
        headers: { authorization: `Bearer ${lifter.idToken}`, "content-type": "application/json" },
        body: JSON.stringify({
          import_key: "rate-limited-import-0001",
          source: "hevy",
          file_name: "hevy.csv",
          sessions: [squatSession(`hevy:${index}`, `2024-01-0${index + 1}`)]
        })
      })
    for (let index = 0; index < 3; index++) expect((await send(index)).status).toBe(200)
    const refused = await send(3)
    expect(refused.status).toBe(429)
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0)
    expect(await refused.json()).toEqual({ error: TOO_MANY_IMPORT_CHUNKS })
    expect((await api.call("GET", "/beta/api/imports", { token: lifter.idToken })).status).toBe(200)
    expect(DEFAULT_RATE_LIMITS.imports.points).toBeGreaterThanOrEqual(50)
  })
})
