/**
 * A 401 may only mean the cached ID token went stale before it expired (an email change
 * moves the time Firebase accepts tokens from): the gateway asks for a fresh token and
 * tries once more. Real pieces: the gateway and its contract client, over a scripted fetch.
 */
import { describe, expect, test } from "vitest"
import { Unauthorized } from "#domain/api-errors.ts"
import type { UserId } from "#domain/ids.ts"
import { makeGateway } from "#gateway/gateway.ts"

const CLIENT = 7 as UserId
const unauthorized = () => Response.json({ error: "Sign in again" }, { status: 401 })

/** A server that accepts only the token "fresh", and a token source that hands out "stale" until forced. */
function scene() {
  const sent: Array<string | null> = []
  const refreshes: Array<boolean> = []
  const refusals: Array<Unauthorized> = []
  let current = "stale"
  const gateway = makeGateway({
    onSessionRefused: (refusal) => refusals.push(refusal),
    baseUrl: "http://api.test",
    getIdToken: (forceRefresh = false) => {
      refreshes.push(forceRefresh)
      if (forceRefresh) current = "fresh"
      return Promise.resolve(current)
    },
    fetch: (_input, init) => {
      const authorization = new Headers(init?.headers).get("authorization")
      sent.push(authorization)
      return Promise.resolve(authorization === "Bearer fresh" ? Response.json([]) : unauthorized())
    }
  })
  return { gateway, sent, refreshes, refusals }
}

describe("a stale sign-in token", () => {
  test("is refreshed once after a 401 and the call goes through", async () => {
    const { gateway, sent, refreshes, refusals } = scene()
    await expect(gateway.maxes(CLIENT)).resolves.toEqual([])
    expect(sent).toEqual(["Bearer stale", "Bearer fresh"])
    expect(refreshes).toEqual([false, true, false])
    // A stale token is no refusal of the session.
    expect(refusals).toEqual([])
  })

  test("a caller the server still refuses gets the 401, after one retry only, and the session hears of it", async () => {
    const sent: Array<string | null> = []
    const refusals: Array<Unauthorized> = []
    const gateway = makeGateway({
      baseUrl: "http://api.test",
      onSessionRefused: (refusal) => refusals.push(refusal),
      getIdToken: () => Promise.resolve("revoked"),
      fetch: (_input, init) => {
        sent.push(new Headers(init?.headers).get("authorization"))
        return Promise.resolve(unauthorized())
      }
    })
    await expect(gateway.maxes(CLIENT)).rejects.toBeInstanceOf(Unauthorized)
    expect(sent).toHaveLength(2)
    expect(refusals.map((refusal) => refusal.error)).toEqual(["Sign in again"])
  })

  test("a call refused otherwise (403) is no refusal of the session", async () => {
    const refusals: Array<Unauthorized> = []
    const gateway = makeGateway({
      baseUrl: "http://api.test",
      onSessionRefused: (refusal) => refusals.push(refusal),
      getIdToken: () => Promise.resolve("fine"),
      fetch: () => Promise.resolve(Response.json({ error: "Not your client" }, { status: 403 }))
    })
    await expect(gateway.maxes(CLIENT)).rejects.toMatchObject({ _tag: "Forbidden" })
    expect(refusals).toEqual([])
  })
})
