import * as Schema from "effect/Schema"
import { LIFTS } from "./lifts.ts"
import { AMRAP, type Reps, Rir, Rpe, Weight } from "./set-fields.ts"

// The lift names and labels live in lifts.ts, free of Effect: import them from there.

export const Lift = Schema.Literals(LIFTS).annotate({ message: 'lift must be "squat", "bench press" or "deadlift"' })
export type Lift = typeof Lift.Type

/** One chart point: a date label and one weight (lbs) per lift. */
export const ProgressSample = Schema.Struct({
  name: Schema.String.check(Schema.isNonEmpty({ message: "name must not be empty" })),
  squat: Weight,
  "bench press": Weight,
  deadlift: Weight
})
export type ProgressSample = typeof ProgressSample.Type

export const ProgressSamples = Schema.Array(ProgressSample)

/** Fixed sample data for /client/progress: 7 weekly dates from Mar 1 to Apr 12, 2023. */
export const SAMPLE_PROGRESS: ReadonlyArray<ProgressSample> = Schema.decodeUnknownSync(ProgressSamples)([
  { name: "Mar 1", squat: 275, "bench press": 185, deadlift: 335 },
  { name: "Mar 8", squat: 280, "bench press": 185, deadlift: 345 },
  { name: "Mar 15", squat: 285, "bench press": 190, deadlift: 350 },
  { name: "Mar 22", squat: 285, "bench press": 195, deadlift: 355 },
  { name: "Mar 29", squat: 295, "bench press": 195, deadlift: 365 },
  { name: "Apr 5", squat: 300, "bench press": 200, deadlift: 370 },
  { name: "Apr 12", squat: 305, "bench press": 205, deadlift: 380 }
])

export interface LiftPoint {
  readonly name: string
  readonly value: number
}

/** One lift's series for the area chart. */
export const liftSeries = (samples: ReadonlyArray<ProgressSample>, lift: Lift): ReadonlyArray<LiftPoint> =>
  samples.map((s) => ({ name: s.name, value: s[lift] }))

export type Effort = { readonly rpe: Rpe } | { readonly rir: Rir }

/**
 * Estimated one-rep max in lbs, rounded to one decimal.
 *
 * Choice: Epley with reps in reserve, e1RM = weight * (1 + (reps + RIR) / 30),
 * where RIR = 10 - RPE when an RPE is given (the RTS convention behind RPE
 * tables) and 0 when no effort is given (a set taken to failure). A single at
 * RIR 0 is the max itself, so it returns the weight (plain Epley would add 3%).
 * Epley is the most widely used formula and, with RIR folded into the reps,
 * stays within a few percent of Tuchscherer's RPE chart for 1-10 reps.
 *
 * Undefined when no estimate makes sense: AMRAP without a count, zero reps, or
 * zero weight.
 */
export const e1rm = (weight: Weight, reps: Reps, effort?: Effort): number | undefined => {
  if (reps === AMRAP || reps <= 0 || weight <= 0) return undefined
  const rir = effort === undefined ? 0 : "rir" in effort ? effort.rir : 10 - effort.rpe
  const effectiveReps = reps + rir
  const estimate = effectiveReps <= 1 ? weight : weight * (1 + effectiveReps / 30)
  return Math.round(estimate * 10) / 10
}
