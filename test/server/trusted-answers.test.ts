/**
 * The hot answers skip the contract's encoder (server/trusted-answer.ts, docs/decisions/053):
 * each must still be exactly what the encoder would write for its value (nothing more,
 * nothing changed) and what the browser's decoding, with every check, accepts. Read over
 * HTTP from real rows of every shape: details, titles, AMRAP, percentages, logged in kg and
 * lb, skipped, cleared. On PGlite and PostgreSQL.
 */
import * as Schema from "effect/Schema"
import { beforeAll, describe, expect, it } from "vitest"
import { CoachOverview } from "#domain/coach-overview.ts"
import { LoggedRow, LoggedRows, WorkoutByDateResponse, WorkoutRows } from "#domain/workout.ts"
import { encodesAsItself, trustedAnswer } from "#server/trusted-answer.ts"
import { type Account, type ApiAnswer, SQUAT_WORKOUT, useApiUnderTest } from "./support/api-under-test.ts"
import { databasesUnderTest } from "./support/databases.ts"

const DAY = "2026-02-09"
const NEXT_DAY = "2026-02-11"

const sets = (count: number, reps: number | "AMRAP") =>
  Array.from({ length: count }, (_, set) => ({ set, amsap: reps === "AMRAP", fields: [{ name: "reps", value: reps }] }))

const DETAILED_DAY = [
  { name: "Pull-up", superset: "A", rest_seconds: 0, tempo: "21X1", note: "Full hang", sets: sets(2, "AMRAP") },
  { name: "Dip", superset: "A", rest_seconds: 90, sets: sets(2, 10) },
  ...SQUAT_WORKOUT
]

/** The answer, decoded as the browser decodes it, then encoded as the contract's encoder would. */
function expectEncoderWouldWrite(schema: Schema.Codec<unknown, unknown>, answer: ApiAnswer) {
  expect(answer.status).toBe(200)
  const decoded = Schema.decodeUnknownSync(schema)(answer.body)
  expect(Schema.encodeSync(Schema.toCodecJson(schema))(decoded)).toStrictEqual(answer.body)
}

describe("which schemas may be answered without the encoder", () => {
  it("accepts the hot answers' schemas, which encode as themselves", () => {
    for (const schema of [WorkoutRows, LoggedRows, LoggedRow, WorkoutByDateResponse, CoachOverview])
      expect(encodesAsItself(schema.ast)).toBe(true)
  })

  it("refuses a schema with a transformation anywhere in it, at start-up", () => {
    const transforming = [
      Schema.NumberFromString,
      Schema.Date,
      Schema.Struct({ at: Schema.Array(Schema.Struct({ when: Schema.Date })) }),
      Schema.Union([Schema.String, Schema.NumberFromString]),
      Schema.Struct({ maybe: Schema.OptionFromNullOr(Schema.String) })
    ]
    for (const schema of transforming) {
      expect(encodesAsItself(schema.ast)).toBe(false)
      expect(() => trustedAnswer(schema)).toThrow(/answer through the contract/)
    }
  })
})

describe.each(databasesUnderTest)("the hot answers on $name", (database) => {
  const api = useApiUnderTest(database)
  let coach: Account
  let client: Account
  let setIds: ReadonlyArray<number>

  beforeAll(async () => {
    coach = await api.signupAs("Coach", "Tess Trusted")
    client = await api.clientOf(coach, "Tom Trusted")
    const saved = await api.saveWorkout(coach, client, DAY, DETAILED_DAY)
    expect(saved.status).toBe(200)
    setIds = (saved.body as Array<{ id: number }>).map((row) => row.id)
    expect((await api.saveWorkout(coach, client, NEXT_DAY)).status).toBe(200)
    const logs = [
      { id: setIds[0], reps: 7, weight: 20, weight_unit: "kg" },
      { id: setIds[1], skipped: true },
      { id: setIds[2], reps: 10, rir: 2, rpe: 8.5, weight: 0, weight_unit: "lb" },
      { id: setIds[3], reps: 5, weight: 102.5, weight_unit: "kg" },
      { id: setIds[3], weight: null }
    ]
    for (const body of logs)
      expect((await api.call("PUT", "/beta/api/updateWorkoutResult", { token: client.idToken, body })).status).toBe(200)
  }, 60_000)

  it("updateWorkoutResult", async () => {
    const body = { id: setIds[4], reps: 3, rir: 0, weight: 140, weight_unit: "kg" }
    expectEncoderWouldWrite(
      LoggedRow,
      await api.call("PUT", "/beta/api/updateWorkoutResult", { token: client.idToken, body })
    )
  })

  it("workouts over 28 days, asked by the coach and by the lifter, and with the default window", async () => {
    const range = `from=2026-01-26&to=2026-02-22`
    for (const token of [coach.idToken, client.idToken])
      expectEncoderWouldWrite(WorkoutRows, await api.call("GET", `/beta/api/workouts/${client.id}?${range}`, { token }))
    expectEncoderWouldWrite(
      WorkoutRows,
      await api.call("GET", `/beta/api/workouts/${client.id}`, { token: coach.idToken })
    )
  })

  it("workoutResults over 28 days", async () => {
    const answer = await api.call("GET", `/beta/api/workoutResults/${client.id}?from=2026-01-26&to=2026-02-22`, {
      token: coach.idToken
    })
    expectEncoderWouldWrite(LoggedRows, answer)
    expect((answer.body as ReadonlyArray<unknown>).length).toBeGreaterThanOrEqual(4)
  })

  it("workoutByDate, a training day and an empty one", async () => {
    for (const date of [DAY, "2026-02-10"])
      expectEncoderWouldWrite(
        WorkoutByDateResponse,
        await api.call("GET", `/beta/api/workoutByDate?clientId=${client.id}&date=${date}`, { token: client.idToken })
      )
  })

  it("the coach overview", async () => {
    expectEncoderWouldWrite(
      CoachOverview,
      await api.call("GET", `/beta/api/coachOverview?today=${NEXT_DAY}&utcOffset=-300`, { token: coach.idToken })
    )
  })
})
