/* eslint-disable @typescript-eslint/no-unsafe-member-access -- these tests read the raw JSON answers the way any API client would */
// `npm start` on a tree whose .data/auth was wiped but whose .data/db was kept: seeding
// meets the same people under new Firebase uids and must re-link them, not stop at a 409.
import { describe, expect, it } from "vitest"
import type { IsoDate } from "#domain/calendar.ts"
import { seedDemo } from "../../scripts/seed.ts"
import { useApiUnderTest } from "./support/api-under-test.ts"
import { databasesUnderTest } from "./support/databases.ts"
import { deleteAccount, signIn } from "./support/emulator-admin.ts"

const TODAY = "2026-03-02" as IsoDate

describe.each(databasesUnderTest)("seeding the demo accounts on $name", (database) => {
  const api = useApiUnderTest(database)

  it("seeds again after the Auth emulator lost its accounts, re-linking the same records", async () => {
    const tag = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`
    const users = [
      { email: `coach-${tag}@demo.test`, name: "Casey Coach" },
      { email: `client1-${tag}@demo.test`, name: "Alex Lifter" },
      { email: `client2-${tag}@demo.test`, name: "Sam Strong" }
    ]
    const seed = () => seedDemo({ baseUrl: api.server().url, today: TODAY, daysBack: 3, daysAhead: 3, users })
    await seed()
    const lookUp = async (email: string) => {
      const person = await signIn(email, "demo-password")
      const query = new URLSearchParams({ email, firebaseId: person.uid })
      const answer = await api.call("GET", `/beta/api/user/check?${query}`, { token: person.idToken })
      return { ...person, record: answer.body[0] as { id: number } | undefined }
    }
    const before = await Promise.all(users.map((user) => lookUp(user.email)))

    // .data/auth wiped: every Firebase account is gone, the database keeps its records.
    for (const person of before) await deleteAccount(person.uid)
    await seed()

    const after = await Promise.all(users.map((user) => lookUp(user.email)))
    expect(after.map((person) => person.record?.id)).toEqual(before.map((person) => person.record?.id))
    expect(after.map((person) => person.uid)).not.toContain(before[0]?.uid)
    const [coach, ...clients] = after
    const table = await api.call("GET", `/beta/api/getAllClients/${coach?.record?.id}`, { token: coach?.idToken })
    expect(table).toEqual({
      status: 200,
      body: {
        [String(clients[0]?.record?.id)]: { name: "Alex Lifter", pending: false },
        [String(clients[1]?.record?.id)]: { name: "Sam Strong", pending: false }
      }
    })
    const workouts = await api.call(
      "GET",
      `/beta/api/workouts/${clients[0]?.record?.id}?from=2026-02-27&to=2026-03-05`,
      { token: clients[0]?.idToken }
    )
    expect(workouts.status).toBe(200)
    expect(workouts.body.length).toBeGreaterThan(0)
  })

  it("gives the first client a history: past sessions logged in RIR and submitted, loads climbing, the first one missed", async () => {
    const tag = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`
    const users = [
      { email: `coach-${tag}@demo.test`, name: "Casey Coach" },
      { email: `client1-${tag}@demo.test`, name: "Alex Lifter" }
    ]
    await seedDemo({ baseUrl: api.server().url, today: TODAY, daysBack: 21, daysAhead: 7, users })
    const client = await signIn(users[1]?.email ?? "", "demo-password")
    const query = new URLSearchParams({ email: client.email, firebaseId: client.uid })
    const id = (await api.call("GET", `/beta/api/user/check?${query}`, { token: client.idToken })).body[0].id as number
    const read = (what: string) =>
      api.call("GET", `/beta/api/${what}/${id}?from=2026-02-09&to=2026-03-09`, { token: client.idToken })
    const logged = (await read("workoutResults")).body as ReadonlyArray<{
      date: string
      exercise: string
      set: number
      weight: number | null
      rir: number | null
      rpe: number | null
      added: boolean
    }>
    const completions = (await read("workoutCompletions")).body as ReadonlyArray<{ date: string }>
    // Mondays, Wednesdays and Fridays from 2026-02-09; the first (Feb 9) was missed.
    const pastSessions = [
      "2026-02-11",
      "2026-02-13",
      "2026-02-16",
      "2026-02-18",
      "2026-02-20",
      "2026-02-23",
      "2026-02-25",
      "2026-02-27"
    ]
    expect([...new Set(logged.map((row) => row.date))]).toEqual(pastSessions)
    expect(completions.map((completion) => completion.date)).toEqual(pastSessions)
    expect(logged.every((row) => row.rpe === null && row.rir !== null)).toBe(true)
    expect(logged.filter((row) => row.exercise === "Bench Press").map((row) => row.rir)).toContain(2.5)
    expect(logged.some((row) => row.added)).toBe(true)
    const topSquat = (date: string) => logged.find((row) => row.date === date && row.exercise === "Squat")?.weight
    expect([topSquat("2026-02-16"), topSquat("2026-02-23")]).toEqual([215, 220])
    const today = await api.call("GET", `/beta/api/workouts/${id}?from=2026-03-02&to=2026-03-02`, {
      token: client.idToken
    })
    expect(today.body[0]).toMatchObject({ exercise: "Squat", exercise_id: "back-squat", weight: 225 })
  })

  it("gives the first client tested maxes and a squat at 75 % of max with backoff sets, logged at worked-out loads", async () => {
    const tag = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`
    const users = [
      { email: `coach-${tag}@demo.test`, name: "Casey Coach" },
      { email: `client1-${tag}@demo.test`, name: "Alex Lifter" }
    ]
    const seed = () => seedDemo({ baseUrl: api.server().url, today: TODAY, daysBack: 7, daysAhead: 7, users })
    await seed()
    await seed()
    const client = await signIn(users[1]?.email ?? "", "demo-password")
    const query = new URLSearchParams({ email: client.email, firebaseId: client.uid })
    const id = (await api.call("GET", `/beta/api/user/check?${query}`, { token: client.idToken })).body[0].id as number
    const maxes = (await api.call("GET", `/beta/api/maxes/${id}`, { token: client.idToken })).body as ReadonlyArray<{
      exercise_id: string
      value: number
      unit: string
    }>
    expect(maxes.map(({ exercise_id, value, unit }) => ({ exercise_id, value, unit }))).toEqual(
      expect.arrayContaining([
        { exercise_id: "back-squat", value: 315, unit: "lb" },
        { exercise_id: "bench-press", value: 225, unit: "lb" }
      ])
    )
    expect(maxes).toHaveLength(2)
    const friday = (what: string, date: string) =>
      api.call("GET", `/beta/api/${what}/${id}?from=${date}&to=${date}`, { token: client.idToken })
    const coming = (await friday("workouts", "2026-03-06")).body as ReadonlyArray<object>
    expect(coming.slice(0, 3)).toMatchObject([
      { exercise_id: "back-squat", reps: 5, max_percent: 75, weight: null },
      { exercise_id: "back-squat", reps: 5, backoff_percent: 10 },
      { exercise_id: "back-squat", reps: 5, backoff_percent: 10 }
    ])
    // Last Friday as done: 75 % of 315 to the nearest 5 lb, then 10 % under it.
    const done = (await friday("workoutResults", "2026-02-27")).body as ReadonlyArray<{ weight: number }>
    expect(done.slice(0, 3).map((row) => row.weight)).toEqual([235, 210, 210])
  })
})
