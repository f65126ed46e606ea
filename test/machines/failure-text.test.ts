import { describe, expect, it } from "vitest"
import { GatewayDefect } from "#gateway/gateway-defect.ts"
import { describeFailure, NETWORK_DOWN, SERVER_BUSY, SOMETHING_WENT_WRONG } from "#machines/failure-text.ts"
import { Conflict } from "#domain/api-errors.ts"

describe("a failure, as a person reads it", () => {
  it("says the server is busy for a 429 or a 503 that asks to come back later", () => {
    const limited = new GatewayDefect({ reason: "rateLimited", message: "429", status: 429, retryAfterMs: 5_000 })
    const restarting = new GatewayDefect({ reason: "status", message: "503", status: 503, retryAfterMs: 5_000 })
    expect(describeFailure(limited)).toBe(SERVER_BUSY)
    expect(describeFailure(restarting)).toBe(SERVER_BUSY)
  })

  it("keeps the server's own words for a declared refusal, and says so when the network is down", () => {
    expect(describeFailure(new Conflict({ error: "That client is already on your list" }))).toBe(
      "That client is already on your list"
    )
    expect(describeFailure(new GatewayDefect({ reason: "network", message: "offline" }))).toBe(NETWORK_DOWN)
  })

  it("falls back to a plain apology for anything else, a 500 included", () => {
    expect(describeFailure(new GatewayDefect({ reason: "status", message: "500", status: 500 }))).toBe(
      SOMETHING_WENT_WRONG
    )
    expect(describeFailure(new Error("boom"))).toBe(SOMETHING_WENT_WRONG)
  })
})
