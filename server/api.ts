import * as OpenApi from "effect/http-api/OpenApi"
import { Api } from "#domain/api.ts"
import { ChatApi } from "#domain/chat-api.ts"
import { CoachingApi } from "#domain/coaching-api.ts"
import { DataApi } from "#domain/data-api.ts"
import { DoneWorkApi } from "#domain/done-work-api.ts"
import { EXPORT_ACCOUNT_PATH, EXPORT_FORMATS, EXPORT_HISTORY_PATH, IMPORT_UNDO_HOURS } from "#domain/history-import.ts"
import { HEARTBEAT_MS, LIVE_EVENTS_PATH } from "#domain/live-events.ts"
import {
  VIDEO_FILE_PATH,
  VIDEO_LINK_SECONDS,
  VIDEO_MAX_BYTES,
  VIDEO_MAX_DURATION_MS,
  VIDEO_UPLOADS_PATH
} from "#domain/set-videos.ts"
import { VIDEO_UPLOAD_REFUSALS } from "#domain/video-errors.ts"
import { VideosApi } from "#domain/videos-api.ts"
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
    description: `The signed-in person's live events as Server-Sent Events, read with fetch (the bearer header): first a \`ready\` event whose id is where the stream starts, then \`message\`, \`read\`, \`comment\`, \`video\` (a form-check clip ready) and \`videoComment\` events (LiveData in src/domain/live-events.ts), each with \`id:\` its sequence; a \`: heartbeat\` comment every ${HEARTBEAT_MS / 1000} s. Reconnect with Last-Event-ID (or ?after=) to get exactly what came after. At most 5 open per person and instance; openings are rate-limited (docs/decisions/029).`,
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

/**
 * Clips travel beside the contract as well (server/videos, ADR 050): in over the tus
 * protocol, out by a signed link. Their entries are written here.
 */
const refusalBody = (description: string) => ({
  description,
  content: {
    "application/json": {
      schema: {
        type: "object",
        properties: { error: { type: "string" }, code: { type: "string", enum: Object.keys(VIDEO_UPLOAD_REFUSALS) } },
        required: ["error"]
      }
    }
  }
})

const tusHeaders = [
  { name: "Tus-Resumable", in: "header", required: true, schema: { type: "string", enum: ["1.0.0"] } }
]

const videoUploadsOperation = {
  post: {
    tags: ["videos"],
    operationId: "videos.createUpload",
    description: `Creates the upload of a form-check clip (tus 1.0.0 creation): Upload-Length (at most ${VIDEO_MAX_BYTES} bytes; deferred lengths are refused) and Upload-Metadata with base64 \`videoId\` (a UUID made on the device: it names the upload, at ${VIDEO_UPLOADS_PATH}/{videoId}), \`setId\` (one of the lifter's own sets), \`durationMs\` (at most ${VIDEO_MAX_DURATION_MS}) and an optional \`filename\`. The clip's size counts against the lifter's quota from now on. Creating the same id again with the same set and size answers its address again, so a client that lost the answer resumes. Only clients upload. Every refusal is {"error", "code"} (src/domain/video-errors.ts). Creations are rate-limited per hour.`,
    parameters: [
      ...tusHeaders,
      {
        name: "Upload-Length",
        in: "header",
        required: true,
        schema: { type: "integer", minimum: 1, maximum: VIDEO_MAX_BYTES }
      },
      { name: "Upload-Metadata", in: "header", required: true, schema: { type: "string" } }
    ],
    security: [{ bearer: [] }],
    responses: {
      "201": { description: "Created; Location is the upload's address" },
      "400": refusalBody("BadUpload (the message names the header or metadata field) or VideoTooLong"),
      "401": errorBody("Missing, malformed or expired Firebase ID token"),
      "403": errorBody("The token has no account yet, or the caller is a coach"),
      "404": refusalBody("SetNotFound: no such set among the caller's own"),
      "413": refusalBody("VideoTooLarge, or VideoQuotaFull (the message says what is used and what to do)"),
      "429": errorBody("Too many uploads created in an hour")
    }
  }
}

const videoUploadOperation = {
  head: {
    tags: ["videos"],
    operationId: "videos.uploadOffset",
    description:
      "How much of the upload is stored (Upload-Offset) and its length: where a client resumes. Someone else's upload, or none, is a 404.",
    parameters: [
      { name: "videoId", in: "path", required: true, schema: { type: "string", format: "uuid" } },
      ...tusHeaders
    ],
    security: [{ bearer: [] }],
    responses: {
      "200": { description: "Upload-Offset and Upload-Length headers" },
      "401": errorBody("Missing, malformed or expired Firebase ID token"),
      "404": errorBody("No upload of the caller's with this id")
    }
  },
  patch: {
    tags: ["videos"],
    operationId: "videos.uploadBytes",
    description: `Stores the next bytes at Upload-Offset (Content-Type: application/offset+octet-stream). A request cut short keeps what arrived; HEAD says where to go on. The first bytes must be an MP4, MOV or WebM (else 415 NotAVideo, and the upload is removed). With the last byte the clip's duration is read from its container where it says one (past ${VIDEO_MAX_DURATION_MS / 1000} s: 400 VideoTooLong, removed); the clip is then ready and a \`video\` live event reaches the lifter and their coach.`,
    parameters: [
      { name: "videoId", in: "path", required: true, schema: { type: "string", format: "uuid" } },
      ...tusHeaders,
      { name: "Upload-Offset", in: "header", required: true, schema: { type: "integer", minimum: 0 } }
    ],
    security: [{ bearer: [] }],
    responses: {
      "204": { description: "Stored; Upload-Offset is the new offset" },
      "400": refusalBody("VideoTooLong"),
      "401": errorBody("Missing, malformed or expired Firebase ID token"),
      "404": errorBody("No upload of the caller's with this id"),
      "409": errorBody("Upload-Offset is not the stored offset"),
      "415": refusalBody("NotAVideo"),
      "429": errorBody("Too many upload requests in a minute")
    }
  },
  delete: {
    tags: ["videos"],
    operationId: "videos.endUpload",
    description: "The lifter ends their upload (tus termination): the clip's row and bytes go, finished or not.",
    parameters: [
      { name: "videoId", in: "path", required: true, schema: { type: "string", format: "uuid" } },
      ...tusHeaders
    ],
    security: [{ bearer: [] }],
    responses: {
      "204": { description: "Removed" },
      "401": errorBody("Missing, malformed or expired Firebase ID token"),
      "404": errorBody("No upload of the caller's with this id")
    }
  }
}

const videoFileOperation = {
  get: {
    tags: ["videos"],
    operationId: "videos.videoFile",
    description: `A ready clip's bytes by the link videoLink made (valid ${VIDEO_LINK_SECONDS / 60} minutes; no bearer token, the signature is the permission). Single byte ranges (\`bytes=a-b\`, \`bytes=a-\`, \`bytes=-n\`) answer 206 with Content-Range; Content-Type is the container found from the bytes; Content-Disposition inline, or attachment with download=1; Cache-Control private for the link's remaining seconds; a sandboxing Content-Security-Policy.`,
    parameters: [
      { name: "videoId", in: "path", required: true, schema: { type: "string", format: "uuid" } },
      { name: "expires", in: "query", required: true, schema: { type: "integer" } },
      { name: "signature", in: "query", required: true, schema: { type: "string" } },
      { name: "download", in: "query", required: false, schema: { type: "string", enum: ["1"] } },
      { name: "Range", in: "header", required: false, schema: { type: "string" } }
    ],
    responses: {
      "200": {
        description: "The whole clip",
        content: { "video/mp4": { schema: { type: "string", format: "binary" } } }
      },
      "206": { description: "One range of the clip" },
      "403": errorBody("The link has run out or its signature is not ours"),
      "404": errorBody("No ready clip with this id"),
      "416": errorBody("The range is beyond the clip")
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
  .addHttpApi(VideosApi)
  .annotate(OpenApi.Transform, (spec) => ({
    ...spec,
    paths: {
      ...describeOperations(spec.paths as OpenApi.OpenAPISpecPaths),
      [LIVE_EVENTS_PATH]: liveEventsOperation,
      [openApiPath(EXPORT_HISTORY_PATH)]: exportHistoryOperation,
      [EXPORT_ACCOUNT_PATH]: exportAccountOperation,
      [VIDEO_UPLOADS_PATH]: videoUploadsOperation,
      [`${VIDEO_UPLOADS_PATH}/{videoId}`]: videoUploadOperation,
      [openApiPath(VIDEO_FILE_PATH)]: videoFileOperation
    }
  }))
