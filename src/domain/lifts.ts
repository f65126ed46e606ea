// The lifts of the progress chart as plain values: /client/progress checks its search
// parameter on every first load, which must not load Effect (re-exported by progress.ts).

/** Lift keys as they appear in a progress sample row (SPEC: squat, bench press, deadlift). */
export const LIFTS = ["squat", "bench press", "deadlift"] as const
export type Lift = (typeof LIFTS)[number]

export const isLift = (value: unknown): value is Lift => (LIFTS as ReadonlyArray<unknown>).includes(value)

export const DEFAULT_LIFT: Lift = "squat"

/** Dropdown options, in SPEC order; Squat is the default. */
export const LIFT_OPTIONS: ReadonlyArray<{ readonly value: Lift; readonly label: string }> = [
  { value: "squat", label: "Squat" },
  { value: "bench press", label: "Bench Press" },
  { value: "deadlift", label: "Deadlift" }
]

export const liftLabel = (lift: Lift): string => LIFT_OPTIONS.find((o) => o.value === lift)?.label ?? lift
