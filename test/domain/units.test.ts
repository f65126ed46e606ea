import { describe, expect, it } from "vitest"
import {
  formatAmount,
  formatLoad,
  formatWeight,
  inUnit,
  isUnit,
  LB_PER_KG,
  toUnit,
  unitLabel,
  UNITS
} from "#domain/units.ts"

describe("units: pounds and kilograms", () => {
  it("knows only lb and kg", () => {
    expect(UNITS).toEqual(["lb", "kg"])
    expect(isUnit("lb")).toBe(true)
    expect(isUnit("kg")).toBe(true)
    for (const other of ["lbs", "KG", "", "stone", 1, null, undefined, {}]) expect(isUnit(other)).toBe(false)
  })

  it("converts by the international pound (0.45359237 kg)", () => {
    expect(LB_PER_KG).toBeCloseTo(1 / 0.45359237, 10)
    expect(toUnit(100, "kg", "lb")).toBeCloseTo(220.462262185, 9)
    expect(toUnit(225, "lb", "kg")).toBeCloseTo(102.0583, 4)
    expect(toUnit(315, "lb", "lb")).toBe(315)
    expect(inUnit({ value: 140, unit: "kg" }, "lb")).toBeCloseTo(308.647, 3)
  })

  it("keeps SPEC's 'lbs' as the default wording, with the symbol on request", () => {
    expect(unitLabel("lb")).toBe("lbs")
    expect(unitLabel("lb", "symbol")).toBe("lb")
    expect(unitLabel("kg")).toBe("kg")
    expect(unitLabel("kg", "symbol")).toBe("kg")
  })

  it("writes a load with no trailing zeros and at most two decimals", () => {
    expect(formatLoad(185, "lb")).toBe("185 lbs")
    expect(formatLoad(185, "lb", "symbol")).toBe("185 lb")
    expect(formatLoad(82.5, "kg")).toBe("82.5 kg")
    expect(formatLoad(101.25, "kg")).toBe("101.25 kg")
    expect(formatAmount(215.475)).toBe("215.48")
    expect(formatAmount(102.05828325)).toBe("102.06")
    expect(formatAmount(230.00000000000003)).toBe("230")
    expect(formatAmount(-0)).toBe("0")
    expect(formatAmount(1e-7)).toBe("0")
    expect(formatAmount(0.005)).toBe("0.01")
  })

  it("shows a stored weight in the viewer's unit, the stored one beside it where they differ", () => {
    expect(formatWeight({ value: 107.5, unit: "kg" }, "lb")).toBe("237 lbs (107.5 kg)")
    expect(formatWeight({ value: 107.5, unit: "kg" }, "kg")).toBe("107.5 kg")
    expect(formatWeight({ value: 225, unit: "lb" }, "lb")).toBe("225 lbs")
    expect(formatWeight({ value: 225, unit: "lb" }, "kg")).toBe("102.1 kg (225 lbs)")
    expect(formatWeight({ value: 80, unit: "kg" }, "lb", "symbol")).toBe("176.4 lb (80 kg)")
  })

  it("cannot be called without both units", () => {
    // @ts-expect-error the viewer's unit is required
    expect(() => formatWeight({ value: 80, unit: "kg" })).not.toThrow()
    // @ts-expect-error a stored weight without its unit is no weight
    expect(() => formatWeight({ value: 80 }, "kg")).not.toThrow()
  })
})
