import fc from "fast-check"
import * as Schema from "effect/Schema"
import { describe, expect, it } from "vitest"
import { Compliance, DoneOfScheduled, percentDone, totalCompliance } from "#domain/compliance.ts"

const tally = (done: number, scheduled: number) => ({ done, scheduled })

/** Done and scheduled with done never above scheduled, as the server counts them. */
const doneOfScheduled = fc
  .integer({ min: 0, max: 500 })
  .chain((scheduled) => fc.integer({ min: 0, max: scheduled }).map((done) => tally(done, scheduled)))

describe("percentDone: the share of scheduled workouts done, as a whole percent", () => {
  it.each([
    [10, 12, 83],
    [25, 32, 78],
    [2, 3, 67],
    [1, 2, 50],
    [1, 8, 13],
    [0, 5, 0],
    [7, 7, 100]
  ])("%i of %i is %i%%", (done, scheduled, percent) => {
    expect(percentDone(tally(done, scheduled))).toBe(percent)
  })

  it("nothing scheduled has no percent: never 0% nor NaN", () => {
    expect(percentDone(tally(0, 0))).toBeNull()
  })

  it("a half rounds up, counted exactly (57 of 200 is 28.5%, which floating point would make 28.4999…)", () => {
    expect(percentDone(tally(57, 200))).toBe(29)
  })

  it("all but one is never 100%, and one done is never 0%", () => {
    expect(percentDone(tally(199, 200))).toBe(99)
    expect(percentDone(tally(1, 201))).toBe(1)
  })

  it("is the nearest whole percent, save at the ends, for any count", () => {
    fc.assert(
      fc.property(doneOfScheduled, ({ done, scheduled }) => {
        const percent = percentDone(tally(done, scheduled))
        if (scheduled === 0) {
          expect(percent).toBeNull()
          return
        }
        if (percent === null) throw new Error("a percent was expected")
        expect(Number.isInteger(percent)).toBe(true)
        expect(percent === 100).toBe(done === scheduled)
        expect(percent === 0).toBe(done === 0)
        // Within half a percent of the exact share, or the end rule moved it by one.
        const error = Math.abs(percent * scheduled - 100 * done) / scheduled
        expect(error).toBeLessThanOrEqual(percent === 99 || percent === 1 ? 1 : 0.5)
      })
    )
  })
})

describe("totalCompliance: several clients' counts as one", () => {
  it("adds each window on its own; no clients is nothing of nothing", () => {
    expect(
      totalCompliance([
        { last7Days: tally(2, 3), last28Days: tally(10, 12) },
        { last7Days: tally(0, 0), last28Days: tally(15, 20) }
      ])
    ).toEqual({ last7Days: tally(2, 3), last28Days: tally(25, 32) })
    expect(totalCompliance([])).toEqual({ last7Days: tally(0, 0), last28Days: tally(0, 0) })
  })
})

describe("the compliance schema", () => {
  it("takes whole counts with done no more than scheduled", () => {
    expect(Schema.is(DoneOfScheduled)(tally(0, 0))).toBe(true)
    expect(Schema.is(Compliance)({ last7Days: tally(2, 3), last28Days: tally(10, 12) })).toBe(true)
  })

  it.each([
    ["more done than scheduled", tally(4, 3)],
    ["a negative count", tally(-1, 3)],
    ["a fraction", tally(1.5, 3)]
  ])("refuses %s", (_, value) => {
    expect(Schema.is(DoneOfScheduled)(value)).toBe(false)
  })
})
