import { rirFromRpe } from "#domain/set-fields.ts"
import { formatWeight, type Unit } from "#domain/units.ts"
import type { LoggedRow } from "#domain/workout.ts"

/*
 * What the lifter logged for one set, read the way the prescription reads (one scale,
 * RIR; docs/decisions/016): "275 lbs × 5 at 2 RIR", "Skipped", "Not logged". Its weight is
 * shown as every weight is (formatWeight, docs/decisions/038-one-way-to-show-a-weight.md).
 */

export const NOT_LOGGED = "Not logged"
export const SKIPPED = "Skipped"

const repsText = (reps: number): string => `${reps} ${reps === 1 ? "rep" : "reps"}`

/** The row's result for `viewer`, the lifter's unit (undefined while unknown: the unit it was logged in). */
export const loggedSetText = (row: LoggedRow | undefined, viewer: Unit | undefined): string => {
  if (row === undefined) return NOT_LOGGED
  if (row.skipped) return SKIPPED
  const weight =
    row.weight === null ? null : formatWeight({ value: row.weight, unit: row.weight_unit }, viewer ?? row.weight_unit)
  const load =
    weight !== null && row.reps !== null
      ? `${weight} × ${row.reps}`
      : weight !== null
        ? weight
        : row.reps !== null
          ? repsText(row.reps)
          : null
  // Sets logged before RIR was the scale carry RPE; read them as RIR too.
  const rir = row.rir ?? (row.rpe === null ? null : rirFromRpe(row.rpe))
  if (load === null && rir === null) return NOT_LOGGED
  if (rir === null) return load ?? NOT_LOGGED
  return load === null ? `${rir} RIR` : `${load} at ${rir} RIR`
}
