import * as OpenApi from "effect/http-api/OpenApi"
import { Api } from "#domain/api.ts"
import { ChatApi } from "#domain/chat-api.ts"
import { CoachingApi } from "#domain/coaching-api.ts"
import { DoneWorkApi } from "#domain/done-work-api.ts"
import { HEARTBEAT_MS, LIVE_EVENTS_PATH } from "#domain/live-events.ts"
import { API_DESCRIPTIONS } from "./api-descriptions.ts"

const errorBody = (description: string) => ({
  description,
  content: {
    "application/json": {
      schema: { type: "object", properties: { error: { type: "string" } }, required: ["error"] }
    }
  }
})

/**
 * The live event stream is a route of its own beside the contract (server/live/streams.ts:
 * HttpApi describes JSON calls, not a stream), so its entry in the OpenAPI document is
 * written here, from ADR 029.
 */
const liveEventsOperation = {
  get: {
    tags: ["chat"],
    operationId: "chat.events",
    description: `The signed-in person's live events as Server-Sent Events, read with fetch (the bearer header): first a \`ready\` event whose id is where the stream starts, then \`message\`, \`read\` and \`comment\` events (LiveData in src/domain/live-events.ts), each with \`id:\` its sequence; a \`: heartbeat\` comment every ${HEARTBEAT_MS / 1000} s. Reconnect with Last-Event-ID (or ?after=) to get exactly what came after. At most 5 open per person and instance; openings are rate-limited (docs/decisions/029).`,
    parameters: [
      { name: "Last-Event-ID", in: "header", required: false, schema: { type: "string", pattern: "^\\d{1,15}$" } },
      { name: "after", in: "query", required: false, schema: { type: "string", pattern: "^\\d{1,15}$" } }
    ],
    security: [{ bearer: [] }],
    responses: {
      "200": { description: "The event stream", content: { "text/event-stream": { schema: { type: "string" } } } },
      "400": errorBody("Last-Event-ID is not an event id"),
      "401": errorBody("Missing, malformed or expired Firebase ID token"),
      "403": errorBody("The token has no account yet"),
      "429": errorBody("Too many streams open, or opened in a minute")
    }
  }
}

/** Gives each operation its description from server/api-descriptions.ts (why they live there: that file). */
const describeOperations = (paths: OpenApi.OpenAPISpecPaths): OpenApi.OpenAPISpecPaths =>
  Object.fromEntries(
    Object.entries(paths).map(([path, item]) => [
      path,
      Object.fromEntries(
        Object.entries(item).map(([method, operation]) => {
          const id = (operation as { operationId?: unknown }).operationId
          return typeof id === "string" && Object.hasOwn(API_DESCRIPTIONS, id)
            ? [method, { ...(operation as object), description: API_DESCRIPTIONS[id as keyof typeof API_DESCRIPTIONS] }]
            : [method, operation]
        })
      )
    ])
  )

/**
 * Everything the server serves and documents: the app's contract, and the chat and
 * coaching contracts, which the browser loads apart (src/domain/chat-api.ts,
 * src/domain/coaching-api.ts). The groups keep their own
 * middleware and prefix, and this API keeps `Api`'s identifier, so every group's
 * handlers are built against whichever of the two defines it.
 */
export const ServerApi = Api.addHttpApi(ChatApi)
  .addHttpApi(CoachingApi)
  .addHttpApi(DoneWorkApi)
  .annotate(OpenApi.Transform, (spec) => ({
    ...spec,
    paths: { ...describeOperations(spec.paths as OpenApi.OpenAPISpecPaths), [LIVE_EVENTS_PATH]: liveEventsOperation }
  }))
