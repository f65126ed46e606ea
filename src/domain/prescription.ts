import { AMRAP, describeRepsAtRir, type PerformedReps, rirFromRpe, type Rir, type Weight } from "./set-fields.ts"
import { formatWeight, type Unit } from "./units.ts"
import type { WorkoutRow } from "./workout.ts"

/*
 * A prescribed set as the lifter reads it, whole and in one scale (docs/decisions/016):
 * "275 lbs × 5 reps at 2 RIR", then backoff, %e1RM, %max and AMSAP when the coach set them.
 */

type Prescribed = Pick<
  WorkoutRow,
  "reps" | "rir" | "rpe" | "weight" | "weight_unit" | "backoff_percent" | "e1rm_percent" | "max_percent" | "amsap"
>

/** The RIR the lifter reads: the coach's RIR, else 10 - RPE (half steps kept). */
export const prescribedRir = (set: Pick<WorkoutRow, "rir" | "rpe">): Rir | null =>
  set.rir ?? (set.rpe === null ? null : rirFromRpe(set.rpe))

/**
 * SPEC's reading, "5 reps at 2 RIR", with the weight in front when there is one, shown to
 * `viewer` as every weight is (formatWeight, docs/decisions/038); in the unit the coach wrote
 * it in while the viewer's is not known.
 */
export const loadText = (set: Prescribed, viewer: Unit | undefined): string => {
  const reps = describeRepsAtRir(set.reps, prescribedRir(set))
  if (set.weight === null) return reps
  const weight = formatWeight({ value: set.weight, unit: set.weight_unit }, viewer ?? set.weight_unit)
  return reps === "" ? weight : `${weight} × ${reps}`
}

/** The rest of the prescription, each part its own phrase: "10% backoff", "75% of e1RM", "80% of max", "AMSAP". */
export const prescriptionNotes = (set: Prescribed): ReadonlyArray<string> => {
  const notes: Array<string> = []
  if (set.backoff_percent !== null) notes.push(`${set.backoff_percent}% backoff`)
  if (set.e1rm_percent !== null) notes.push(`${set.e1rm_percent}% of e1RM`)
  if (set.max_percent !== null) notes.push(`${set.max_percent}% of max`)
  if (set.amsap) notes.push("AMSAP: as many sets as possible")
  return notes
}

/**
 * The whole prescription as one line for `viewer` (see loadText; absent, the weight reads in
 * the unit it was written in); "" when the coach prescribed nothing.
 */
export const prescriptionText = (set: Prescribed, viewer?: Unit): string =>
  [loadText(set, viewer), ...prescriptionNotes(set)].filter(Boolean).join(" · ")

export interface PrefilledSet {
  readonly weight: Weight | null
  readonly reps: PerformedReps | null
  readonly rir: Rir | null
}

/** What the lifter's fields start with: the prescription, so a set done as written is one tap. AMRAP has no count to prefill. */
export const prefilledSet = (set: Prescribed): PrefilledSet => ({
  weight: set.weight,
  reps: set.reps === null || set.reps === AMRAP ? null : set.reps,
  rir: prescribedRir(set)
})
