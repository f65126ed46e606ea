import * as OpenApi from "effect/http-api/OpenApi"
import { Api } from "#domain/api.ts"
import { ChatApi } from "#domain/chat-api.ts"
import { CoachingApi } from "#domain/coaching-api.ts"
import { DataApi } from "#domain/data-api.ts"
import { DoneWorkApi } from "#domain/done-work-api.ts"
import { EXPORT_ACCOUNT_PATH, EXPORT_FORMATS, EXPORT_HISTORY_PATH, IMPORT_UNDO_HOURS } from "#domain/history-import.ts"
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

/**
 * The exports are streamed routes beside the contract too (server/exports: a body written
 * as the history is read), so their entries are written here, from ADR 049.
 */
const exportHistoryOperation = {
  get: {
    tags: ["exports"],
    operationId: "exports.history",
    description: `A lifter's whole history, one row per set done (skipped sets left out), oldest first, streamed as it is read: \`csv\` is ours (our import reads it back, adding only what is not stored), \`strong\` Strong's semicolon CSV for other apps, \`json\` one object per set. A session is its import's key for an imported workout, else \`ours:<date>:<workout_order>\`. The lifter themself or their coach (an archived client's too); anyone else is a 404. An import can be undone for ${IMPORT_UNDO_HOURS} hours (docs/decisions/049).`,
    parameters: [
      { name: "clientId", in: "path", required: true, schema: { type: "integer", minimum: 1 } },
      {
        name: "format",
        in: "query",
        required: false,
        schema: { type: "string", enum: [...EXPORT_FORMATS], default: "csv" }
      }
    ],
    security: [{ bearer: [] }],
    responses: {
      "200": {
        description: "The history, as an attachment",
        content: {
          "text/csv": { schema: { type: "string" } },
          "application/json": { schema: { type: "array", items: { type: "object" } } }
        }
      },
      "400": errorBody("clientId is not a user id, or format is not one of the formats"),
      "401": errorBody("Missing, malformed or expired Firebase ID token"),
      "403": errorBody("The token has no account yet"),
      "404": errorBody("Not the caller's own history, nor one of their clients'")
    }
  }
}

const exportAccountOperation = {
  get: {
    tags: ["exports"],
    operationId: "exports.account",
    description:
      "The signed-in coach's account as one zip, streamed as it is read: clients.csv (name, email, status), templates.json (each template's stored content), history/<client-id>-<name>.csv per linked client (our CSV, as the history export writes it) and chat/<client-id>.json per client thread (docs/decisions/049). A client's call is a 403.",
    security: [{ bearer: [] }],
    responses: {
      "200": {
        description: "The account, as an attachment",
        content: { "application/zip": { schema: { type: "string", format: "binary" } } }
      },
      "401": errorBody("Missing, malformed or expired Firebase ID token"),
      "403": errorBody("The token has no account yet, or the caller is not a coach")
    }
  }
}

/** OpenAPI's spelling of a path with a parameter: "/a/:b" is "/a/{b}". */
const openApiPath = (path: string) => path.replace(/:([A-Za-z]+)/g, "{$1}")

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
  .addHttpApi(DataApi)
  .annotate(OpenApi.Transform, (spec) => ({
    ...spec,
    paths: {
      ...describeOperations(spec.paths as OpenApi.OpenAPISpecPaths),
      [LIVE_EVENTS_PATH]: liveEventsOperation,
      [openApiPath(EXPORT_HISTORY_PATH)]: exportHistoryOperation,
      [EXPORT_ACCOUNT_PATH]: exportAccountOperation
    }
  }))
