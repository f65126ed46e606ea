/**
 * The draft as the day the client will log: what the builder hands the load-references
 * machine, worked out with the functions the coach's day and logging page use.
 */
import { describe, expect, test } from "vitest"
import { daySetLoads, setLoadText, testedMaxesOf } from "#domain/set-loads.ts"
import { buildSets } from "#domain/workout.ts"
import { draftContext } from "#machines/builder/builder.fixtures.ts"
import { draftDaySets, draftSetId } from "#machines/builder/builder.loads.ts"
import type { DraftExercise } from "#machines/builder/builder.types.ts"
import { libraryContext } from "#machines/exercise-library/exercise-library.fixtures.ts"
import { pounds, testedMaxes } from "#machines/load-references/load-references.fixtures.ts"

const atMax = (name: string, exerciseId?: string): DraftExercise => ({
  name,
  ...(exerciseId === undefined ? {} : { exerciseId }),
  sets: buildSets({
    startIndex: 0,
    count: 1,
    amsap: false,
    enabledFields: ["reps", "max_percent"],
    inputs: { reps: "5", max_percent: "75" }
  })
})

const loadsOf = (exercises: ReadonlyArray<DraftExercise>, library = libraryContext().library) => {
  const sets = draftDaySets(draftContext({ exercises }), library)
  const answers = daySetLoads(sets, { maxes: testedMaxesOf(testedMaxes), e1rms: new Map(), preferences: pounds })
  return exercises.map((_, index) => setLoadText(answers[draftSetId(index, 0)]))
}

describe("the draft's loads", () => {
  test("a chosen exercise and a typed name the library knows both take the client's max", () => {
    const [chosen, typed] = loadsOf([atMax("Back Squat", "back-squat"), atMax("  back squat ")])
    expect(chosen).toMatchObject({ kind: "load", load: "235 lbs", source: "75% of max" })
    expect(typed).toEqual(chosen)
  })

  test("a name the library does not know borrows no max, and neither does one typed before the library is in", () => {
    expect(loadsOf([atMax("Zercher Squat")])).toEqual([
      { kind: "percent-only", percent: "75% of max", reason: "no tested max yet" }
    ])
    expect(loadsOf([atMax("Back Squat")], [])[0]).toMatchObject({ kind: "percent-only" })
  })

  test("every set of the draft has its own id", () => {
    const sets = draftDaySets(draftContext(), [])
    expect(new Set(sets.map(({ row }) => row.id)).size).toBe(sets.length)
    expect(sets.every(({ done }) => done === undefined)).toBe(true)
  })
})
