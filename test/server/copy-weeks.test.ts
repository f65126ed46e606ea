/* eslint-disable @typescript-eslint/no-unsafe-member-access, @typescript-eslint/no-unsafe-return, @typescript-eslint/no-unsafe-assignment -- these tests read the raw JSON answers the way any API client would; the assertions check their shape */
/**
 * Copies as coaches mean them (docs/decisions/040), through POST /api/workouts/copy's
 * `weeks`: every copied week takes its step, the first included; percentages move by
 * points, weights by an amount in each set's unit; a deload is 90 % of the week it follows
 * with half the sets; a week, copied or from a template, keeps its weekdays from any start;
 * the report carries each week's loads, the ones the rows hold. A bad `weeks` is a 400
 * naming it; who may call is as for any copy. On PGlite and PostgreSQL.
 */
import { eq } from "drizzle-orm"
import { beforeAll, describe, expect, it } from "vitest"
import type { CopyReport } from "#domain/copy-plan.ts"
import { UserId } from "#domain/ids.ts"
import type { TemplateId } from "#domain/templates.ts"
import { workoutTemplates } from "#server/db/schema.ts"
import { decodeContent } from "#server/programming/content.ts"
import { templateSummary } from "#server/programming/template-summary.ts"
import { type Account, useApiUnderTest } from "./support/api-under-test.ts"
import { databasesUnderTest } from "./support/databases.ts"

// The source week: Monday, Wednesday and Friday from Sunday 1 March 2026.
const SUNDAY = "2026-03-01"
const TRAINING_DAYS = ["2026-03-02", "2026-03-04", "2026-03-06"]

let keys = 0
const freshKey = () => `weeks-${Date.now().toString(36)}-${(keys++).toString().padStart(6, "0")}`

const sets = (count: number, fields: ReadonlyArray<object>, unit?: "lb" | "kg") =>
  Array.from({ length: count }, (_, set) => ({
    set,
    amsap: false,
    ...(unit === undefined ? {} : { weight_unit: unit }),
    fields: [{ name: "reps", value: 5 }, ...fields]
  }))

/** Back Squat 3 × 5 at 75 % of max, Bench Press 2 × 5 at 100 lb, Front Squat 1 × 5 at 60 kg. */
const WORKOUT = [
  { name: "Back Squat", sets: sets(3, [{ name: "max_percent", value: 75 }]) },
  { name: "Bench Press", sets: sets(2, [{ name: "weight", value: 100 }], "lb") },
  { name: "Front Squat", sets: sets(1, [{ name: "weight", value: 60 }], "kg") }
]

interface Row {
  readonly date: string
  readonly exercise: string
  readonly set: number
  readonly weight: number | null
  readonly weight_unit: string
  readonly max_percent: number | null
}

const plus = (step: object) => ({ kind: "progress", ...step })

describe.each(databasesUnderTest)("copied weeks on $name", (database) => {
  const api = useApiUnderTest(database)
  let coach: Account
  let source: Account

  const copy = (body: object, who: Account | null = coach) =>
    api.call("POST", "/beta/api/workouts/copy", {
      token: who?.idToken,
      body: { idempotencyKey: freshKey(), ...body }
    })
  const mondayOnly = () => ({ kind: "workout", clientId: source.id, date: TRAINING_DAYS[0], workoutOrder: 0 })
  const rows = async (client: Account, from: string, to = from): Promise<Array<Row>> => {
    const answer = await api.call("GET", `/beta/api/workouts/${client.id}?from=${from}&to=${to}`, {
      token: coach.idToken
    })
    expect(answer.status).toBe(200)
    return answer.body
  }
  const loadsOf = (day: ReadonlyArray<Row>, exercise: string) =>
    day.filter((row) => row.exercise === exercise).map((row) => row.max_percent ?? `${row.weight} ${row.weight_unit}`)
  const datesOf = async (client: Account, from: string, to: string) => [
    ...new Set((await rows(client, from, to)).map((row) => row.date))
  ]

  beforeAll(async () => {
    coach = await api.signupAs("Coach", "Weeks Coach")
    source = await api.clientOf(coach, "Sam Source")
    for (const date of TRAINING_DAYS) expect((await api.saveWorkout(coach, source, date, WORKOUT)).status).toBe(200)
  })

  it("+2.5 points of max a week, from the first copy: 77.5, 80, 82.5 stored and reported, the preview the same", async () => {
    const target = await api.clientOf(coach)
    const body = {
      source: mondayOnly(),
      targets: [{ clientId: target.id, start: "2026-04-06" }],
      weeks: [plus({ percentPoints: 2.5 }), plus({ percentPoints: 2.5 }), plus({ percentPoints: 2.5 })]
    }
    const preview = await copy({ ...body, dryRun: true })
    expect(preview.status).toBe(200)
    const answer = await copy(body)
    expect(answer.status).toBe(200)
    expect(answer.body).toEqual({ ...preview.body, dryRun: false })
    const dates = ["2026-04-06", "2026-04-13", "2026-04-20"]
    const report = answer.body as CopyReport
    expect(report.days.map((day) => day.date)).toEqual(dates)
    const stored = await Promise.all(dates.map((date) => rows(target, date)))
    expect(stored.map((day) => loadsOf(day, "Back Squat"))).toEqual([
      [77.5, 77.5, 77.5],
      [80, 80, 80],
      [82.5, 82.5, 82.5]
    ])
    // A percentage step leaves the weights where they were.
    expect(stored.map((day) => loadsOf(day, "Bench Press"))).toEqual([
      ["100 lb", "100 lb"],
      ["100 lb", "100 lb"],
      ["100 lb", "100 lb"]
    ])
    const reported = (report.weeks ?? []).map((week) => [
      week.week,
      week.workouts[0]?.weekday,
      week.workouts[0]?.exercises[0]?.sets.map((set) => set.maxPercent)
    ])
    expect(reported).toEqual([
      [1, null, [77.5, 77.5, 77.5]],
      [2, null, [80, 80, 80]],
      [3, null, [82.5, 82.5, 82.5]]
    ])
  })

  it("a weight step adds its amount in each set's own unit: +5 lb is +2.3 kg on a kg set, +2.5 kg is +5.5 lb", async () => {
    const target = await api.clientOf(coach)
    await copy({
      source: mondayOnly(),
      targets: [{ clientId: target.id, start: "2026-05-04" }],
      weeks: [
        plus({ weight: { amount: 5, unit: "lb" } }),
        plus({ weight: { amount: 5, unit: "lb" } }),
        plus({ weight: { amount: 2.5, unit: "kg" } })
      ]
    })
    const stored = await Promise.all(["2026-05-04", "2026-05-11", "2026-05-18"].map((date) => rows(target, date)))
    expect(stored.map((day) => [loadsOf(day, "Bench Press")[0], loadsOf(day, "Front Squat")[0]])).toEqual([
      ["105 lb", "62.3 kg"],
      ["110 lb", "64.6 kg"],
      ["115.5 lb", "67.1 kg"]
    ])
    expect(stored.map((day) => loadsOf(day, "Back Squat")[0])).toEqual([75, 75, 75])
  })

  it("a deload week is 90 % of the week it follows with the first half of its sets; the week after continues", async () => {
    const target = await api.clientOf(coach)
    await copy({
      source: mondayOnly(),
      targets: [{ clientId: target.id, start: "2026-06-01" }],
      weeks: [plus({ percentPoints: 2.5 }), { kind: "deload" }, plus({ percentPoints: 2.5 })]
    })
    const stored = await Promise.all(["2026-06-01", "2026-06-08", "2026-06-15"].map((date) => rows(target, date)))
    expect(stored.map((day) => loadsOf(day, "Back Squat"))).toEqual([
      [77.5, 77.5, 77.5],
      [69.8, 69.8],
      [80, 80, 80]
    ])
    expect(stored.map((day) => loadsOf(day, "Bench Press"))).toEqual([
      ["100 lb", "100 lb"],
      ["90 lb"],
      ["100 lb", "100 lb"]
    ])
  })

  describe("a week keeps its weekdays", () => {
    let template: TemplateId

    beforeAll(async () => {
      const saved = await api.call("POST", "/beta/api/templates", {
        token: coach.idToken,
        body: { name: "Mon Wed Fri", source: { kind: "week", clientId: source.id, from: SUNDAY } }
      })
      expect(saved.status).toBe(200)
      template = saved.body.id
    })

    it.each([
      ["a Wednesday", "2026-07-08", ["2026-07-08", "2026-07-10", "2026-07-13"]],
      ["a Sunday", "2026-07-12", ["2026-07-13", "2026-07-15", "2026-07-17"]],
      ["a Monday", "2026-07-13", ["2026-07-13", "2026-07-15", "2026-07-17"]],
      ["a Saturday", "2026-07-11", ["2026-07-13", "2026-07-15", "2026-07-17"]]
    ])("a Mon/Wed/Fri template from %s lands on Mon, Wed and Fri, previewed and stored", async (_, start, dates) => {
      const target = await api.clientOf(coach)
      const body = {
        source: { kind: "template", templateId: template },
        targets: [{ clientId: target.id, start }],
        weeks: [plus({ percentPoints: 2.5 })]
      }
      const preview = (await copy({ ...body, dryRun: true })).body as CopyReport
      expect(preview.days.map((day) => day.date)).toEqual(dates)
      expect(preview.weeks?.[0]?.workouts.map((workout) => workout.weekday)).toEqual([1, 3, 5])
      await copy(body)
      expect(await datesOf(target, "2026-07-01", "2026-07-31")).toEqual(dates)
    })

    it("a week copied from a Wednesday keeps its weekdays too: from a Sunday it lands Mon, Wed, Fri", async () => {
      const target = await api.clientOf(coach)
      await copy({
        source: { kind: "week", clientId: source.id, from: "2026-03-04" },
        targets: [{ clientId: target.id, start: "2026-08-02" }],
        weeks: [plus({}), plus({})]
      })
      // The week from Wednesday 4 March holds that Wednesday and Friday only.
      expect(await datesOf(target, "2026-08-01", "2026-08-31")).toEqual([
        "2026-08-05",
        "2026-08-07",
        "2026-08-12",
        "2026-08-14"
      ])
    })

    it("a week template saved before weekdays were kept reads its offsets from Sunday", async () => {
      const { db } = api.server().database
      const [saved] = await db
        .select({ content: workoutTemplates.content })
        .from(workoutTemplates)
        .where(eq(workoutTemplates.id, template))
      // The saved Mon/Wed/Fri week as it was stored before: offsets from Sunday, no weekdays; Monday and Friday only.
      const content = (saved?.content as ReadonlyArray<{ offset: number; weekday?: number }>)
        .filter((workout) => workout.offset !== 3)
        .map(({ weekday: _weekday, ...workout }) => workout)
      expect(content.map((workout) => workout.offset)).toEqual([1, 5])
      const [legacy] = await db
        .insert(workoutTemplates)
        .values({
          coachId: UserId.make(coach.id),
          name: "Old week",
          kind: "week",
          content,
          contentHash: "saved-before-weekdays",
          ...templateSummary(decodeContent(content))
        })
        .returning({ id: workoutTemplates.id })
      const target = await api.clientOf(coach)
      const answer = await copy({
        source: { kind: "template", templateId: legacy?.id },
        targets: [{ clientId: target.id, start: "2026-09-02" }],
        repeats: []
      })
      expect(answer.body).toMatchObject({ dryRun: false })
      expect(await datesOf(target, "2026-09-01", "2026-09-30")).toEqual(["2026-09-04", "2026-09-07"])
    })
  })

  it("the same key with the same weeks answers the first report; other weeks with it are a 409", async () => {
    const target = await api.clientOf(coach)
    const body = {
      source: mondayOnly(),
      targets: [{ clientId: target.id, start: "2026-10-05" }],
      weeks: [plus({ percentPoints: 2.5 })],
      idempotencyKey: freshKey()
    }
    const first = await copy(body)
    expect(await copy(body)).toEqual(first)
    const other = await copy({ ...body, weeks: [plus({ percentPoints: 5 })] })
    expect(other.status).toBe(409)
    expect(other.body.error).toMatch(/^idempotencyKey: /)
    expect(loadsOf(await rows(target, "2026-10-05"), "Back Squat")).toEqual([77.5, 77.5, 77.5])
  })

  it.each([
    ["weeks", { weeks: [plus({})], repeats: [] }],
    ["weeks", { weeks: [] }],
    ["weeks", { weeks: Array.from({ length: 14 }, () => plus({})) }],
    ["weeks[0]", { weeks: [plus({ percentPoints: 60 })] }],
    ["weeks[0]", { weeks: [plus({ percentPoints: "2.5" })] }],
    ["weeks[0]", { weeks: [plus({ weight: { amount: 5, unit: "st" } })] }],
    ["weeks[0]", { weeks: [plus({ weight: 5 })] }],
    ["weeks[1]", { weeks: [plus({}), plus({ reps: 1.5 })] }],
    ["weeks[0]", { weeks: [{ kind: "taper" }] }]
  ])("a bad %s is a 400 naming it, and nothing is created", async (field, overrides) => {
    const target = await api.clientOf(coach)
    const answer = await copy({
      source: mondayOnly(),
      targets: [{ clientId: target.id, start: "2026-11-02" }],
      ...overrides
    })
    expect(answer.status).toBe(400)
    expect(String(answer.body.error).startsWith(field)).toBe(true)
    expect(await rows(target, "2026-11-01", "2026-11-30")).toEqual([])
  })

  it("more than 400 days with weeks is a 400 naming weeks", async () => {
    const answer = await copy({
      source: { kind: "week", clientId: source.id, from: SUNDAY },
      targets: Array.from({ length: 20 }, (_, i) => ({
        clientId: source.id,
        start: new Date(Date.UTC(2040 + i * 2, 0, 6)).toISOString().slice(0, 10)
      })),
      weeks: Array.from({ length: 13 }, () => plus({ percentPoints: 1 }))
    })
    expect(answer.status).toBe(400)
    expect(answer.body.error).toMatch(/^weeks: this copy would create 780 days/)
  })

  describe("who may send weeks", () => {
    let client: Account
    let stranger: Account

    beforeAll(async () => {
      client = await api.clientOf(coach)
      const otherCoach = await api.signupAs("Coach", "Other Weeks Coach")
      stranger = await api.clientOf(otherCoach, "Not Yours")
    })

    const body = (clientId: number) => ({
      source: mondayOnly(),
      targets: [{ clientId, start: "2026-12-07" }],
      weeks: [plus({ percentPoints: 2.5 })]
    })

    it("without a token: 401", async () => {
      expect((await copy(body(client.id), null)).status).toBe(401)
    })

    it("a client: 403, and nothing changes", async () => {
      const answer = await copy(body(client.id), client)
      expect(answer).toEqual({ status: 403, body: { error: "Only coaches can copy workouts" } })
      expect(await rows(client, "2026-12-07")).toEqual([])
    })

    it("another coach's client as a target: 404 naming it, and nothing changes", async () => {
      const answer = await copy(body(stranger.id))
      expect(answer).toEqual({
        status: 404,
        body: {
          error: `targets[0].clientId: no client with id ${stranger.id} on your client list`,
          code: "ClientNotFound"
        }
      })
    })
  })
})
