import type { CopiedWeek, SetLoads } from "./copy-plan.ts"
import type { BuiltSet, BuiltWorkout } from "./workout.ts"

/*
 * The loads of each copied week, as the copy's report carries them (docs/decisions/040):
 * the same rows the copy stores, read back as numbers with their units, so the preview
 * shows what the server will write and nothing worked out a second time on the screen.
 */

const numberOf = (set: BuiltSet, name: "weight" | "max_percent" | "e1rm_percent"): number | null => {
  const value = set.fields.find((field) => field.name === name)?.value
  return typeof value === "number" ? value : null
}

/** One set's loads: weight in the set's own unit, percentages of max and of e1RM. */
export const setLoadsOf = (set: BuiltSet): SetLoads => ({
  set: set.set,
  weight: numberOf(set, "weight"),
  unit: set.weight_unit ?? "lb",
  maxPercent: numberOf(set, "max_percent"),
  e1rmPercent: numberOf(set, "e1rm_percent")
})

/** Each copied week's workouts (in source order, with the weekday they keep) as loads. */
export const copiedWeeksOf = (
  workouts: ReadonlyArray<{ readonly weekday: number | null; readonly weeks: ReadonlyArray<BuiltWorkout> }>,
  weekCount: number
): ReadonlyArray<CopiedWeek> =>
  Array.from({ length: weekCount }, (_, week) => ({
    week: week + 1,
    workouts: workouts.map((workout) => ({
      weekday: workout.weekday,
      exercises: (workout.weeks[week] ?? []).map((exercise) => ({
        name: exercise.name,
        sets: exercise.sets.map(setLoadsOf)
      }))
    }))
  }))
