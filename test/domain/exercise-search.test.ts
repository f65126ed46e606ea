import fc from "fast-check"
import { describe, expect, it } from "vitest"
import { EXERCISE_CATALOGUE } from "#domain/exercise-catalogue.ts"
import {
  DEFAULT_SEARCH_LIMIT,
  type SearchableExercise,
  normalizeExerciseName,
  prepareSearch,
  searchExercises
} from "#domain/exercise-search.ts"

/** A coach's own exercises beside the catalogue. */
const CUSTOM: ReadonlyArray<SearchableExercise> = [
  { id: "custom-1", name: "Développé couché", aliases: [] },
  { id: "custom-2", name: "Jefferson Curl", aliases: ["Jeff Curl"] },
  { id: "custom-3", name: "Sandbag Over Shoulder", aliases: ["SBOS"] }
]
const EXERCISES: ReadonlyArray<SearchableExercise> = [...EXERCISE_CATALOGUE, ...CUSTOM]
const search = prepareSearch(EXERCISES)
const ids = (results: ReadonlyArray<SearchableExercise>) => results.map((exercise) => exercise.id)

const exercise = (name: string, ...aliases: Array<string>): SearchableExercise => ({
  id: name.toLowerCase().replace(/\W+/g, "-"),
  name,
  aliases
})

describe("searching exercises as the coach types", () => {
  it('finds Back Squat among the first options for "squ"', () => {
    expect(ids(search("squ")).slice(0, 3)).toContain("back-squat")
  })

  it('puts Romanian Deadlift first for "rdl", then the other RDLs', () => {
    const found = ids(search("rdl"))
    expect(found[0]).toBe("romanian-deadlift")
    expect(found).toContain("dumbbell-romanian-deadlift")
    expect(found).toContain("single-leg-romanian-deadlift")
  })

  it('puts Bench Press first for "bench", and its variations after it', () => {
    const found = ids(search("bench"))
    expect(found[0]).toBe("bench-press")
    expect(found).toContain("incline-bench-press")
  })

  it('puts Front Squat, not Back Squat, first for "front squat"', () => {
    const found = ids(search("front squat"))
    expect(found[0]).toBe("front-squat")
    expect(found).not.toContain("back-squat")
  })

  it("ignores case and accents, in the query and in the names", () => {
    expect(ids(search("developpe"))).toEqual(["custom-1"])
    expect(ids(search("DÉVELOPPÉ COUCHÉ"))).toEqual(["custom-1"])
    expect(ids(search("BÀCK SQÚAT"))[0]).toBe("back-squat")
  })

  it("reads abbreviations, plurals and punctuation as the names are written", () => {
    expect(ids(search("db bench"))[0]).toBe("dumbbell-bench-press")
    expect(ids(search("pull ups"))[0]).toBe("pull-up")
    expect(ids(search("farmers"))[0]).toBe("farmers-walk")
  })

  it("searches the coach's own exercises beside the catalogue, aliases included", () => {
    expect(ids(search("jeff"))).toEqual(["custom-2"])
    expect(ids(search("sbos"))).toEqual(["custom-3"])
  })

  it("ranks an exact name or alias, then a name prefix, an alias prefix, a word prefix, a substring; ties by name", () => {
    const list = [
      exercise("Split Squat"),
      exercise("Squatting Hold"),
      exercise("Front Squat"),
      exercise("Back Squat", "Squat"),
      exercise("Overhead Squat", "Squat Snatch Grip Hold"),
      exercise("Squat Jump"),
      exercise("Goblet squat")
    ]
    expect(searchExercises("squat", list).map((e) => e.name)).toEqual([
      "Back Squat", // alias "Squat"
      "Squat Jump", // name prefix, by name
      "Squatting Hold",
      "Overhead Squat", // alias prefix
      "Front Squat", // word prefix, by name
      "Goblet squat",
      "Split Squat"
    ])
    expect(searchExercises("quat", list).map((e) => e.name)).toEqual([
      "Back Squat",
      "Front Squat",
      "Goblet squat",
      "Overhead Squat",
      "Split Squat",
      "Squat Jump",
      "Squatting Hold"
    ])
  })

  it("lists the first exercises by name for an empty query", () => {
    const byName = [...EXERCISES].map((e) => e.name).sort((a, b) => a.localeCompare(b, "en", { sensitivity: "base" }))
    expect(search("").map((e) => e.name)).toEqual(byName.slice(0, DEFAULT_SEARCH_LIMIT))
    expect(search("  -- ", 3).map((e) => e.name)).toEqual(byName.slice(0, 3))
  })

  it("returns at most the limit, nothing for a limit of 0, and nothing when nothing matches", () => {
    expect(search("a", 5)).toHaveLength(5)
    expect(search("a", 0)).toEqual([])
    expect(search("xyzzy")).toEqual([])
    expect(searchExercises("curl", EXERCISES, 2)).toHaveLength(2)
  })

  it("gives the same answers prepared once as searched each time", () => {
    for (const query of ["squ", "rdl", "bench", "", "curl", "db"]) {
      expect(searchExercises(query, EXERCISES)).toEqual(search(query))
    }
  })

  describe("every result holds the query, and every match fits until the limit", () => {
    const names = EXERCISES.flatMap((e) => [e.name, ...e.aliases])
    // Pieces of real names, retyped in any case, as well as arbitrary text.
    const query = fc.oneof(
      fc.string({ maxLength: 6 }),
      fc.tuple(fc.constantFrom(...names), fc.nat(), fc.nat(), fc.boolean()).map(([name, from, length, upper]) => {
        const start = from % (name.length + 1)
        const piece = name.slice(start, start + (length % 12))
        return upper ? piece.toUpperCase() : piece
      })
    )
    const matches = (candidate: SearchableExercise, normalized: string) =>
      [candidate.name, ...candidate.aliases].some((name) => normalizeExerciseName(name).includes(normalized))

    it("holds over the catalogue and custom exercises", () => {
      fc.assert(
        fc.property(query, fc.integer({ min: 0, max: 20 }), (typed, limit) => {
          const results = search(typed, limit)
          const normalized = normalizeExerciseName(typed)
          expect(results.length).toBeLessThanOrEqual(limit)
          expect(new Set(results).size).toBe(results.length)
          for (const result of results) expect(matches(result, normalized)).toBe(true)
          const matching = EXERCISES.filter((candidate) => matches(candidate, normalized)).length
          expect(results).toHaveLength(Math.min(limit, matching))
        }),
        { numRuns: 300 }
      )
    })
  })
})
