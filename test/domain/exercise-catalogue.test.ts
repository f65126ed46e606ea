import fc from "fast-check"
import { describe, expect, it } from "vitest"
import {
  EXERCISE_CATALOGUE,
  catalogueExercise,
  findCanonical,
  isCatalogueExerciseId
} from "#domain/exercise-catalogue.ts"
import { EQUIPMENT, EXERCISE_CATEGORIES } from "#domain/exercise-kinds.ts"
import { normalizeExerciseName } from "#domain/exercise-search.ts"

describe("the exercise catalogue", () => {
  it("holds about 150 exercises", () => {
    expect(EXERCISE_CATALOGUE.length).toBeGreaterThanOrEqual(140)
    expect(EXERCISE_CATALOGUE.length).toBeLessThanOrEqual(170)
  })

  it("gives every exercise a unique kebab-case id", () => {
    const ids = EXERCISE_CATALOGUE.map((exercise) => exercise.id)
    expect(new Set(ids).size).toBe(ids.length)
    for (const id of ids) expect(id).toMatch(/^[a-z0-9]+(?:-[a-z0-9]+)*$/)
  })

  it("gives every exercise a unique, trimmed name", () => {
    const names = EXERCISE_CATALOGUE.map((exercise) => normalizeExerciseName(exercise.name))
    expect(new Set(names).size).toBe(names.length)
    for (const exercise of EXERCISE_CATALOGUE) expect(exercise.name).toBe(exercise.name.trim())
  })

  it("never lets a name or alias stand for two exercises, nor an alias repeat its own exercise's name", () => {
    const owner = new Map<string, string>()
    const clashes: Array<string> = []
    for (const exercise of EXERCISE_CATALOGUE) {
      for (const name of [exercise.name, ...exercise.aliases]) {
        const key = normalizeExerciseName(name)
        const earlier = owner.get(key)
        if (earlier !== undefined) clashes.push(`"${name}" of ${exercise.id} is also ${earlier}'s`)
        owner.set(key, exercise.id)
      }
    }
    expect(clashes).toEqual([])
  })

  it("uses every category and every equipment, and only those", () => {
    expect(new Set(EXERCISE_CATALOGUE.map((exercise) => exercise.category))).toEqual(new Set(EXERCISE_CATEGORIES))
    expect(new Set(EXERCISE_CATALOGUE.map((exercise) => exercise.equipment))).toEqual(new Set(EQUIPMENT))
  })

  it("looks an exercise up by id", () => {
    expect(catalogueExercise("back-squat")?.name).toBe("Back Squat")
    expect(catalogueExercise("front-squat")?.category).toBe("squat")
    expect(catalogueExercise("romanian-deadlift")?.category).toBe("hinge")
    expect(catalogueExercise("no-such-exercise")).toBeUndefined()
    expect(isCatalogueExerciseId("bench-press")).toBe(true)
    expect(isCatalogueExerciseId("Bench Press")).toBe(false)
  })
})

describe("findCanonical links a free-text name only when it is an exercise's name or alias", () => {
  it.each([
    ["Back Squat", "back-squat"],
    ["squat", "back-squat"],
    ["BB Squat", "back-squat"],
    ["  back   SQUATS ", "back-squat"],
    ["High-bar squat", "back-squat"],
    ["Front Squat", "front-squat"],
    ["Pause Squat", "pause-squat"],
    ["Deadlift", "deadlift"],
    ["Deadlifts", "deadlift"],
    ["RDL", "romanian-deadlift"],
    ["rdls", "romanian-deadlift"],
    ["Romanian Deadlift", "romanian-deadlift"],
    ["DB RDL", "dumbbell-romanian-deadlift"],
    ["Sumo Deadlift", "sumo-deadlift"],
    ["Stiff-Legged Deadlift", "stiff-leg-deadlift"],
    ["Bench Press", "bench-press"],
    ["bench", "bench-press"],
    ["BB Bench Press", "bench-press"],
    ["Incline Bench", "incline-bench-press"],
    ["Incline Bench Press", "incline-bench-press"],
    ["Close grip bench", "close-grip-bench-press"],
    ["DB Bench", "dumbbell-bench-press"],
    ["Dumbell bench press", "dumbbell-bench-press"],
    ["Overhead Press", "overhead-press"],
    ["ohp", "overhead-press"],
    ["Pull-ups", "pull-up"],
    ["pull ups", "pull-up"],
    ["Chin Ups", "chin-up"],
    ["Farmers walk", "farmers-walk"],
    ["Farmer’s Walk", "farmers-walk"],
    ["Tricep Kickbacks", "triceps-kickback"],
    ["KB swings", "kettlebell-swing"],
    ["Clean & Jerk", "clean-and-jerk"],
    ["Dips", "dip"]
  ])("%s -> %s", (name, id) => {
    expect(findCanonical(name)).toBe(id)
  })

  it.each([
    "Front Squat 3x5",
    "Squat (high bar) ",
    "Leg Curl",
    "Curl",
    "Shoulder Press",
    "Jerk",
    "Zottman Curl",
    "Squats and Deadlifts",
    "",
    "   ",
    "!!!"
  ])("%j is not a catalogue exercise", (name) => {
    expect(findCanonical(name)).toBeUndefined()
  })

  it("never links a variation to the lift it varies", () => {
    expect(findCanonical("Front Squat")).not.toBe("back-squat")
    expect(findCanonical("Romanian Deadlift")).not.toBe("deadlift")
    expect(findCanonical("Sumo Deadlift")).not.toBe("deadlift")
    expect(findCanonical("Incline Bench")).not.toBe("bench-press")
  })

  it("finds every exercise by its name and each alias, however it is cased and spaced", () => {
    const spellings = EXERCISE_CATALOGUE.flatMap((exercise) =>
      [exercise.name, ...exercise.aliases].map((name) => ({ id: exercise.id, name }))
    )
    fc.assert(
      fc.property(
        fc.constantFrom(...spellings),
        fc.array(fc.boolean(), { minLength: 40, maxLength: 40 }),
        fc.constantFrom(" ", "  ", "-", " - ", "_", "."),
        ({ id, name }, upper, separator) => {
          const respelt = Array.from(name)
            .map((char, i) => (upper[i % upper.length] === true ? char.toUpperCase() : char.toLowerCase()))
            .join("")
            .replace(/[ -]/g, separator)
          expect(findCanonical(` ${respelt} `)).toBe(id)
        }
      )
    )
  })
})
