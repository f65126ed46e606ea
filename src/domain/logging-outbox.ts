import { formatLongUsDate } from "#domain/calendar.ts"
import type { WorkoutCompletion } from "#domain/completion.ts"
import type { SetId } from "#domain/ids.ts"
import type { Unit } from "#domain/units.ts"
import type { SetResultUpdate } from "#domain/workout.ts"

/*
 * The logging outbox's records (docs/decisions/028): what the device keeps of a lifter's
 * sets until the server holds them, and the stores that keep them. The device layer
 * (src/device/autosave.*.ts) keeps them in IndexedDB; the autosave and outbox-drain
 * machines read and write them through these interfaces.
 */

/** The fields a lifter logs (autosave's LOGGED_FIELDS lists them in the order shown). */
export type LoggedField = "weight" | "reps" | "rir"

/**
 * One set's edits not yet confirmed by the server, as stored in the outbox. `version`
 * grows with every edit (across reloads too), so confirming an old send never drops a
 * newer edit.
 */
export interface OutboxEntry {
  readonly setId: SetId
  readonly update: SetResultUpdate
  readonly version: number
  /** The set as a lifter names it ("Back Squat set 2"), when the page knew it. */
  readonly place?: string | undefined
}

/**
 * What the server never took because the set (or the workout) was gone when it arrived:
 * kept on the device until the lifter has read it (docs/decisions/028).
 */
export interface LostEdit {
  /** The set's id, or the completion's key for a workout that was gone. */
  readonly key: string
  /** What the lifter is told, whole ("Your coach removed Back Squat set 2; …"). */
  readonly text: string
}

/** The durable local outbox (IndexedDB in the browser). Operations run in call order. */
export interface Outbox {
  readonly readAll: () => Promise<ReadonlyArray<OutboxEntry>>
  readonly put: (entry: OutboxEntry) => Promise<void>
  /** Deletes the set's entry only while it still holds this version. */
  readonly remove: (setId: SetId, version: number) => Promise<void>
  /** Deletes the set's entry whatever it holds (the lifter removed the set). */
  readonly forget: (setId: SetId) => Promise<void>
  /** Resolves once every operation asked for so far is on disk. */
  readonly drain: () => Promise<void>
}

/**
 * What the lifter typed into a set and has not logged (tapped Done on) yet: kept on the
 * device only, never sent (docs/decisions/039-done-means-done.md).
 */
export interface Draft {
  readonly setId: SetId
  /** Each typed field's text, valid or not. */
  readonly typed: Readonly<Partial<Record<LoggedField, string>>>
  /** The unit its weight was typed in, when it was known then. */
  readonly unit?: Unit | undefined
}

/** The drafts on the device (IndexedDB beside the outbox in the browser). */
export interface DraftStore {
  readonly readDrafts: () => Promise<ReadonlyArray<Draft>>
  readonly putDraft: (draft: Draft) => Promise<void>
  readonly forgetDraft: (setId: SetId) => Promise<void>
}

/** A finished workout waiting to be sent: sent once no set edit waits (docs/decisions/028). */
export interface QueuedCompletion {
  readonly completion: WorkoutCompletion
  /** When the lifter submitted: completions are sent in this order. */
  readonly queuedAt: number
}

/** The outbox's other records: finished workouts waiting to be sent, and what the server never took. */
export interface WorkoutOutbox {
  readonly readCompletions: () => Promise<ReadonlyArray<QueuedCompletion>>
  /** One record per workout (date and order): submitting again replaces it. */
  readonly putCompletion: (queued: QueuedCompletion) => Promise<void>
  readonly removeCompletion: (completion: WorkoutCompletion) => Promise<void>
  readonly readLost: () => Promise<ReadonlyArray<LostEdit>>
  readonly keepLost: (lost: LostEdit) => Promise<void>
  /** The lifter has read it: only now does it leave the device. */
  readonly dismissLost: (key: string) => Promise<void>
}

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
