import fc from "fast-check"
import { describe, expect, it } from "vitest"
import { pageCount, workoutPages } from "#domain/workout-pages.ts"
import { workoutRowFixture } from "#domain/workout-row-fixture.ts"
import type { GroupedExercise, GroupedWorkout } from "#domain/workout.ts"
import { supersetWorkout } from "#machines/logging/logging.fixtures.ts"

let nextId = 1
/** A workout of exercises with `sets[i]` sets each and the superset letters given (undefined: alone). */
const workoutOf = (exercises: ReadonlyArray<{ sets: number; superset?: "A" | "B" }>): GroupedWorkout => ({
  workout_order: 0,
  exercises: exercises.map(({ sets, superset }, exercise_order): GroupedExercise => {
    const exercise = `Lift ${exercise_order}`
    return {
      exercise_order,
      name: exercise,
      exercise_id: `lift-${exercise_order}`,
      ...(superset === undefined ? {} : { superset }),
      sets: Array.from({ length: sets }, (_, set) =>
        workoutRowFixture({ id: nextId++, date: "2026-01-05", exercise_order, exercise, set, reps: 5 })
      )
    }
  })
})

const exercisesArbitrary = fc.array(
  fc.record({ sets: fc.integer({ min: 1, max: 5 }), superset: fc.constantFrom(undefined, "A" as const, "B" as const) }),
  { maxLength: 8 }
)

describe("the pages a lifter walks", () => {
  it("walks a superset round by round, A1 → A2 → A1, an exercise with fewer sets dropping out", () => {
    const pages = workoutPages(supersetWorkout)
    expect(pages.map((page) => page.superset)).toEqual(["A", null])
    expect(pages[0]?.sets.map((set) => `${set.label} ${set.setIndex + 1}`)).toEqual([
      "A1 1",
      "A2 1",
      "A1 2",
      "A2 2",
      "A1 3"
    ])
    expect(pages[1]?.sets.map((set) => set.exerciseIndex)).toEqual([2])
  })

  it("shows every set exactly once, each exercise's sets in their order", () => {
    fc.assert(
      fc.property(exercisesArbitrary, (exercises) => {
        const workout = workoutOf(exercises)
        const walked = workoutPages(workout).flatMap((page) => page.sets)
        const all = workout.exercises.flatMap((exercise) => exercise.sets.map((set) => set.id))
        expect(walked.map((set) => set.set.id).sort((a, b) => a - b)).toEqual([...all].sort((a, b) => a - b))
        for (const exercise of workout.exercises)
          expect(walked.filter((set) => set.exercise === exercise).map((set) => set.setIndex)).toEqual(
            exercise.sets.map((_, index) => index)
          )
      })
    )
  })

  it("gives a workout without supersets one page per exercise, and a run of one letter one page", () => {
    fc.assert(
      fc.property(exercisesArbitrary, (exercises) => {
        const pages = workoutPages(workoutOf(exercises))
        const runs = exercises.filter(
          (exercise, index) => exercise.superset === undefined || exercises[index - 1]?.superset !== exercise.superset
        ).length
        expect(pages).toHaveLength(runs)
        expect(pageCount(workoutOf(exercises))).toBe(runs)
        if (exercises.every((exercise) => exercise.superset === undefined))
          expect(pages.map((page) => page.firstExercise)).toEqual(exercises.map((_, index) => index))
      })
    )
  })
})
