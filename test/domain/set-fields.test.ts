import fc from "fast-check"
import * as Schema from "effect/Schema"
import { describeSet } from "#domain/set-text.ts"
import { describe, expect, it } from "vitest"
import {
  DEFAULT_FIELD_INPUTS,
  FIELD_DEFINITIONS,
  FIELD_NAMES,
  FIELD_VALUE_SCHEMAS,
  MAX_PERCENT,
  type Percent,
  type Reps,
  type Rir,
  type Rpe,
  type SetValues,
  type Weight,
  describeRepsAtRir,
  parseFieldValue,
  validateFieldInput
} from "#domain/set-fields.ts"
import * as A from "./arbitraries.ts"
import { defined } from "./defined.ts"

describe("set field definitions", () => {
  it("reps offer AMRAP then 0 to 19, defaulting to AMRAP", () => {
    const reps = FIELD_DEFINITIONS.reps
    expect(reps.options[0]).toBe("AMRAP")
    expect(reps.options.slice(1).map(Number)).toEqual(Array.from({ length: 20 }, (_, i) => i))
    expect(reps.defaultValue).toBe("AMRAP")
  })

  it("rpe offers 10 down to 1 in half steps, defaulting to 8", () => {
    const rpe = FIELD_DEFINITIONS.rpe.options.map(Number)
    expect(rpe[0]).toBe(10)
    expect(rpe.at(-1)).toBe(1)
    rpe.slice(1).forEach((value, i) => {
      expect(defined(rpe[i]) - value).toBe(0.5)
    })
    expect(FIELD_DEFINITIONS.rpe.defaultValue).toBe("8")
  })

  it("the numeric fields start empty", () => {
    for (const name of ["backoff_percent", "e1rm_percent", "max_percent", "weight"] as const) {
      expect(FIELD_DEFINITIONS[name].defaultValue).toBe("")
      expect(DEFAULT_FIELD_INPUTS[name]).toBe("")
    }
  })

  it("every offered option and default parses to a value its field accepts", () => {
    for (const name of FIELD_NAMES) {
      const definition = FIELD_DEFINITIONS[name]
      expect(definition.name).toBe(name)
      for (const option of [...definition.options, definition.defaultValue].filter((o) => o !== "")) {
        const value = parseFieldValue(name, option)
        expect(value).not.toBeNull()
        expect(Schema.is(FIELD_VALUE_SCHEMAS[name] as Schema.Codec<unknown, unknown>)(value)).toBe(true)
      }
    }
  })
})

describe("reading set builder inputs (SPEC section 5)", () => {
  it("an empty input is stored as none", () => {
    fc.assert(
      fc.property(A.fieldName, fc.constantFrom("", " ", "  \t"), (name, blank) => {
        expect(parseFieldValue(name, blank)).toBeNull()
        expect(validateFieldInput(name, blank)).toBeUndefined()
      }),
      A.RUNS
    )
  })

  it("AMRAP is kept as text for reps only", () => {
    expect(parseFieldValue("reps", "AMRAP")).toBe("AMRAP")
    expect(parseFieldValue("weight", "AMRAP")).toBeNull()
  })

  it("rpe is read as a decimal and the other fields as integers", () => {
    expect(parseFieldValue("rpe", "8.5")).toBe(8.5)
    expect(parseFieldValue("reps", "5")).toBe(5)
    expect(parseFieldValue("weight", "225")).toBe(225)
    expect(parseFieldValue("weight", "227.5")).toBe(227)
    expect(parseFieldValue("max_percent", "72.9")).toBe(72)
  })

  it("any whole number in range reads back as itself", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 2000 }),
        fc.integer({ min: 0, max: MAX_PERCENT }),
        fc.integer({ min: 0, max: 19 }),
        (w, p, r) => {
          expect(parseFieldValue("weight", String(w))).toBe(w)
          expect(parseFieldValue("backoff_percent", String(p))).toBe(p)
          expect(parseFieldValue("reps", String(r))).toBe(r)
        }
      ),
      A.RUNS
    )
  })

  it("an input its field cannot hold gives no value and a message naming the field", () => {
    const cases = [
      ["reps", "20"],
      ["reps", "-1"],
      ["rpe", "8.3"],
      ["rpe", "11"],
      ["weight", "-5"],
      ["weight", "abc"],
      ["e1rm_percent", "1e9"],
      ["max_percent", "12abc"]
    ] as const
    for (const [name, raw] of cases) {
      expect(parseFieldValue(name, raw)).toBeNull()
      expect(validateFieldInput(name, raw)).toContain(name)
    }
  })
})

describe("the set text", () => {
  const pounds = { stored: "lb", viewer: "lb" } as const
  it("reads weight in lbs, reps, RPE, minus backoff, % of e1RM, % of max and for AMSAP", () => {
    const values: SetValues = {
      weight: 225 as Weight,
      reps: 5 as Reps,
      rpe: 8 as Rpe,
      backoff_percent: 10 as Percent,
      e1rm_percent: 80 as Percent,
      max_percent: 75 as Percent
    }
    expect(describeSet(values, pounds, true)).toBe(
      "225 lbs, 5 reps, at RPE 8, at -10%, 80% of e1RM, 75% of max, for AMSAP"
    )
  })

  it("AMRAP reads AMRAP, one rep reads singular, and absent parts are left out", () => {
    expect(describeSet({ reps: "AMRAP", rpe: 9.5 as Rpe }, pounds)).toBe("AMRAP, at RPE 9.5")
    expect(describeSet({ reps: 1 as Reps, weight: null }, pounds)).toBe("1 rep")
    expect(describeSet({}, pounds, true)).toBe("for AMSAP")
    expect(describeSet({}, pounds)).toBe("")
  })

  it("shows the weight in the viewer's unit, with the stored one beside it where they differ", () => {
    const squat: SetValues = { weight: 107.5 as Weight, reps: 5 as Reps }
    expect(describeSet(squat, { stored: "kg", viewer: "lb" })).toBe("237 lbs (107.5 kg), 5 reps")
    expect(describeSet(squat, { stored: "kg", viewer: "kg" })).toBe("107.5 kg, 5 reps")
    expect(describeSet({ weight: 225 as Weight }, { stored: "lb", viewer: "kg" })).toBe("102.1 kg (225 lbs)")
  })

  it("each part appears exactly when its value is present, in the fixed order", () => {
    const optional = <T>(arb: fc.Arbitrary<T>) => fc.option(arb, { nil: null })
    fc.assert(
      fc.property(
        fc.record({
          weight: optional(A.weight),
          reps: optional(A.reps),
          rpe: optional(A.rpe),
          backoff_percent: optional(A.percent),
          e1rm_percent: optional(A.percent),
          max_percent: optional(A.percent)
        }),
        fc.boolean(),
        (values, amsap) => {
          const text = describeSet(values, pounds, amsap)
          const markers = [
            [values.weight, " lbs"],
            [values.reps, values.reps === "AMRAP" ? "AMRAP" : " rep"],
            [values.rpe, "at RPE "],
            [values.backoff_percent, "at -"],
            [values.e1rm_percent, "% of e1RM"],
            [values.max_percent, "% of max"],
            [amsap ? true : null, "for AMSAP"]
          ] as const
          const present = markers.filter(([v]) => v !== null)
          expect(text === "" ? [] : text.split(", ")).toHaveLength(present.length)
          const positions = present.map(([, marker]) => text.indexOf(marker))
          positions.forEach((p) => {
            expect(p).toBeGreaterThanOrEqual(0)
          })
          expect([...positions].sort((a, b) => a - b)).toEqual(positions)
        }
      ),
      A.RUNS
    )
  })

  it("the client's list reads reps at RIR", () => {
    expect(describeRepsAtRir(5 as Reps, 2 as Rir)).toBe("5 reps at 2 RIR")
    expect(describeRepsAtRir("AMRAP", 0 as Rir)).toBe("AMRAP at 0 RIR")
    expect(describeRepsAtRir(8 as Reps, null)).toBe("8 reps")
    expect(describeRepsAtRir(null, 3 as Rir)).toBe("at 3 RIR")
  })
})
