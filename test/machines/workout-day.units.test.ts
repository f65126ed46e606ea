/**
 * The day page's weights (docs/decisions/038-one-way-to-show-a-weight.md): what was
 * prescribed and what was logged, each in the lifter's unit with the stored one beside it
 * where they differ, and in its own unit while the lifter's is not known. Never a bare
 * number, never "lbs" for kilograms.
 */
import { describe, expect, test } from "vitest"
import { prescriptionText } from "#domain/prescription.ts"
import { loggedRowFixture, workoutRowFixture } from "#domain/workout-row-fixture.ts"
import { loggedSetText } from "#domain/logged-set-text.ts"

const squat = workoutRowFixture({
  id: 1,
  date: "2026-03-02",
  exercise: "Back Squat",
  reps: 5,
  weight: 107.5,
  weight_unit: "kg"
})
const inKilograms = loggedRowFixture(squat, { weight: 107.5, weight_unit: "kg", reps: 5 })
const inPounds = loggedRowFixture(squat, { weight: 225, weight_unit: "lb", reps: 5, rir: 2 })

describe("what the lifter logged", () => {
  test("a kilogram set reads in kilograms to a lifter in kilograms, and in pounds with its kilograms to one in pounds", () => {
    expect(loggedSetText(inKilograms, "kg")).toBe("107.5 kg × 5")
    expect(loggedSetText(inKilograms, "lb")).toBe("237 lbs (107.5 kg) × 5")
  })

  test("a pound set keeps SPEC's wording for a lifter in pounds, and converts for one in kilograms", () => {
    expect(loggedSetText(inPounds, "lb")).toBe("225 lbs × 5 at 2 RIR")
    expect(loggedSetText(inPounds, "kg")).toBe("102.1 kg (225 lbs) × 5 at 2 RIR")
  })

  test("while the lifter's unit is not known, each set reads in its own", () => {
    expect(loggedSetText(inKilograms, undefined)).toBe("107.5 kg × 5")
    expect(loggedSetText(loggedRowFixture(squat, { weight: 60, weight_unit: "kg" }), undefined)).toBe("60 kg")
  })
})

describe("what the coach prescribed", () => {
  test("reads in the lifter's unit, the coach's written unit beside it where they differ", () => {
    expect(prescriptionText(squat, "kg")).toBe("107.5 kg × 5 reps")
    expect(prescriptionText(squat, "lb")).toBe("237 lbs (107.5 kg) × 5 reps")
    expect(prescriptionText(squat)).toBe("107.5 kg × 5 reps")
  })
})
