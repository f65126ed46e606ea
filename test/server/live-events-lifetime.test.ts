import { afterAll, describe, expect, it } from "vitest"
import { toFirebaseUid } from "#domain/firebase-uid.ts"
import type { TokenVerifier } from "#server/auth/token-verifier.ts"
import { dropPostgresSchema } from "#server/db/client.ts"
import { users } from "#server/db/schema.ts"
import { startServer, type RunningServer } from "#server/main.ts"
import { databasesUnderTest, freshSchemaName } from "./support/databases.ts"
import { openLiveReader } from "./support/live-reader.ts"

/** Tokens named `<uid>@<ms>` that expire `ms` after they are first verified. */
const shortLivedTokens = (): TokenVerifier => {
  const expiries = new Map<string, number>()
  return {
    verify: (token) => {
      const [uid, ms] = token.split("@")
      if (uid === undefined || ms === undefined) return Promise.resolve("invalid")
      const expiresAt = expiries.get(token) ?? Date.now() + Number(ms)
      expiries.set(token, expiresAt)
      return Promise.resolve(
        Date.now() >= expiresAt
          ? "expired"
          : { uid: toFirebaseUid(uid), email: `${uid}@tests.dev`, emailVerified: true, expiresAt }
      )
    }
  }
}

describe.each(databasesUnderTest)("how long a live stream lives, on $name", (database) => {
  const schemaName = database.databaseUrl === undefined ? undefined : freshSchemaName()
  const servers: Array<RunningServer> = []
  afterAll(async () => {
    for (const server of servers) await server.close()
    if (database.databaseUrl !== undefined && schemaName !== undefined) {
      await dropPostgresSchema(database.databaseUrl, schemaName)
    }
  })

  const start = async () => {
    const server = await startServer({
      port: 0,
      hostname: "127.0.0.1",
      databaseUrl: database.databaseUrl ?? "",
      dataDir: "memory://",
      schemaName,
      tokens: shortLivedTokens(),
      drainMs: 10_000
    })
    servers.push(server)
    const uid = toFirebaseUid(`lifetime-${Math.random().toString(36).slice(2, 10)}`)
    await server.database.db
      .insert(users)
      .values({ firebaseId: uid, name: "Lena Lifetime", email: `${uid}@tests.dev`, userType: "Client" })
    return { server, uid }
  }

  it("ends when the token it was opened with expires; the reader reconnects with a fresh one", async () => {
    const { server, uid } = await start()
    const reader = await openLiveReader(server.url, `${uid}@600`)
    expect(reader.status).toBe(200)
    expect(reader.ended()).toBe(false)
    await expect.poll(() => reader.ended(), { timeout: 3_000 }).toBe(true)
    const again = await openLiveReader(server.url, `${uid}@60000`)
    expect(again.status).toBe(200)
    again.close()
  })

  it("ends at shutdown at once instead of holding the instance for its drain time", async () => {
    const { server, uid } = await start()
    const reader = await openLiveReader(server.url, `${uid}@60000`)
    expect(reader.status).toBe(200)
    const started = performance.now()
    await server.close()
    expect(performance.now() - started).toBeLessThan(5_000)
    await expect.poll(() => reader.ended(), { timeout: 2_000 }).toBe(true)
  })
})
