import { describe, expect, it } from "vitest"
import {
  backoffLoad,
  DEFAULT_PLATES_KG,
  DEFAULT_PLATES_LB,
  increment,
  type LoadPrescription,
  type LoadQuestion,
  percentLoad,
  type PerformedLoad,
  plateBreakdown,
  plateBreakdownText,
  plateSetup,
  plateSetupProblem,
  roundToPlates,
  topSetOf,
  workedOutLoad,
  workingE1rm
} from "#domain/loads.ts"
import type { PerformedReps, Rir, Weight } from "#domain/set-fields.ts"
import type { Unit } from "#domain/units.ts"

const lb = (value: number) => ({ value, unit: "lb" as const })
const kg = (value: number) => ({ value, unit: "kg" as const })

const performed = (weight: number | null, reps: number | null, rir: number | null, unit: Unit): PerformedLoad => ({
  weight: weight as Weight | null,
  reps: reps as PerformedReps | null,
  rir: rir as Rir | null,
  unit
})

const NO_LOAD: LoadPrescription = { weight: null, backoff_percent: null, e1rm_percent: null, max_percent: null }
const ask = (prescription: Partial<LoadPrescription>, rest: Partial<LoadQuestion> = {}) =>
  workedOutLoad({ prescription: { ...NO_LOAD, ...prescription }, weightUnit: "lb", setup: DEFAULT_PLATES_LB, ...rest })

describe("plate setups", () => {
  it("default to a 45 lb bar with 45 to 2.5 lb plates, and a 20 kg bar with 25 to 1.25 kg plates", () => {
    expect(DEFAULT_PLATES_LB).toEqual({ unit: "lb", bar: 45, plates: [45, 35, 25, 10, 5, 2.5] })
    expect(DEFAULT_PLATES_KG).toEqual({ unit: "kg", bar: 20, plates: [25, 20, 15, 10, 5, 2.5, 1.25] })
    expect(increment(DEFAULT_PLATES_LB)).toBe(5)
    expect(increment(DEFAULT_PLATES_KG)).toBe(2.5)
  })

  it("follow a client's bar and smallest plate, keeping the plates that are whole multiples of it", () => {
    expect(plateSetup("lb", { bar: 35, smallestPlate: 1.25 })).toEqual({
      unit: "lb",
      bar: 35,
      plates: [45, 35, 25, 10, 5, 2.5, 1.25]
    })
    expect(plateSetup("lb", { smallestPlate: 1 }).plates).toEqual([45, 35, 25, 10, 5, 1])
    expect(plateSetup("kg", { bar: 15, smallestPlate: 0.5 }).plates).toEqual([25, 20, 15, 10, 5, 2.5, 2, 1, 0.5])
    expect(increment(plateSetup("lb", { smallestPlate: 1.25 }))).toBe(2.5)
  })

  it("name what cannot be loaded", () => {
    expect(plateSetupProblem(DEFAULT_PLATES_LB)).toBeUndefined()
    expect(plateSetupProblem({ ...DEFAULT_PLATES_LB, bar: -1 })).toMatch(/^bar /)
    expect(plateSetupProblem({ ...DEFAULT_PLATES_LB, plates: [] })).toMatch(/^plates /)
    expect(plateSetupProblem({ ...DEFAULT_PLATES_LB, plates: [45, 0] })).toMatch(/more than 0/)
    expect(plateSetupProblem({ ...DEFAULT_PLATES_LB, plates: [45, 2] })).toMatch(
      /whole multiple of the smallest plate \(2\)/
    )
  })
})

describe("loads from percentages", () => {
  it("work out the exact load", () => {
    expect(percentLoad(300, 75)).toBe(225)
    expect(percentLoad(140, 75)).toBe(105)
    expect(percentLoad(287.5, 80)).toBe(230)
    expect(backoffLoad(275, 10)).toBe(247.5)
    expect(backoffLoad(100, 120)).toBe(0)
  })
})

describe("rounding to the plates", () => {
  it("keeps a load the bar can make", () => {
    expect(roundToPlates(225, DEFAULT_PLATES_LB)).toEqual({ load: 225, belowBar: false })
    expect(roundToPlates(105, DEFAULT_PLATES_KG)).toEqual({ load: 105, belowBar: false })
  })

  it("goes to the nearest load, down when halfway", () => {
    expect(roundToPlates(247.5, DEFAULT_PLATES_LB).load).toBe(245)
    expect(roundToPlates(247.6, DEFAULT_PLATES_LB).load).toBe(250)
    expect(roundToPlates(228, DEFAULT_PLATES_LB).load).toBe(230)
    expect(roundToPlates(101.25, DEFAULT_PLATES_KG).load).toBe(100)
    expect(roundToPlates(101.3, DEFAULT_PLATES_KG).load).toBe(102.5)
    expect(roundToPlates(186, plateSetup("lb", { smallestPlate: 1.25 })).load).toBe(185)
  })

  it("never goes under the bar, and says when the load was lighter than it", () => {
    expect(roundToPlates(45, DEFAULT_PLATES_LB)).toEqual({ load: 45, belowBar: false })
    expect(roundToPlates(30, DEFAULT_PLATES_LB)).toEqual({ load: 45, belowBar: true })
    expect(roundToPlates(47.5, DEFAULT_PLATES_LB)).toEqual({ load: 45, belowBar: false })
    expect(roundToPlates(12, DEFAULT_PLATES_KG)).toEqual({ load: 20, belowBar: true })
  })
})

describe("plates per side", () => {
  it("loads the largest plates first", () => {
    expect(plateBreakdown(185, DEFAULT_PLATES_LB)).toEqual([45, 25])
    expect(plateBreakdown(225, DEFAULT_PLATES_LB)).toEqual([45, 45])
    expect(plateBreakdown(245, DEFAULT_PLATES_LB)).toEqual([45, 45, 10])
    expect(plateBreakdown(155, DEFAULT_PLATES_LB)).toEqual([45, 10])
    expect(plateBreakdown(50, DEFAULT_PLATES_LB)).toEqual([2.5])
    expect(plateBreakdown(105, DEFAULT_PLATES_KG)).toEqual([25, 15, 2.5])
    expect(plateBreakdown(62.5, DEFAULT_PLATES_KG)).toEqual([20, 1.25])
    expect(plateBreakdown(22.5, DEFAULT_PLATES_KG)).toEqual([1.25])
  })

  it("is empty for the bar alone and for a load under it", () => {
    expect(plateBreakdown(45, DEFAULT_PLATES_LB)).toEqual([])
    expect(plateBreakdown(30, DEFAULT_PLATES_LB)).toEqual([])
    expect(plateBreakdown(20, DEFAULT_PLATES_KG)).toEqual([])
  })

  it("reads as one line a lifter can load from", () => {
    expect(plateBreakdownText([45, 25])).toBe("45 + 25 per side")
    expect(plateBreakdownText(plateBreakdown(455, DEFAULT_PLATES_LB))).toBe("4 × 45 + 25 per side")
    expect(plateBreakdownText([20, 1.25])).toBe("20 + 1.25 per side")
    expect(plateBreakdownText([])).toBe("bar only")
  })
})

describe("the working e1RM and the day's top set", () => {
  it("is the best estimate of the given sets, by the progress formula, in the unit asked for", () => {
    const sets = [performed(300, 5, 2, "lb"), performed(140, 3, 0, "kg"), performed(null, 5, 0, "lb")]
    // 300 x (1 + 7/30) = 370 lb; 140 x (1 + 3/30) = 154 kg = 339.5 lb.
    expect(workingE1rm(sets, "lb")).toBe(370)
    expect(workingE1rm(sets, "kg")).toBe(167.8)
    expect(workingE1rm([performed(405, 1, 0, "lb")], "lb")).toBe(405)
  })

  it("is unknown without a set that gives an estimate", () => {
    expect(workingE1rm([], "lb")).toBeUndefined()
    expect(workingE1rm([performed(225, null, 2, "lb"), performed(0, 5, 2, "lb")], "lb")).toBeUndefined()
  })

  it("takes the heaviest set done for a rep or more as the top set", () => {
    expect(topSetOf([performed(275, 3, 1, "lb"), performed(295, 1, 0, "lb"), performed(315, 0, 0, "lb")])).toEqual(
      lb(295)
    )
    expect(topSetOf([performed(275, 3, 1, "lb"), performed(130, 2, 1, "kg")])).toEqual(kg(130))
    expect(topSetOf([performed(null, 5, 2, "lb")])).toBeUndefined()
  })
})

describe("the worked-out load a screen shows", () => {
  it("75% of a 300 lb max is 225 lb, two 45s a side", () => {
    expect(ask({ max_percent: 75 }, { testedMax: lb(300) })).toEqual({
      kind: "load",
      basis: "max",
      percent: 75,
      exact: 225,
      rounded: 225,
      belowBar: false,
      unit: "lb",
      plates: [45, 45]
    })
  })

  it("75% of a 140 kg max is 105 kg", () => {
    const answer = ask({ max_percent: 75 }, { testedMax: kg(140), setup: DEFAULT_PLATES_KG })
    expect(answer).toMatchObject({ kind: "load", exact: 105, rounded: 105, unit: "kg", plates: [25, 15, 2.5] })
  })

  it("80% of an e1RM of 287.5 lb is 230 lb", () => {
    expect(ask({ e1rm_percent: 80 }, { workingE1rm: lb(287.5) })).toMatchObject({
      kind: "load",
      basis: "e1rm",
      exact: 230,
      rounded: 230
    })
  })

  it("shows a max kept in pounds in the lifter's kilograms, rounded to their plates", () => {
    const answer = ask({ max_percent: 75 }, { testedMax: lb(300), setup: DEFAULT_PLATES_KG })
    expect(answer).toMatchObject({ kind: "load", rounded: 102.5, unit: "kg", plates: [25, 15, 1.25] })
    expect(answer.kind === "load" && answer.exact).toBeCloseTo(102.058, 3)
  })

  it("a backoff follows the top set the lifter actually did", () => {
    expect(ask({ backoff_percent: 10 }, { topSet: lb(275) })).toMatchObject({
      kind: "load",
      basis: "backoff",
      exact: 247.5,
      rounded: 245
    })
    expect(ask({ backoff_percent: 10 }, { topSet: lb(295) })).toMatchObject({ exact: 265.5, rounded: 265 })
  })

  it("shows the percentage and why, never a number, when its reference is unknown", () => {
    expect(ask({ e1rm_percent: 75 })).toEqual({
      kind: "percent-only",
      basis: "e1rm",
      percent: 75,
      text: "75% of e1RM",
      reason: "no e1RM yet"
    })
    expect(ask({ max_percent: 80 })).toMatchObject({
      kind: "percent-only",
      text: "80% of max",
      reason: "no tested max yet"
    })
    expect(ask({ backoff_percent: 10 })).toMatchObject({
      kind: "percent-only",
      text: "10% backoff",
      reason: "log your top set first"
    })
    expect(ask({ max_percent: 80 }, { testedMax: lb(0) })).toMatchObject({ kind: "percent-only" })
  })

  it("tries backoff, then % of e1RM, then % of max, then the written weight", () => {
    const everything = { backoff_percent: 10, e1rm_percent: 80, max_percent: 70, weight: 200 }
    const all = { topSet: lb(300), workingE1rm: lb(350), testedMax: lb(400) }
    expect(ask(everything, all)).toMatchObject({ basis: "backoff", rounded: 270 })
    expect(ask(everything, { ...all, topSet: undefined })).toMatchObject({ basis: "e1rm", rounded: 280 })
    expect(ask(everything, { testedMax: lb(400) })).toMatchObject({ basis: "max", rounded: 280 })
    expect(ask(everything)).toMatchObject({ basis: "weight", percent: null, rounded: 200 })
  })

  it("rounds a written weight to the plates, converting the coach's unit", () => {
    expect(ask({ weight: 227 })).toMatchObject({ kind: "load", basis: "weight", exact: 227, rounded: 225 })
    expect(ask({ weight: 100 }, { weightUnit: "kg" })).toMatchObject({ rounded: 220, unit: "lb" })
  })

  it("puts a load under the bar on the bar alone, and says so", () => {
    expect(ask({ max_percent: 50 }, { testedMax: lb(60) })).toMatchObject({
      kind: "load",
      exact: 30,
      rounded: 45,
      belowBar: true,
      plates: []
    })
  })

  it("has nothing to work out for a set of reps and RIR only", () => {
    expect(ask({})).toEqual({ kind: "none" })
  })
})
