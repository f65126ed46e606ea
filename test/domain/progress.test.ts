import fc from "fast-check"
import * as Schema from "effect/Schema"
import { describe, expect, it } from "vitest"
import { type IsoDate, addDays, formatShortUsDate } from "#domain/calendar.ts"
import { DEFAULT_LIFT, LIFTS, LIFT_OPTIONS } from "#domain/lifts.ts"
import { ProgressSample, SAMPLE_PROGRESS, e1rm, liftSeries } from "#domain/progress.ts"
import type { Reps, Rir, Rpe, Weight } from "#domain/set-fields.ts"
import * as A from "./arbitraries.ts"
import { defined } from "./defined.ts"

const w = (n: number) => n as Weight
const r = (n: number) => n as Reps

describe("progress chart data", () => {
  it("the sample has seven weekly dates from Mar 1 to Apr 12, 2023", () => {
    const weekly = Array.from({ length: 7 }, (_, i) => formatShortUsDate(addDays("2023-03-01" as IsoDate, 7 * i)))
    expect(SAMPLE_PROGRESS.map((s) => s.name)).toEqual(weekly)
    expect(weekly.at(-1)).toBe("Apr 12")
  })

  it("every sample row has one valid weight per lift", () => {
    for (const sample of SAMPLE_PROGRESS) {
      expect(Schema.is(ProgressSample)(sample)).toBe(true)
      expect(Object.keys(sample).sort()).toEqual(["name", ...LIFTS].sort())
    }
  })

  it("the lift picker offers Squat, Bench Press and Deadlift, starting on Squat", () => {
    expect(LIFT_OPTIONS.map((o) => o.label)).toEqual(["Squat", "Bench Press", "Deadlift"])
    expect(LIFT_OPTIONS.map((o) => o.value)).toEqual([...LIFTS])
    expect(DEFAULT_LIFT).toBe("squat")
  })

  it("a lift's series pairs each date label with that lift's value", () => {
    fc.assert(
      fc.property(fc.array(A.progressSample, { maxLength: 8 }), A.lift, (samples, lift) => {
        expect(liftSeries(samples, lift)).toEqual(samples.map((s) => ({ name: s.name, value: s[lift] })))
      }),
      A.RUNS
    )
  })
})

describe("estimated one-rep max", () => {
  it("a single at RPE 10 is the max itself", () => {
    expect(e1rm(w(405), r(1), { rpe: 10 as Rpe })).toBe(405)
    expect(e1rm(w(405), r(1))).toBe(405)
  })

  it("follows Epley with reps in reserve added to the reps", () => {
    expect(e1rm(w(300), r(5), { rpe: 8 as Rpe })).toBe(370)
    expect(e1rm(w(300), r(5), { rir: 2 as Rir })).toBe(370)
  })

  it("stays within 3% of the RPE-chart percentages for 2 to 10 effective reps", () => {
    // RTS / Tuchscherer RPE chart, RPE 10 column: % of 1RM for 1..10 reps to failure.
    const chart = [100, 95.5, 92.2, 89.2, 86.3, 83.7, 81.1, 78.6, 76.2, 73.9]
    chart.forEach((pct, i) => {
      const estimate = defined(e1rm(w(100), r(i + 1), { rir: 0 as Rir }))
      expect(Math.abs(estimate - 10_000 / pct) / (10_000 / pct)).toBeLessThan(0.03)
    })
  })

  it("an RPE and the matching RIR give the same estimate", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 2000 }),
        fc.integer({ min: 1, max: 19 }),
        fc.integer({ min: 0, max: 9 }),
        (weight, reps, rir) => {
          expect(e1rm(w(weight), r(reps), { rpe: (10 - rir) as Rpe })).toBe(
            e1rm(w(weight), r(reps), { rir: rir as Rir })
          )
        }
      ),
      A.RUNS
    )
  })

  it("never falls below the lifted weight and grows with reps and reps in reserve", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 45, max: 2000 }),
        fc.integer({ min: 1, max: 18 }),
        fc.integer({ min: 0, max: 9 }),
        (weight, reps, rir) => {
          const here = defined(e1rm(w(weight), r(reps), { rir: rir as Rir }))
          expect(here).toBeGreaterThanOrEqual(weight)
          expect(defined(e1rm(w(weight), r(reps + 1), { rir: rir as Rir }))).toBeGreaterThan(here)
          expect(defined(e1rm(w(weight), r(reps), { rir: (rir + 1) as Rir }))).toBeGreaterThan(here)
        }
      ),
      A.RUNS
    )
  })

  it("has no estimate for AMRAP without a count, zero reps or zero weight", () => {
    expect(e1rm(w(225), "AMRAP")).toBeUndefined()
    expect(e1rm(w(225), r(0))).toBeUndefined()
    expect(e1rm(w(0), r(5))).toBeUndefined()
  })
})
