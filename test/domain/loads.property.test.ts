import fc from "fast-check"
import { describe, expect, it } from "vitest"
import {
  DEFAULT_PLATES_KG,
  DEFAULT_PLATES_LB,
  increment,
  type LoadQuestion,
  percentLoad,
  plateBreakdown,
  type PlateSetup,
  plateSetup,
  plateSetupProblem,
  roundToPlates,
  workedOutLoad
} from "#domain/loads.ts"
import { type Measured, toUnit, type Unit } from "#domain/units.ts"
import * as A from "./arbitraries.ts"

/*
 * The promises about worked-out loads, over any plate setup a lifter can have:
 * rounding stays within an increment, the plates add up, pounds and kilograms round-trip,
 * a percentage of e1RM grows with the percentage, and no number is made up.
 */

const unit = fc.constantFrom<Unit>("lb", "kg")

/** Setups the app builds from a client's setting: a bar and a smallest plate. */
const settingSetup = fc
  .record({
    unit,
    bar: fc.constantFrom(0, 15, 20, 25, 35, 45, 55),
    smallestPlate: fc.constantFrom(0.25, 0.5, 1, 1.25, 2, 2.5, 5)
  })
  .map(({ unit, bar, smallestPlate }) => plateSetup(unit, { bar, smallestPlate }))

/** Any plate list that passes plateSetupProblem: whole multiples of a smallest plate. */
const customSetup = fc
  .record({
    unit,
    bar: fc.integer({ min: 0, max: 120 }).map((n) => n / 2),
    smallest: fc.constantFrom(0.25, 0.5, 1, 1.25, 2.5, 5),
    multiples: fc.uniqueArray(fc.integer({ min: 2, max: 40 }), { maxLength: 6 })
  })
  .map(({ unit, bar, smallest, multiples }): PlateSetup => ({
    unit,
    bar,
    plates: [...multiples.map((m) => m * smallest), smallest].sort((a, b) => b - a)
  }))

const setup = fc.oneof(fc.constant(DEFAULT_PLATES_LB), fc.constant(DEFAULT_PLATES_KG), settingSetup, customSetup)

const amount = (max: number) => fc.double({ min: 0, max, noNaN: true, noDefaultInfinity: true })

/** A setup and a load at or above its bar. */
const loadOnBar = fc.tuple(setup, amount(1000)).map(([setup, above]) => ({ setup, load: setup.bar + above }))

const sum = (values: ReadonlyArray<number>) => values.reduce((total, v) => total + v, 0)

describe("rounding to the plates", () => {
  it("every generated setup is one the app accepts", () => {
    fc.assert(
      fc.property(setup, (s) => {
        expect(plateSetupProblem(s)).toBeUndefined()
      }),
      A.RUNS
    )
  })

  it("never moves a load at or above the bar by more than one increment (in fact half of one)", () => {
    fc.assert(
      fc.property(loadOnBar, ({ setup, load }) => {
        const { load: rounded, belowBar } = roundToPlates(load, setup)
        expect(belowBar).toBe(false)
        expect(Math.abs(rounded - load)).toBeLessThanOrEqual(increment(setup))
        expect(Math.abs(rounded - load)).toBeLessThanOrEqual(increment(setup) / 2 + 1e-9)
      }),
      A.RUNS
    )
  })

  it("never answers less than the bar, and a load under it is the bar", () => {
    fc.assert(
      fc.property(setup, amount(2000), (setup, load) => {
        const rounded = roundToPlates(load, setup)
        expect(rounded.load).toBeGreaterThanOrEqual(setup.bar)
        expect(rounded.belowBar).toBe(load < setup.bar)
        if (load < setup.bar) expect(rounded.load).toBe(setup.bar)
      }),
      A.RUNS
    )
  })

  it("keeps a load the bar can already make", () => {
    fc.assert(
      fc.property(loadOnBar, ({ setup, load }) => {
        const once = roundToPlates(load, setup).load
        expect(roundToPlates(once, setup).load).toBe(once)
      }),
      A.RUNS
    )
  })
})

describe("plates per side", () => {
  it("with the bar, add up to the rounded load, largest first, from the lifter's plates", () => {
    fc.assert(
      fc.property(setup, amount(2000), (setup, load) => {
        const rounded = roundToPlates(load, setup).load
        const perSide = plateBreakdown(rounded, setup)
        expect(setup.bar + 2 * sum(perSide)).toBeCloseTo(rounded, 6)
        expect([...perSide].sort((a, b) => b - a)).toEqual(perSide)
        for (const plate of perSide) expect(setup.plates).toContain(plate)
        expect(plateBreakdown(load, setup)).toEqual(perSide)
      }),
      A.RUNS
    )
  })
})

describe("pounds and kilograms", () => {
  it("convert there and back to the same number", () => {
    fc.assert(
      fc.property(amount(2000), unit, unit, (value, from, to) => {
        expect(toUnit(toUnit(value, from, to), to, from)).toBeCloseTo(value, 9)
      }),
      A.RUNS
    )
  })

  it("a load shown in the other unit, rounded there, is within one of that unit's increments", () => {
    fc.assert(
      fc.property(amount(1000), unit, (above, from) => {
        const to: Unit = from === "lb" ? "kg" : "lb"
        const there = to === "kg" ? DEFAULT_PLATES_KG : DEFAULT_PLATES_LB
        const load = toUnit(there.bar, to, from) + above
        const shown = roundToPlates(toUnit(load, from, to), there).load
        expect(Math.abs(shown - toUnit(load, from, to))).toBeLessThanOrEqual(increment(there))
      }),
      A.RUNS
    )
  })

  it("round-trip lb -> kg -> lb (and kg -> lb -> kg), rounded at each step, within one increment", () => {
    fc.assert(
      fc.property(amount(1000), unit, (above, home) => {
        const away: Unit = home === "lb" ? "kg" : "lb"
        const setups: { readonly [U in Unit]: PlateSetup } = { lb: DEFAULT_PLATES_LB, kg: DEFAULT_PLATES_KG }
        const load = setups[home].bar + above
        const direct = roundToPlates(load, setups[home]).load
        const awayLoad = roundToPlates(toUnit(load, home, away), setups[away]).load
        const back = roundToPlates(toUnit(awayLoad, away, home), setups[home]).load
        expect(Math.abs(back - direct)).toBeLessThanOrEqual(increment(setups[home]))
      }),
      A.RUNS
    )
  })
})

describe("a percentage of e1RM", () => {
  it("never gets lighter as the percentage grows, exact or rounded", () => {
    fc.assert(
      fc.property(amount(1500), amount(150), amount(150), setup, (reference, p, q, setup) => {
        const [low, high] = p <= q ? [p, q] : [q, p]
        expect(percentLoad(reference, low)).toBeLessThanOrEqual(percentLoad(reference, high))
        expect(roundToPlates(percentLoad(reference, low), setup).load).toBeLessThanOrEqual(
          roundToPlates(percentLoad(reference, high), setup).load
        )
      }),
      A.RUNS
    )
  })

  it("worked out for a screen, never gets lighter as the percentage grows", () => {
    fc.assert(
      fc.property(
        fc.double({ min: 1, max: 1500, noNaN: true }),
        fc.integer({ min: 0, max: 150 }),
        fc.integer({ min: 0, max: 150 }),
        unit,
        setup,
        (e1rm, p, q, e1rmUnit, setup) => {
          const at = (percent: number) =>
            workedOutLoad({
              prescription: { weight: null, backoff_percent: null, e1rm_percent: percent, max_percent: null },
              weightUnit: "lb",
              workingE1rm: { value: e1rm, unit: e1rmUnit },
              setup
            })
          const [low, high] = [at(Math.min(p, q)), at(Math.max(p, q))]
          if (low.kind !== "load" || high.kind !== "load") throw new Error("a known e1RM gives a load")
          expect(low.exact).toBeLessThanOrEqual(high.exact)
          expect(low.rounded).toBeLessThanOrEqual(high.rounded)
        }
      ),
      A.RUNS
    )
  })
})

describe("a worked-out load is never made up", () => {
  const percent = fc.option(fc.integer({ min: 0, max: 150 }), { nil: null })
  const reference = fc.option(fc.record({ value: fc.double({ min: -10, max: 1500, noNaN: true }), unit }), {
    nil: undefined
  })
  const question = fc.record({
    prescription: fc.record({
      weight: fc.option(fc.integer({ min: 0, max: 2000 }), { nil: null }),
      backoff_percent: percent,
      e1rm_percent: percent,
      max_percent: percent
    }),
    weightUnit: unit,
    workingE1rm: reference,
    testedMax: reference,
    topSet: reference,
    setup
  })
  const usable = (r: Measured | undefined) => r !== undefined && r.value > 0

  it("answers a number only from a basis that was prescribed and is known", () => {
    fc.assert(
      fc.property(question, (q: LoadQuestion) => {
        const answer = workedOutLoad(q)
        const { prescription: p } = q
        const backoff = p.backoff_percent !== null && usable(q.topSet)
        const e1rm = p.e1rm_percent !== null && usable(q.workingE1rm)
        const max = p.max_percent !== null && usable(q.testedMax)
        const anyNumber = backoff || e1rm || max || p.weight !== null
        expect(answer.kind === "load").toBe(anyNumber)
        if (answer.kind === "load") {
          expect(answer.unit).toBe(q.setup.unit)
          const expected = backoff ? "backoff" : e1rm ? "e1rm" : max ? "max" : "weight"
          expect(answer.basis).toBe(expected)
        } else if (answer.kind === "percent-only") {
          const prescribed = [p.backoff_percent, p.e1rm_percent, p.max_percent].filter((x) => x !== null)
          expect(prescribed).toContain(answer.percent)
          expect(answer.text).toContain(`${answer.percent}%`)
          expect(answer.reason).not.toBe("")
        } else {
          expect([p.weight, p.backoff_percent, p.e1rm_percent, p.max_percent]).toEqual([null, null, null, null])
        }
      }),
      A.RUNS
    )
  })
})
