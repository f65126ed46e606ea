import { describe, expect, test } from "vitest"
import { lazyCalls } from "#gateway/lazy-calls.ts"

interface Calls {
  readonly subtract: (a: number, b: number) => Promise<number>
  readonly refuse: (why: string) => Promise<never>
}

const realCalls: Calls = {
  subtract: (a, b) => Promise.resolve(a - b),
  refuse: (why) => Promise.reject(new Error(why))
}

describe("a lazily loaded gateway", () => {
  test("loads nothing until a call is made, then loads once", async () => {
    let loads = 0
    const gateway = lazyCalls<Calls>(() => {
      loads += 1
      return Promise.resolve(realCalls)
    })
    const { subtract } = gateway
    expect(typeof subtract).toBe("function")
    expect(loads).toBe(0)
    await expect(subtract(5, 3)).resolves.toBe(2)
    expect(loads).toBe(1)
  })

  test("forwards the arguments, the answer and the rejection of the real call", async () => {
    const gateway = lazyCalls<Calls>(() => Promise.resolve(realCalls))
    await expect(gateway.subtract(40, 2)).resolves.toBe(38)
    await expect(gateway.refuse("no such set")).rejects.toThrow("no such set")
  })

  test("a failed load rejects the call with the load's error, and is not a thenable", async () => {
    const offline = new TypeError("Failed to fetch dynamically imported module")
    const gateway = lazyCalls<Calls>(() => Promise.reject(offline))
    await expect(gateway.subtract(1, 1)).rejects.toBe(offline)
    expect(await Promise.resolve(gateway)).toBe(gateway)
  })
})
