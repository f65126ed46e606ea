import { liftSeries, SAMPLE_PROGRESS, type Lift } from "#domain/progress.ts"
import { toUnit, type Unit } from "#domain/units.ts"

// SPEC's example chart (section 2: a 'Lift' dropdown, Squat by default, fixed sample data),
// shown only to a client who has never done a set (docs/decisions/042): someone with data,
// in the range or before it, never sees sample numbers as if they were theirs. Its lifts
// are the catalogue's exercises, so a pick means the same exercise once sets are logged.

export interface ExampleExercise {
  readonly key: string
  readonly label: string
  readonly lift: Lift
}

export const EXAMPLE_EXERCISES: ReadonlyArray<ExampleExercise> = [
  { key: "back-squat", label: "Squat", lift: "squat" },
  { key: "bench-press", label: "Bench Press", lift: "bench press" },
  { key: "deadlift", label: "Deadlift", lift: "deadlift" }
]

/** The example lift for an exercise key: Squat unless the key is one of the other two. */
export const exampleFor = (key: string | null): ExampleExercise =>
  EXAMPLE_EXERCISES.find((example) => example.key === key) ?? (EXAMPLE_EXERCISES[0] as ExampleExercise)

/** SPEC's sample points for the lift: "Mar 1" .. "Apr 12", in pounds as SPEC gives them or converted to kilograms. */
export const examplePoints = (example: ExampleExercise, unit: Unit) =>
  liftSeries(SAMPLE_PROGRESS, example.lift).map((point) => ({
    ...point,
    value: Math.round(toUnit(point.value, "lb", unit) * 10) / 10
  }))

/** Whether the example is shown: nothing done in the span read, nor ever before it. */
export const showsExample = (done: {
  readonly rows: ReadonlyArray<unknown>
  readonly loggedBefore: boolean
}): boolean => done.rows.length === 0 && !done.loggedBefore
