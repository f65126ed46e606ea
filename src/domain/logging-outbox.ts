import { formatLongUsDate } from "#domain/calendar.ts"
import type { WorkoutCompletion } from "#domain/completion.ts"
import type { LostEdit, OutboxEntry } from "./autosave.types.ts"

/*
 * What a lifter is told when the server no longer has what they logged into: the coach
 * removed the set, or the whole workout, while the edit waited on the device. The text
 * carries the values, so nothing typed is lost silently (docs/decisions/028).
 */

const loggedText = ({ update }: OutboxEntry): string | null => {
  const unit = update.weight_unit ?? "lb"
  const weight = update.weight == null ? null : `${update.weight} ${unit}`
  const reps = update.reps == null ? null : String(update.reps)
  const load =
    weight !== null && reps !== null ? `${reps} × ${weight}` : (weight ?? (reps === null ? null : `${reps} reps`))
  const rir = update.rir == null ? null : `${update.rir} RIR`
  const parts = [load, rir].filter((part): part is string => part !== null)
  return parts.length === 0 ? null : parts.join(", ")
}

/** "Your coach removed Back Squat set 2; what you logged there (5 × 100 lb) was not saved." */
export const lostSet = (entry: OutboxEntry): LostEdit => {
  const where = entry.place ?? "a set you logged"
  const logged = loggedText(entry)
  const text =
    logged === null
      ? `Your coach removed ${where}; what you marked there was not saved.`
      : `Your coach removed ${where}; what you logged there (${logged}) was not saved.`
  return { key: `set:${entry.setId}`, text }
}

/** The workout was removed before its completion arrived. */
export const lostCompletion = (completion: WorkoutCompletion): LostEdit => ({
  key: `completion:${completion.date}:${completion.workout_order}`,
  text: `Your coach removed your workout of ${formatLongUsDate(completion.date)}; marking it complete was not saved.`
})
