import { describe, expect, it } from "vitest"
import { strongLogbook } from "../../fixtures/imports/make-strong-logbook.ts"
import { readLogbookText } from "./read-logbook.ts"

/* The benchmarks' generated Strong export is one our reader takes whole. */

describe("strongLogbook", () => {
  it("writes exactly the sets asked for, every one a lift in kilograms", () => {
    const { source, logbook } = readLogbookText(strongLogbook(1234))
    expect(source).toBe("strong")
    expect(logbook?.left).toEqual([])
    const sets = logbook?.sessions.flatMap((session) => session.exercises.flatMap((exercise) => exercise.sets)) ?? []
    expect(sets).toHaveLength(1234)
    expect(sets.every((set) => set.unit === "kg" && set.weight !== null && set.reps !== null)).toBe(true)
    expect(logbook?.sessions.every((session) => session.exercises.length <= 5)).toBe(true)
  })

  it("spans about ten years at four sessions a week for forty thousand sets", () => {
    const { logbook } = readLogbookText(strongLogbook(40_000))
    const sessions = logbook?.sessions ?? []
    expect(sessions[0]?.date).toBe("2015-01-05")
    expect(sessions.at(-1)?.date.slice(0, 3)).toBe("202")
    expect(sessions.length).toBeGreaterThan(1900)
    expect(sessions.length).toBeLessThan(2300)
  })

  it("writes the same file for the same length", () => {
    expect(strongLogbook(500)).toBe(strongLogbook(500))
    expect(strongLogbook(0)).toBe(
      "Date;Workout Name;Exercise Name;Set Order;Weight;Weight Unit;Reps;RPE;Distance;Distance Unit;Seconds;Notes;Workout Notes;Workout Duration\n"
    )
  })
})
