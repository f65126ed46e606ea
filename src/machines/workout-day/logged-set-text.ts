import { rirFromRpe } from "#domain/set-fields.ts"
import type { LoggedRow } from "#domain/workout.ts"

/*
 * What the lifter logged for one set, read the way the prescription reads (one scale,
 * RIR; docs/decisions/016): "275 lbs × 5 at 2 RIR", "Skipped", "Not logged".
 */

export const NOT_LOGGED = "Not logged"
export const SKIPPED = "Skipped"

const repsText = (reps: number): string => `${reps} ${reps === 1 ? "rep" : "reps"}`

export const loggedSetText = (row: LoggedRow | undefined): string => {
  if (row === undefined) return NOT_LOGGED
  if (row.skipped) return SKIPPED
  const load =
    row.weight !== null && row.reps !== null
      ? `${row.weight} lbs × ${row.reps}`
      : row.weight !== null
        ? `${row.weight} lbs`
        : row.reps !== null
          ? repsText(row.reps)
          : null
  // Sets logged before RIR was the scale carry RPE; read them as RIR too.
  const rir = row.rir ?? (row.rpe === null ? null : rirFromRpe(row.rpe))
  if (load === null && rir === null) return NOT_LOGGED
  if (rir === null) return load ?? NOT_LOGGED
  return load === null ? `${rir} RIR` : `${load} at ${rir} RIR`
}
