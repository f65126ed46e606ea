/* eslint-disable @typescript-eslint/no-unsafe-member-access -- these tests read the raw JSON answers the way any API client would; the assertions check their shape */
import { afterAll, beforeAll } from "vitest"
import { dropPostgresSchema } from "#server/db/client.ts"
import { startServer, type RunningServer, type StartServerOptions } from "#server/main.ts"
import { freshSchemaName, type DatabaseUnderTest } from "./databases.ts"
import { createEmulatorUser, type EmulatorUser } from "./emulator-users.ts"

export interface ApiAnswer {
  readonly status: number
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- a raw JSON answer, as a client sees it
  readonly body: any
}

export interface CallOptions {
  readonly token?: string | undefined
  readonly body?: unknown
  readonly rawBody?: string
  readonly contentType?: string
}

export interface Account extends EmulatorUser {
  readonly id: number
  readonly name: string
}

export interface ApiUnderTest {
  readonly server: () => RunningServer
  readonly call: (method: string, path: string, options?: CallOptions) => Promise<ApiAnswer>
  readonly signupAs: (userType: "Coach" | "Client", name?: string) => Promise<Account>
  /** A new client on the coach's list: invited, and accepting. */
  readonly clientOf: (coach: Account, name?: string) => Promise<Account>
  readonly saveWorkout: (coach: Account, client: Account, date: string, workout?: unknown) => Promise<ApiAnswer>
}

export const SQUAT_WORKOUT = [
  {
    name: "Squat",
    sets: [
      {
        set: 0,
        amsap: false,
        fields: [
          { name: "reps", value: 5 },
          { name: "rpe", value: 8 },
          { name: "weight", value: 225 }
        ]
      },
      {
        set: 1,
        amsap: true,
        fields: [
          { name: "reps", value: "AMRAP" },
          { name: "backoff_percent", value: 10 }
        ]
      }
    ]
  },
  {
    name: "Bench Press",
    sets: [
      {
        set: 0,
        amsap: false,
        fields: [
          { name: "reps", value: 8 },
          { name: "e1rm_percent", value: 75 }
        ]
      }
    ]
  }
]

export async function call(
  baseUrl: string,
  method: string,
  path: string,
  options: CallOptions = {}
): Promise<ApiAnswer> {
  const headers: Record<string, string> = {}
  if (options.token !== undefined) headers.authorization = `Bearer ${options.token}`
  const body = options.rawBody ?? (options.body === undefined ? undefined : JSON.stringify(options.body))
  if (body !== undefined) headers["content-type"] = options.contentType ?? "application/json"
  const response = await fetch(baseUrl + path, { method, headers, ...(body === undefined ? {} : { body }) })
  const text = await response.text()
  let parsed: unknown = text
  try {
    parsed = text === "" ? undefined : JSON.parse(text)
  } catch {
    // leave as text: the assertion will show it
  }
  return { status: response.status, body: parsed }
}

/**
 * The client accepts the coach's open invitation (docs/decisions/033): the way a coach
 * and an existing client become linked. Fails the test when there is no such invitation.
 */
export async function acceptInvitationFrom(
  baseUrl: string,
  client: { readonly idToken: string },
  coach: { readonly email: string }
): Promise<ApiAnswer> {
  const coaching = await call(baseUrl, "GET", "/beta/api/coaching", { token: client.idToken })
  const invitations = (coaching.body?.invitations ?? []) as Array<{ invitationId: number; coachEmail: string }>
  const invitation = invitations.find((one) => one.coachEmail === coach.email.toLowerCase())
  if (invitation === undefined) throw new Error(`no invitation from ${coach.email}: ${JSON.stringify(coaching.body)}`)
  const answer = await call(baseUrl, "POST", `/beta/api/coaching/invitations/${invitation.invitationId}/accept`, {
    token: client.idToken
  })
  if (answer.status !== 200) throw new Error(`accept failed: ${answer.status} ${JSON.stringify(answer.body)}`)
  return answer
}

export const signupPath = (user: EmulatorUser, name: string, userType: string) =>
  `/beta/api/signup/${user.uid}?${new URLSearchParams({ name, email: user.email, firebaseId: user.uid, userType })}`

/** Starts a server on its own database (fresh PGlite in memory, or a fresh PostgreSQL schema) for one describe block. */
export function useApiUnderTest(
  database: DatabaseUnderTest,
  /**
   * Anything the test changes about the server (a token verifier with its own clock...);
   * a function is read when the server starts, after the file's earlier beforeAll hooks.
   */
  serverOptions: StartServerOptions | (() => StartServerOptions) = {}
): ApiUnderTest {
  let server: RunningServer | undefined
  const schemaName = database.databaseUrl === undefined ? undefined : freshSchemaName()
  beforeAll(async () => {
    server = await startServer({
      port: 0,
      hostname: "127.0.0.1",
      databaseUrl: database.databaseUrl ?? "",
      dataDir: "memory://",
      schemaName,
      ...(typeof serverOptions === "function" ? serverOptions() : serverOptions)
    })
  })
  afterAll(async () => {
    await server?.close()
    if (database.databaseUrl !== undefined && schemaName !== undefined) {
      await dropPostgresSchema(database.databaseUrl, schemaName)
    }
  })
  const current = () => {
    if (server === undefined) throw new Error("server not started")
    return server
  }
  const api: ApiUnderTest = {
    server: current,
    call: (method, path, options) => call(current().url, method, path, options),
    async signupAs(userType, name = userType === "Coach" ? "Casey Coach" : "Charlie Client") {
      const user = await createEmulatorUser(userType.toLowerCase())
      const answer = await api.call("POST", signupPath(user, name, userType), { token: user.idToken })
      if (answer.status !== 200) throw new Error(`signup failed: ${answer.status} ${JSON.stringify(answer.body)}`)
      return { ...user, id: answer.body.id as number, name }
    },
    async clientOf(coach, name) {
      const client = await api.signupAs("Client", name)
      const answer = await api.call("POST", "/beta/api/addClient", {
        token: coach.idToken,
        body: { data: { coachId: coach.id, clientEmail: client.email } }
      })
      if (answer.status !== 200) throw new Error(`addClient failed: ${answer.status} ${JSON.stringify(answer.body)}`)
      await acceptInvitationFrom(current().url, client, coach)
      return client
    },
    saveWorkout: (coach, client, date, workout = SQUAT_WORKOUT) =>
      api.call("POST", "/beta/api/workout", { token: coach.idToken, body: { clientId: client.id, date, workout } })
  }
  return api
}
