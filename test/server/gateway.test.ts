import * as Effect from "effect/Effect"
import { beforeAll, describe, expect, it } from "vitest"
import { Conflict, Forbidden, Unauthorized } from "#domain/api-errors.ts"
import { SetNotFound } from "#domain/workout-errors.ts"
import type { IsoDate, RouteDate } from "#domain/calendar.ts"
import type { WorkoutCompletion } from "#domain/completion.ts"
import type { SetId, UserId } from "#domain/ids.ts"
import { GatewayDefect, makeGateway } from "#gateway/gateway.ts"
import { type Account, useApiUnderTest } from "./support/api-under-test.ts"
import { databasesUnderTest } from "./support/databases.ts"

const asUserId = (id: number) => id as UserId
const A_WEEK = { from: "10-06-2025" as RouteDate, to: "10-12-2025" as RouteDate }

describe.each(databasesUnderTest)("the gateway client against the server on $name", (database) => {
  const api = useApiUnderTest(database)
  let coach: Account
  let client: Account
  const gatewayFor = (who: Account | null) =>
    makeGateway({ baseUrl: api.server().url, getIdToken: () => Promise.resolve(who?.idToken ?? null) })

  beforeAll(async () => {
    coach = await api.signupAs("Coach", "Gale Gateway")
    client = await api.clientOf(coach, "Gus Gateway")
    await api.saveWorkout(coach, client, "2025-10-06")
  })

  it("answers decoded values and attaches the caller's token", async () => {
    const records = await gatewayFor(client).checkUser({ email: client.email, firebaseId: client.uid })
    expect(records).toEqual([
      { id: client.id, name: "Gus Gateway", email: client.email, firebase_id: client.uid, user_type: "Client" }
    ])
  })

  it("takes a route date (MM-DD-YYYY) and sends it as an ISO date", async () => {
    const answer = await gatewayFor(client).workoutByDate(asUserId(client.id), "10-06-2025" as RouteDate)
    expect(Object.keys(answer.data)).toEqual(["2025-10-06"])
    expect(answer.data["2025-10-06" as keyof typeof answer.data]?.[0]?.exercises[0]?.name).toBe("Squat")
  })

  it("adds, removes and submits through the contract's calls, and decodes every answer", async () => {
    const gateway = gatewayFor(client)
    const [first] = await gateway.workouts(asUserId(client.id), A_WEEK)
    if (first === undefined) throw new Error("no prescribed set")
    const added = await gateway.addLoggedSet({
      afterSetId: first.id,
      idempotencyKey: "gateway-adds-a-set-0001"
    })
    expect(added).toMatchObject({ exercise: "Squat", set: 2, added: true })
    expect(await gateway.removeLoggedSet(added.id)).toEqual({ id: added.id })
    const refused = await gateway.removeLoggedSet(added.id).catch((error: unknown) => error)
    expect(refused).toBeInstanceOf(SetNotFound)
    const completion = {
      date: "2025-10-06" as IsoDate,
      workout_order: 0,
      started_at: "2025-10-06T17:00:00.000Z",
      ended_at: "2025-10-06T18:02:00.000Z",
      duration_seconds: 3_600
    } as WorkoutCompletion
    expect(await gateway.completeWorkout(completion)).toEqual(completion)
    expect(await gatewayFor(coach).workoutCompletions(asUserId(client.id), A_WEEK)).toEqual([completion])
  })

  it("records a tested max and reads it back through the contract's calls, as the coach and as the client", async () => {
    const entry = {
      clientId: asUserId(client.id),
      exercise_id: "back-squat",
      value: 140,
      unit: "kg",
      set_on: "2025-10-06" as IsoDate
    } as const
    const stored = await gatewayFor(coach).addMax(entry)
    expect(stored).toMatchObject({ exercise_id: "back-squat", value: 140, unit: "kg", set_on: "2025-10-06" })
    expect(stored.recorded_at).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/)
    expect(await gatewayFor(client).maxes(asUserId(client.id))).toEqual([stored])
    const refused = await gatewayFor(client)
      .addMax(entry)
      .catch((error: unknown) => error)
    expect(refused).toBeInstanceOf(Forbidden)
  })

  it("rejects a prescribed set's removal as a Conflict", async () => {
    const [first] = await gatewayFor(client).workouts(asUserId(client.id), A_WEEK)
    const failure = await gatewayFor(client)
      .removeLoggedSet((first?.id ?? 0) as SetId)
      .catch((error: unknown) => error)
    expect(failure).toBeInstanceOf(Conflict)
  })

  it("rejects a declared error as its tagged class carrying the server's message", async () => {
    const failure = await gatewayFor(client)
      .getAllClients(asUserId(coach.id))
      .catch((error: unknown) => error)
    expect(failure).toBeInstanceOf(Forbidden)
    expect(failure).toMatchObject({ _tag: "Forbidden", error: "Only coaches can list clients" })
  })

  it("rejects with Unauthorized when there is no signed-in user", async () => {
    const failure = await gatewayFor(null)
      .workouts(asUserId(client.id), A_WEEK)
      .catch((error: unknown) => error)
    expect(failure).toBeInstanceOf(Unauthorized)
  })

  it("exposes typed errors on the Effect flavour for catchTag", async () => {
    const outcome = await Effect.runPromise(
      gatewayFor(coach)
        .effects.addClient({ data: { coachId: asUserId(coach.id), clientEmail: client.email } })
        .pipe(
          Effect.map(() => "added"),
          Effect.catchTag("Conflict", (error: Conflict) => Effect.succeed(`conflict: ${error.error}`))
        )
    )
    expect(outcome).toBe("conflict: That client is already on your list")
  })

  it("turns an answer that does not match the contract into a GatewayDefect", async () => {
    const gateway = makeGateway({
      baseUrl: "http://gateway.test",
      getIdToken: () => Promise.resolve("token"),
      fetch: () => Promise.resolve(Response.json([{ id: "not-a-number" }]))
    })
    const failure = await gateway.workouts(asUserId(1), A_WEEK).catch((error: unknown) => error)
    expect(failure).toBeInstanceOf(GatewayDefect)
    expect(failure).toMatchObject({ _tag: "GatewayDefect", reason: "contract" })
  })

  it("turns an undeclared status into a GatewayDefect carrying the status", async () => {
    const gateway = makeGateway({
      baseUrl: "http://gateway.test",
      getIdToken: () => Promise.resolve("token"),
      fetch: () => Promise.resolve(Response.json({ error: "boom" }, { status: 500 }))
    })
    const failure = await gateway.workouts(asUserId(1), A_WEEK).catch((error: unknown) => error)
    expect(failure).toMatchObject({ _tag: "GatewayDefect", reason: "status", status: 500 })
  })

  it("turns an unreachable server into a GatewayDefect", async () => {
    const gateway = makeGateway({ baseUrl: "http://127.0.0.1:1", getIdToken: () => Promise.resolve("token") })
    const failure = await gateway.workouts(asUserId(1), A_WEEK).catch((error: unknown) => error)
    expect(failure).toMatchObject({ _tag: "GatewayDefect", reason: "network" })
  })

  it("turns a failing token lookup into a GatewayDefect", async () => {
    const gateway = makeGateway({
      baseUrl: api.server().url,
      getIdToken: () => Promise.reject(new Error("offline"))
    })
    const failure = await gateway.workouts(asUserId(client.id), A_WEEK).catch((error: unknown) => error)
    expect(failure).toMatchObject({ _tag: "GatewayDefect", reason: "token" })
  })
})
