import fc from "fast-check"
import * as Schema from "effect/Schema"
import { describe, expect, it } from "vitest"
import { DEFAULT_FIELD_INPUTS, FIELD_NAMES, type FieldName, parseFieldValue } from "#domain/set-fields.ts"
import { describeBuiltSet } from "#domain/set-text.ts"
import { BuiltSet, buildSets } from "#domain/workout.ts"
import * as A from "./arbitraries.ts"
import { defined } from "./defined.ts"

const inputs = fc.record(
  Object.fromEntries(
    FIELD_NAMES.map((name) => [
      name,
      fc.oneof(fc.constant(""), fc.constantFrom("AMRAP", "5", "8.5", "225", "-3", "abc", "19", "20"))
    ])
  ) as { [N in FieldName]: fc.Arbitrary<string> }
)

describe("adding sets in the set builder", () => {
  it("adds the chosen number of sets, numbered after the existing ones", () => {
    const sets = buildSets({
      startIndex: 2,
      count: 3,
      amsap: false,
      enabledFields: ["reps"],
      inputs: DEFAULT_FIELD_INPUTS
    })
    expect(sets.map((s) => s.set)).toEqual([2, 3, 4])
    expect(sets.every((s) => !s.amsap)).toBe(true)
  })

  it("adds exactly one set when AMSAP is on, whatever the count", () => {
    fc.assert(
      fc.property(fc.nat(10), fc.nat(5), (count, startIndex) => {
        const sets = buildSets({ startIndex, count, amsap: true, enabledFields: [], inputs: {} })
        expect(sets).toEqual([{ set: startIndex, amsap: true, fields: [] }])
      }),
      A.RUNS
    )
  })

  it("a count of zero adds nothing", () => {
    expect(
      buildSets({ startIndex: 0, count: 0, amsap: false, enabledFields: ["reps"], inputs: DEFAULT_FIELD_INPUTS })
    ).toEqual([])
  })

  it("with the default inputs and every field on, only reps AMRAP and rpe 8 are saved", () => {
    const [set] = buildSets({
      startIndex: 0,
      count: 1,
      amsap: false,
      enabledFields: FIELD_NAMES,
      inputs: DEFAULT_FIELD_INPUTS
    })
    expect(set?.fields).toEqual([
      { name: "reps", value: "AMRAP" },
      { name: "rpe", value: 8 }
    ])
  })

  it("saves only toggled fields that have a valid value, and every set it builds is a valid BuiltSet", () => {
    fc.assert(
      fc.property(
        fc.subarray([...FIELD_NAMES]),
        inputs,
        fc.nat(4),
        fc.boolean(),
        (enabledFields, texts, count, amsap) => {
          const sets = buildSets({ startIndex: 0, count, amsap, enabledFields, inputs: texts })
          expect(sets).toHaveLength(amsap ? 1 : count)
          for (const set of sets) {
            expect(Schema.is(BuiltSet)(set)).toBe(true)
            const expected = FIELD_NAMES.filter(
              (name) => enabledFields.includes(name) && parseFieldValue(name, texts[name]) !== null
            )
            expect(set.fields.map((f) => f.name)).toEqual(expected)
            for (const field of set.fields) expect(field.value).toBe(parseFieldValue(field.name, texts[field.name]))
          }
        }
      ),
      A.RUNS
    )
  })

  it("a built set reads as set text", () => {
    const [set] = buildSets({
      startIndex: 0,
      count: 1,
      amsap: true,
      enabledFields: ["weight", "reps", "rpe"],
      inputs: { weight: "225", reps: "5", rpe: "8" }
    })
    expect(describeBuiltSet(defined(set), "lb")).toBe("225 lbs, 5 reps, at RPE 8, for AMSAP")
    // Typed in kilograms, seen by a coach in pounds: both numbers, each with its unit.
    expect(describeBuiltSet({ ...defined(set), weight_unit: "kg" }, "lb")).toBe(
      "496 lbs (225 kg), 5 reps, at RPE 8, for AMSAP"
    )
  })
})
