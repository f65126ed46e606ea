/* eslint-disable @typescript-eslint/no-unsafe-member-access, @typescript-eslint/no-unsafe-argument -- these tests read the raw JSON answers the way any API client would; the assertions check their shape */
import { readdirSync, readFileSync } from "node:fs"
import { join } from "node:path"
import { describe, expect, it } from "vitest"
import { API_DESCRIPTIONS } from "#server/api-descriptions.ts"
import { useApiUnderTest } from "./support/api-under-test.ts"
import { databasesUnderTest } from "./support/databases.ts"

const databaseOnlyPGlite = databasesUnderTest.slice(0, 1)

/** The keys of an OpenAPI path item that hold an operation (others: parameters, summary...). */
const HTTP_METHODS = ["get", "put", "post", "delete", "options", "head", "patch", "trace", "query"] as const
interface Operation {
  readonly operationId: string
  readonly description?: unknown
}

describe.each(databaseOnlyPGlite)("the contract's documentation", (database) => {
  const api = useApiUnderTest(database)

  it("is served as an API reference page at /beta/docs", async () => {
    const response = await fetch(`${api.server().url}/beta/docs`)
    expect(response.status).toBe(200)
    expect(response.headers.get("content-type")).toContain("text/html")
  })

  it("describes every call of the contract with bearer security in OpenAPI", async () => {
    const answer = await api.call("GET", "/beta/docs/openapi.json")
    expect(answer.status).toBe(200)
    expect(Object.keys(answer.body.paths).sort()).toEqual([
      "/beta/api/addClient",
      "/beta/api/chat/unread",
      "/beta/api/chat/{clientId}/messages",
      "/beta/api/chat/{clientId}/read",
      "/beta/api/clients/archive",
      "/beta/api/clients/import",
      "/beta/api/clients/restore",
      "/beta/api/clients/{clientKey}",
      "/beta/api/coachOverview",
      "/beta/api/coaching",
      "/beta/api/coaching/coach",
      "/beta/api/coaching/invitations/{invitationId}/accept",
      "/beta/api/coaching/invitations/{invitationId}/decline",
      "/beta/api/commentReplies",
      "/beta/api/comments",
      "/beta/api/comments/read",
      "/beta/api/comments/{clientId}",
      "/beta/api/comments/{commentId}/reply",
      "/beta/api/doneSets/{clientId}",
      "/beta/api/events",
      "/beta/api/exercises",
      "/beta/api/exercises/demo",
      "/beta/api/export/account",
      "/beta/api/export/history/{clientId}",
      "/beta/api/getAllClients/{coachId}",
      "/beta/api/imports",
      "/beta/api/imports/chunk",
      "/beta/api/imports/undo",
      "/beta/api/invitations/resend",
      "/beta/api/loggedSet",
      "/beta/api/loggedSet/{setId}",
      "/beta/api/maxes",
      "/beta/api/maxes/{clientId}",
      "/beta/api/preferences/{userId}",
      "/beta/api/recentComments",
      "/beta/api/signup/{firebaseId}",
      "/beta/api/templates",
      "/beta/api/templates/import",
      "/beta/api/templates/page",
      "/beta/api/templates/{templateId}",
      "/beta/api/templates/{templateId}/program",
      "/beta/api/updateWorkoutResult",
      "/beta/api/user/check",
      "/beta/api/videos/recent",
      "/beta/api/videos/uploads",
      "/beta/api/videos/uploads/{videoId}",
      "/beta/api/videos/usage",
      "/beta/api/videos/{clientId}",
      "/beta/api/videos/{videoId}",
      "/beta/api/videos/{videoId}/comments",
      "/beta/api/videos/{videoId}/file",
      "/beta/api/videos/{videoId}/link",
      "/beta/api/workout",
      "/beta/api/workout/move",
      "/beta/api/workout/restore",
      "/beta/api/workout/{clientId}/{date}/{workoutOrder}",
      "/beta/api/workoutByDate",
      "/beta/api/workoutCompletion",
      "/beta/api/workoutCompletions/{clientId}",
      "/beta/api/workoutResults/{clientId}",
      "/beta/api/workouts/copy",
      "/beta/api/workouts/{clientId}"
    ])
    expect(answer.body.components.securitySchemes).toEqual({ bearer: { type: "http", scheme: "Bearer" } })
  })

  it("describes every operation, and every description in server/api-descriptions.ts names one", async () => {
    const answer = await api.call("GET", "/beta/docs/openapi.json")
    expect(answer.status).toBe(200)
    const paths = answer.body.paths as Record<string, Partial<Record<(typeof HTTP_METHODS)[number], Operation>>>
    const operations = Object.values(paths).flatMap((item) => HTTP_METHODS.flatMap((method) => item[method] ?? []))
    expect(operations.length).toBeGreaterThan(0)
    const undescribed = operations
      .filter((operation) => typeof operation.description !== "string" || operation.description.trim() === "")
      .map((operation) => operation.operationId)
    expect(undescribed).toEqual([])
    const operationIds = new Set(operations.map((operation) => operation.operationId))
    expect(Object.keys(API_DESCRIPTIONS).filter((key) => !operationIds.has(key))).toEqual([])
  })
})

describe("the committed migrations", () => {
  it("name no schema, so each test file can live in its own PostgreSQL schema", () => {
    const folder = join(import.meta.dirname, "../../server/db/migrations")
    const sqlFiles = readdirSync(folder).filter((name) => name.endsWith(".sql"))
    expect(sqlFiles.length).toBeGreaterThan(0)
    for (const file of sqlFiles) expect(readFileSync(join(folder, file), "utf8")).not.toContain('"public".')
  })
})
