import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import * as Schema from "effect/Schema"
import * as Redacted from "effect/Redacted"
import * as Context from "effect/Context"
import * as HttpApi from "effect/http-api/HttpApi"
import * as HttpApiGroup from "effect/http-api/HttpApiGroup"
import * as HttpApiEndpoint from "effect/http-api/HttpApiEndpoint"
import * as HttpApiBuilder from "effect/http-api/HttpApiBuilder"
import * as HttpApiMiddleware from "effect/http-api/HttpApiMiddleware"
import * as HttpApiSecurity from "effect/http-api/HttpApiSecurity"
import * as HttpApiClient from "effect/http-api/HttpApiClient"
import * as HttpRouter from "effect/http/HttpRouter"
import * as HttpServer from "effect/http/HttpServer"
import * as HttpServerResponse from "effect/http/HttpServerResponse"
import * as HttpIncomingMessage from "effect/http/HttpIncomingMessage"
import * as FetchHttpClient from "effect/http/FetchHttpClient"
import * as HttpClient from "effect/http/HttpClient"
import * as HttpClientRequest from "effect/http/HttpClientRequest"
import * as ByteSize from "effect/ByteSize"

class BadRequest extends Schema.Error<BadRequest>("BadRequest")({ error: Schema.String }, { httpApiStatus: 400 }) {
  readonly _tag = "BadRequest" as const
}
class Unauthorized extends Schema.Error<Unauthorized>("Unauthorized")({ error: Schema.String }, { httpApiStatus: 401 }) {
  readonly _tag = "Unauthorized" as const
}

class Caller extends Context.Service<Caller, { readonly uid: string }>()("Caller") {}

class Authentication extends HttpApiMiddleware.Service<Authentication, { provides: Caller }>()("Authentication", {
  error: Unauthorized,
  security: { bearer: HttpApiSecurity.bearer }
}) {}
class SchemaErrors extends HttpApiMiddleware.Service<SchemaErrors>()("SchemaErrors", { error: BadRequest }) {}

const Api = HttpApi.make("api").add(
  HttpApiGroup.make("users").add(
    HttpApiEndpoint.get("check", "/api/user/check", {
      query: { email: Schema.String, n: Schema.Int.check(Schema.isBetween({minimum: 0, maximum: 5})) },
      success: Schema.Array(Schema.Struct({ id: Schema.Number, email: Schema.String }))
    }),
    HttpApiEndpoint.post("save", "/api/save/:id", {
      params: { id: Schema.Int },
      payload: Schema.Struct({ data: Schema.Struct({ x: Schema.Int }) }),
      success: Schema.Struct({ ok: Schema.Boolean })
    })
  )
).middleware(SchemaErrors).middleware(Authentication).prefix("/beta")

const UsersLive = HttpApiBuilder.group(Api, "users", (h) =>
  h.handle("check", ({ query }) => Effect.gen(function* () {
    const caller = yield* Caller
    return [{ id: query.n, email: query.email + caller.uid }]
  })).handle("save", ({ payload }) => Effect.succeed({ ok: payload.data.x > 0 })))

const AuthLive = Layer.succeed(Authentication)({
  bearer: (effect, { credential }) => Effect.gen(function* () {
    const token = Redacted.value(credential)
    if (token === "") return yield* new Unauthorized({ error: "Sign in first" })
    return yield* Effect.provideService(effect, Caller, { uid: token })
  })
})
const SchemaErrorsLive = HttpApiMiddleware.layerSchemaErrorTransform(SchemaErrors, (e) => {
  console.log("kind", e.kind, String(e.cause))
  return Effect.fail(new BadRequest({ error: `${e.kind}: ${e.cause.message}` }))
})

const app = HttpApiBuilder.layer(Api, { openapiPath: "/beta/docs/openapi.json" }).pipe(
  Layer.provide(UsersLive), Layer.provide(AuthLive), Layer.provide(SchemaErrorsLive), Layer.provide(HttpServer.layerServices))
const { handler } = HttpRouter.toWebHandler(app, {
  disableLogger: true,
  middleware: (eff) => Effect.provideService(eff, HttpIncomingMessage.MaxBodySize, ByteSize.kibibytes(1)) as any
})
const go = async (url: string, init?: RequestInit) => {
  const r = await handler(new Request("http://x" + url, init))
  console.log(r.status, r.headers.get("content-type"), await r.text())
}
await go("/beta/api/user/check?email=a&n=2", { headers: { authorization: "Bearer tok" } })
await go("/beta/api/user/check?email=a&n=2")
await go("/beta/api/user/check?email=a&n=9", { headers: { authorization: "Bearer tok" } })
await go("/beta/api/user/check?n=x", { headers: { authorization: "Bearer tok" } })
await go("/beta/api/save/abc", { method: "POST", headers: { authorization: "Bearer tok", "content-type": "application/json" }, body: JSON.stringify({ data: { x: 1 } }) })
await go("/beta/api/save/3", { method: "POST", headers: { authorization: "Bearer tok", "content-type": "application/json" }, body: "{bad" })
await go("/beta/api/save/3", { method: "POST", headers: { authorization: "Bearer tok", "content-type": "application/json" }, body: JSON.stringify({ data: { x: "q" } }) })
await go("/beta/api/save/3", { method: "POST", headers: { authorization: "Bearer tok", "content-type": "application/json" }, body: JSON.stringify({ data: { x: 1 }, pad: "x".repeat(5000) }) })
await go("/beta/api/nope")
await go("/beta/docs/openapi.json")

// client
const fetchFn: typeof fetch = (input, init) => handler(new Request(input as any, init))
const program = Effect.gen(function* () {
  const client = yield* HttpApiClient.make(Api, { baseUrl: "http://x", transformClient: HttpClient.mapRequest(HttpClientRequest.bearerToken("tk")) })
  const ok = yield* client.users.check({ query: { email: "e", n: 1 } })
  console.log("client ok", ok)
  const err = yield* Effect.flip(client.users.save({ params: { id: 1 }, payload: { data: { x: 2 } } }))
  console.log("client err", err)
})
await Effect.runPromise(program.pipe(Effect.provide(FetchHttpClient.layer), Effect.provideService(FetchHttpClient.Fetch, fetchFn)))
