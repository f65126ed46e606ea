import fc from "fast-check"
import { describe, expect, it } from "vitest"
import { liftLabel } from "#domain/lifts.ts"
import { type ClientLookup, clientOptions } from "#domain/workout.ts"
import * as A from "./arbitraries.ts"

describe("the coach's client picker", () => {
  it("lists clients by name regardless of case, with pending invitations marked", () => {
    const lookup: ClientLookup = {
      "7": { name: "bob", pending: false },
      "3": { name: "Ada", pending: false },
      "pending:cy@x.com": { name: "cy@x.com", pending: true }
    }
    expect(clientOptions(lookup)).toEqual([
      { key: "3", name: "Ada", pending: false },
      { key: "7", name: "bob", pending: false },
      { key: "pending:cy@x.com", name: "cy@x.com", pending: true }
    ])
  })

  it("lists every client exactly once, sorted by name", () => {
    fc.assert(
      fc.property(A.clientLookup, (lookup) => {
        const options = clientOptions(lookup)
        expect(options.map((o) => o.key).sort()).toEqual(Object.keys(lookup).sort())
        for (const option of options) expect(lookup[option.key]).toEqual({ name: option.name, pending: option.pending })
        options.slice(1).forEach((option, i) => {
          const previous = options[i]?.name ?? ""
          expect(previous.localeCompare(option.name, "en-US", { sensitivity: "base" })).toBeLessThanOrEqual(0)
        })
      }),
      A.RUNS
    )
  })
})

describe("lift labels", () => {
  it("each lift key reads as its dropdown label", () => {
    expect(liftLabel("bench press")).toBe("Bench Press")
    expect(liftLabel("squat")).toBe("Squat")
  })
})
