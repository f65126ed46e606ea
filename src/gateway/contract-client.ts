/**
 * A thin fetch client derived from an HttpApi contract, in place of HttpApiClient, whose
 * http client stack (streams, multipart, upgrades) cost the signed-in screens ~30 KiB
 * gzip (docs/decisions/009). It walks the contract once with HttpApi.reflect; each
 * endpoint encodes its params, query and payload with the endpoint's own schemas, sends
 * one `fetch`, and decodes the answer with the schemas the contract declares for that
 * status: the success schema, or the error schemas of the endpoint and its middleware
 * (their `httpApiStatus` annotation is where the status comes from). Only JSON bodies
 * are supported; an endpoint that needs anything else makes `makeContractClient` throw,
 * so such a contract change fails on the first test instead of on a user's phone.
 */
import * as Effect from "effect/Effect"
import * as Schema from "effect/Schema"
import * as SchemaAST from "effect/SchemaAST"
import * as HttpApi from "effect/http-api/HttpApi"
import type * as HttpApiEndpoint from "effect/http-api/HttpApiEndpoint"
import type * as HttpApiGroup from "effect/http-api/HttpApiGroup"
import * as HttpApiSchema from "effect/http-api/HttpApiSchema"
import { GatewayDefect, retryAfterMs } from "./gateway-defect.ts"

type Field<Key extends string, S> = [S] extends [never]
  ? unknown
  : { readonly [K in Key]: S extends Schema.Top ? S["Type"] : never }

/** What a call takes: the decoded (Type) side of the endpoint's params, query and payload. */
export type RequestOf<E> = Field<"params", HttpApiEndpoint.Params<E>> &
  Field<"query", HttpApiEndpoint.Query<E>> &
  Field<"payload", HttpApiEndpoint.Payload<E>>

export type SuccessOf<E> = HttpApiEndpoint.Success<E> extends Schema.Top ? HttpApiEndpoint.Success<E>["Type"] : never

/** The endpoint's declared errors plus its middleware's (e.g. Unauthorized), or a GatewayDefect. */
export type ErrorOf<E> = HttpApiEndpoint.Errors<E> | GatewayDefect

export type ContractClient<Groups extends HttpApiGroup.Constraint> = {
  readonly [G in Groups as HttpApiGroup.Identifier<G>]: {
    readonly [E in HttpApiGroup.Endpoints<G> as HttpApiEndpoint.Identifier<E>]: (
      request: RequestOf<E>
    ) => Effect.Effect<SuccessOf<E>, ErrorOf<E>>
  }
}

export interface ContractClientOptions {
  /** Prepended to every endpoint path ("" for same origin). */
  readonly baseUrl: string
  /** Headers for every call, read per call (the bearer token); fails with a GatewayDefect. */
  readonly headers: Effect.Effect<Record<string, string>, GatewayDefect>
  readonly fetch: typeof globalThis.fetch
}

interface WireRequest {
  readonly params?: unknown
  readonly query?: unknown
  readonly payload?: unknown
}

type Codec = (input: unknown) => Effect.Effect<unknown, Schema.SchemaError>

const oneOf = (schemas: ReadonlyArray<Schema.Top>): Schema.Top =>
  schemas.length === 1 && schemas[0] !== undefined ? schemas[0] : Schema.Union(schemas)

const encoder = (schemas: ReadonlyArray<Schema.Top>): Codec => Schema.encodeUnknownEffect(oneOf(schemas)) as Codec

/** A body with a literal `code`: a domain error (docs/decisions/045), which a generic error of its status would also accept. */
const isCoded = (schema: Schema.Top): boolean => {
  const encoded = SchemaAST.toEncoded(schema.ast)
  return (
    SchemaAST.isObjects(encoded) &&
    encoded.propertySignatures.some((property) => property.name === "code" && SchemaAST.isLiteral(property.type))
  )
}

const decoder = (schemas: ReadonlyArray<Schema.Top>): Codec => {
  for (const schema of schemas) {
    if (HttpApiSchema.isWithHeaders(schema)) throw new Error("contract-client: response headers are not supported")
  }
  // A union answers its first member that decodes: coded errors go first, whatever the contract's order.
  return Schema.decodeUnknownEffect(oneOf([...schemas.filter(isCoded), ...schemas.filter((s) => !isCoded(s))])) as Codec
}

const decoders = (byStatus: ReadonlyMap<number, ReadonlyArray<Schema.Top>>): ReadonlyMap<number, Codec> =>
  new Map(Array.from(byStatus, ([status, schemas]) => [status, decoder(schemas)]))

const contractDefect = (message: string, cause: unknown, status?: number) =>
  new GatewayDefect({ reason: "contract", status, message, cause })

/**
 * A 2xx the contract does not declare breaks the contract; a 429 asks for the call again
 * later (rate limits are not part of any endpoint's contract: server/rate-limit.ts); any
 * other status is just unexpected. A Retry-After header says how long to wait.
 */
const undeclaredAnswer = (response: Response, cause?: unknown) => {
  const { status } = response
  const wait = retryAfterMs(response.headers.get("retry-after"))
  return new GatewayDefect({
    reason: status >= 200 && status <= 299 ? "contract" : status === 429 ? "rateLimited" : "status",
    status,
    message:
      status === 429 ? "Too many requests; the server asked to try again later" : `The server answered ${status}`,
    ...(wait === undefined ? {} : { retryAfterMs: wait }),
    cause
  })
}

/** `encode` with a SchemaError turned into a GatewayDefect: the caller sent what the contract does not allow. */
const encodeWith = (encode: Codec | undefined, input: unknown) =>
  encode === undefined
    ? Effect.succeed(undefined)
    : Effect.mapError(encode(input), (error) =>
        contractDefect(`A request value did not match the contract: ${error.message}`, error)
      )

/** How a payload travels: a JSON body, or (no-body methods) url parameters. */
function payloadEncoder(
  endpoint: HttpApiEndpoint.Top
): { readonly encode: Codec; readonly inBody: boolean } | undefined {
  if (endpoint.payload.size === 0) return undefined
  const [only, ...more] = endpoint.payload.values()
  const kind = only?.encoding._tag
  if (only === undefined || more.length > 0 || (kind !== "Json" && kind !== "FormUrlEncoded")) {
    throw new Error(`contract-client: ${endpoint.identifier} needs a payload encoding this client does not send`)
  }
  const inBody = endpoint.method !== "GET" && endpoint.method !== "HEAD" && endpoint.method !== "OPTIONS"
  if (kind === "FormUrlEncoded" && inBody) {
    throw new Error(`contract-client: ${endpoint.identifier} sends a form body, which this client does not`)
  }
  return { encode: encoder(only.schemas), inBody }
}

/** Fills `:name` (and optional `:name?`) segments with URI-encoded params. */
function fillPath(path: string, params: Record<string, string | undefined> | undefined): string {
  return path.replace(/\/:(\w+)(\??)/g, (_, name: string, optional: string) => {
    const value = params?.[name]
    if (value === undefined && optional === "?") return ""
    // "." and ".." survive encoding and would be resolved away by URL normalisation.
    if (value === undefined || value === "." || value === "..") throw new Error(`Invalid path parameter: ${name}`)
    return `/${encodeURIComponent(value)}`
  })
}

function appendQuery(search: URLSearchParams, encoded: unknown): void {
  if (encoded === undefined || encoded === null) return
  for (const [key, value] of Object.entries(encoded as Record<string, unknown>)) {
    for (const item of Array.isArray(value) ? value : [value]) {
      if (item !== undefined) search.append(key, String(item))
    }
  }
}

/** The body as JSON, an empty body as `undefined` (no content). */
const readJson = (response: Response) =>
  Effect.tryPromise({
    try: () => response.text().then((text): unknown => (text === "" ? undefined : JSON.parse(text))),
    catch: (cause) => cause
  })

function makeEndpointCall(
  endpoint: HttpApiEndpoint.Top,
  successes: ReadonlyMap<number, Codec>,
  errors: ReadonlyMap<number, Codec>,
  options: ContractClientOptions
) {
  const encodeParams = endpoint.params === undefined ? undefined : encoder([endpoint.params])
  const encodeQuery = endpoint.query === undefined ? undefined : encoder([endpoint.query])
  const payload = payloadEncoder(endpoint)

  const send = (request: WireRequest) =>
    Effect.gen(function* () {
      const params = (yield* encodeWith(encodeParams, request.params)) as Record<string, string> | undefined
      const search = new URLSearchParams()
      appendQuery(search, yield* encodeWith(encodeQuery, request.query))
      const encodedPayload = yield* encodeWith(payload?.encode, request.payload)
      if (payload !== undefined && !payload.inBody) appendQuery(search, encodedPayload)
      const path = yield* Effect.try({
        try: () => fillPath(endpoint.path, params),
        catch: (cause) => contractDefect("A path parameter did not match the contract", cause)
      })
      const query = search.toString()
      const headers = { ...(yield* options.headers) }
      let body: string | undefined
      if (payload?.inBody === true) {
        headers["content-type"] = "application/json"
        body = JSON.stringify(encodedPayload)
      }
      return yield* Effect.tryPromise({
        try: (signal) =>
          options.fetch(`${options.baseUrl}${path}${query === "" ? "" : `?${query}`}`, {
            method: endpoint.method,
            headers,
            body,
            signal
          }),
        catch: (cause) => new GatewayDefect({ reason: "network", message: "The server could not be reached", cause })
      })
    })

  const receive = (response: Response): Effect.Effect<unknown, unknown> => {
    const { status } = response
    const decodeSuccess = successes.get(status)
    if (decodeSuccess !== undefined) {
      return readJson(response).pipe(
        Effect.flatMap(decodeSuccess),
        Effect.mapError((cause) => contractDefect("The server's answer did not match the contract", cause, status))
      )
    }
    const decodeError = errors.get(status)
    if (decodeError === undefined) return Effect.fail(undeclaredAnswer(response))
    // A declared error status whose body does not match is treated like an undeclared one.
    return readJson(response).pipe(
      Effect.flatMap(decodeError),
      Effect.matchEffect({
        onSuccess: Effect.fail,
        onFailure: (cause) => Effect.fail(undeclaredAnswer(response, cause))
      })
    )
  }

  return (request: WireRequest) =>
    Effect.flatMap(send(request), receive).pipe(
      // Nothing above should throw; if something does, it is still the caller's GatewayDefect.
      Effect.catchDefect((cause) =>
        Effect.fail(new GatewayDefect({ reason: "network", message: "The call failed", cause }))
      )
    )
}

/** One call per endpoint of `api`, grouped like the contract: `client.users.check({ query })`. */
export function makeContractClient<Id extends string, Groups extends HttpApiGroup.Constraint>(
  api: HttpApi.HttpApi<Id, Groups>,
  options: ContractClientOptions
): ContractClient<Groups> {
  const client: Record<string, Record<string, unknown>> = {}
  HttpApi.reflect(api, {
    onGroup: ({ group }) => {
      client[group.identifier] = {}
    },
    onEndpoint: ({ group, endpoint, successes, errors }) => {
      const calls = (client[group.identifier] ??= {})
      calls[endpoint.identifier] = makeEndpointCall(endpoint, decoders(successes), decoders(errors), options)
    }
  })
  return client as ContractClient<Groups>
}
