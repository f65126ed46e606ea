import * as Effect from "effect/Effect"
import * as Exit from "effect/Exit"
import * as Schema from "effect/Schema"
import * as HttpApi from "effect/http-api/HttpApi"
import * as HttpApiEndpoint from "effect/http-api/HttpApiEndpoint"
import * as HttpApiGroup from "effect/http-api/HttpApiGroup"
import * as HttpApiSchema from "effect/http-api/HttpApiSchema"
import { describe, expect, it } from "vitest"
import { Api } from "#domain/api.ts"
import { Conflict, Forbidden } from "#domain/api-errors.ts"
import type { FirebaseUid, SetId, UserId } from "#domain/ids.ts"
import type { Rir } from "#domain/set-fields.ts"
import { EmailNotVerified } from "#domain/user-errors.ts"
import { makeContractClient } from "#gateway/contract-client.ts"
import { GatewayDefect } from "#gateway/gateway-defect.ts"

interface Sent {
  readonly url: string
  readonly method: string | undefined
  readonly headers: Record<string, string>
  readonly body: string | undefined
}

/** The real contract's client over a fetch that records the request and answers `answer`. */
function clientAnswering(answer: () => Response) {
  const sent: Array<Sent> = []
  const client = makeContractClient(Api, {
    baseUrl: "http://api.test",
    headers: Effect.succeed({ authorization: "Bearer token" }),
    fetch: (input, init) => {
      sent.push({
        url: input instanceof Request ? input.url : input.toString(),
        method: init?.method,
        headers: init?.headers as Record<string, string>,
        body: init?.body as string | undefined
      })
      return Promise.resolve(answer())
    }
  })
  return { client, sent }
}

const failureOf = <A, E>(effect: Effect.Effect<A, E>) =>
  Effect.runPromiseExit(effect).then((exit) => (Exit.isFailure(exit) ? exit.cause.reasons[0] : undefined))

const record = {
  id: 7,
  name: "Ada Lift",
  email: "ada@example.com",
  firebase_id: "uid/1",
  user_type: "Coach"
}

describe("a client derived from the contract", () => {
  it("fills the path template and the query with values encoded by the endpoint's schemas", async () => {
    const { client, sent } = clientAnswering(() => Response.json(record))
    await Effect.runPromise(
      client.users.signup({
        params: { firebaseId: "uid/1" as FirebaseUid },
        query: { name: "Ada Lift", email: "ada@example.com", firebaseId: "uid/1" as FirebaseUid, userType: "Coach" }
      })
    )
    expect(sent[0]?.method).toBe("POST")
    expect(sent[0]?.url).toBe(
      "http://api.test/beta/api/signup/uid%2F1?name=Ada+Lift&email=ada%40example.com&firebaseId=uid%2F1&userType=Coach"
    )
    expect(sent[0]?.headers).toEqual({ authorization: "Bearer token" })
  })

  it("sends a payload as the JSON its schema encodes, leaving absent optional keys out", async () => {
    const { client, sent } = clientAnswering(() => Response.json({ error: "no" }, { status: 404 }))
    await Effect.runPromiseExit(client.workouts.updateWorkoutResult({ payload: { id: 3 as SetId, rir: 2 as Rir } }))
    expect(sent[0]?.method).toBe("PUT")
    expect(sent[0]?.headers["content-type"]).toBe("application/json")
    expect(JSON.parse(sent[0]?.body ?? "null")).toEqual({ id: 3, rir: 2 })
  })

  it("decodes a declared error status into the error class the contract declares for it", async () => {
    const { client } = clientAnswering(() => Response.json({ error: "Already linked" }, { status: 409 }))
    const failure = await failureOf(
      client.clients.addClient({ payload: { data: { coachId: 1 as UserId, clientEmail: "c@example.com" } } })
    )
    expect(failure).toMatchObject({ _tag: "Fail", error: { _tag: "Conflict", error: "Already linked" } })
    expect(failure?._tag === "Fail" && failure.error instanceof Conflict).toBe(true)
  })

  it("decodes a body with a code into that domain error, and one without into the generic error of its status", async () => {
    const addClient = (body: object) =>
      failureOf(
        clientAnswering(() => Response.json(body, { status: 403 })).client.clients.addClient({
          payload: { data: { coachId: 1 as UserId, clientEmail: "c@example.com" } }
        })
      )
    const coded = await addClient({ error: "Verify your email first", code: "EmailNotVerified" })
    expect(coded?._tag === "Fail" && coded.error instanceof EmailNotVerified).toBe(true)
    expect(coded).toMatchObject({ error: { _tag: "EmailNotVerified", error: "Verify your email first" } })
    const generic = await addClient({ error: "Only coaches can add clients" })
    expect(generic?._tag === "Fail" && generic.error instanceof Forbidden).toBe(true)
  })

  it("tries the domain errors of a status before its generic one, in whatever order the contract lists them", async () => {
    // addClient lists EmailNotVerified before Forbidden; a contract listing it after must decode the same.
    const Reordered = HttpApi.make("reordered").add(
      HttpApiGroup.make("clients").add(
        HttpApiEndpoint.post("addClient", "/api/addClient", {
          success: Schema.Struct({}),
          error: [Forbidden, EmailNotVerified]
        })
      )
    )
    const client = makeContractClient(Reordered, {
      baseUrl: "http://api.test",
      headers: Effect.succeed({}),
      fetch: () => Promise.resolve(Response.json({ error: "Verify first", code: "EmailNotVerified" }, { status: 403 }))
    })
    const failure = await failureOf(client.clients.addClient({}))
    expect(failure?._tag === "Fail" && failure.error instanceof EmailNotVerified).toBe(true)
  })

  it("treats a declared error status whose body does not match as an unexpected status", async () => {
    const { client } = clientAnswering(() => new Response("<html>proxy error</html>", { status: 403 }))
    const failure = await failureOf(client.clients.getAllClients({ params: { coachId: 1 as UserId } }))
    expect(failure).toMatchObject({ _tag: "Fail", error: { _tag: "GatewayDefect", reason: "status", status: 403 } })
  })

  it("treats a success status the contract does not declare as a broken contract", async () => {
    const { client } = clientAnswering(() => new Response(null, { status: 204 }))
    const failure = await failureOf(client.clients.getAllClients({ params: { coachId: 1 as UserId } }))
    expect(failure).toMatchObject({ _tag: "Fail", error: { _tag: "GatewayDefect", reason: "contract", status: 204 } })
  })

  it("refuses to send a value the contract rejects, without calling the server", async () => {
    const { client, sent } = clientAnswering(() => Response.json([]))
    const failure = await failureOf(
      client.workouts.workoutByDate({ query: { clientId: 1 as UserId, date: "2025-02-30" as never } })
    )
    expect(failure).toMatchObject({ _tag: "Fail", error: { _tag: "GatewayDefect", reason: "contract" } })
    expect(sent).toHaveLength(0)
  })

  it("refuses, when it is built, a contract with a payload it cannot send", () => {
    const Upload = HttpApi.make("upload").add(
      HttpApiGroup.make("files").add(
        HttpApiEndpoint.post("upload", "/upload", {
          payload: Schema.Struct({ name: Schema.String }).pipe(HttpApiSchema.asMultipart())
        })
      )
    )
    expect(() =>
      makeContractClient(Upload, { baseUrl: "", headers: Effect.succeed({}), fetch: () => Promise.reject(new Error()) })
    ).toThrow(/payload encoding/)
  })

  it("fails with the defect its headers fail with, before anything is sent", async () => {
    const sent: Array<unknown> = []
    const client = makeContractClient(Api, {
      baseUrl: "",
      headers: Effect.fail(new GatewayDefect({ reason: "token", message: "no token" })),
      fetch: (input) => (sent.push(input), Promise.resolve(Response.json([])))
    })
    const failure = await failureOf(client.clients.getAllClients({ params: { coachId: 1 as UserId } }))
    expect(failure).toMatchObject({ _tag: "Fail", error: { reason: "token" } })
    expect(sent).toHaveLength(0)
  })
})
