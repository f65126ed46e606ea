import type { WorkoutCompletion } from "#domain/completion.ts"
import { hasTag } from "#domain/declared-errors.ts"
import type { Gateway } from "#gateway/gateway.ts"
import { isFinalRefusal, sendOutbox } from "../autosave/autosave.actors.ts"
import { lostCompletion, lostSet } from "#domain/logging-outbox.ts"
import type { LostEdit, Outbox, WorkoutOutbox } from "#domain/logging-outbox.ts"

export type DrainGateway = Pick<Gateway, "updateWorkoutResult" | "completeWorkout">

/** What one pass over the outbox did and left. */
export interface DrainReport {
  /** Completions the server now holds. */
  readonly sent: ReadonlyArray<WorkoutCompletion>
  /** Completions the server refused for good, with why (a 404 is also kept as a notice). */
  readonly refused: ReadonlyArray<{ readonly completion: WorkoutCompletion; readonly error: unknown }>
  /** Finished workouts still waiting to be sent. */
  readonly waiting: ReadonlyArray<WorkoutCompletion>
  /** A send worth retrying failed (offline, a 5xx, a 429): try again later. */
  readonly failed: boolean
  /** What the server never took, until the lifter dismisses it. */
  readonly lost: ReadonlyArray<LostEdit>
}

const sameWorkout = (a: WorkoutCompletion, b: WorkoutCompletion) =>
  a.date === b.date && a.workout_order === b.workout_order

export const isSent = (report: DrainReport, completion: WorkoutCompletion): boolean =>
  report.sent.some((sent) => sameWorkout(sent, completion))

export const refusalOf = (report: DrainReport, completion: WorkoutCompletion): unknown =>
  report.refused.find((refused) => sameWorkout(refused.completion, completion))?.error

/**
 * Sends everything the outbox holds, in order: every set edit first (the latest version
 * of each set: the last edit wins), then each finished workout in the order it was
 * submitted, only once no set edit waits, so the coach never sees a workout complete
 * whose sets are still on the way. A completion sent twice is harmless (the server keeps
 * the first record). Run it exclusively (`sendingExclusively`).
 */
export async function drainOutbox(outbox: Outbox, records: WorkoutOutbox, gateway: DrainGateway): Promise<DrainReport> {
  const results = await sendOutbox(await outbox.readAll(), outbox, gateway, (entry) => records.keepLost(lostSet(entry)))
  let failed = results.some((result) => result.outcome === "retry")
  const sent: Array<WorkoutCompletion> = []
  const refused: Array<{ completion: WorkoutCompletion; error: unknown }> = []
  if (!failed) {
    for (const { completion } of await records.readCompletions()) {
      try {
        sent.push(await gateway.completeWorkout(completion))
      } catch (error) {
        if (!isFinalRefusal(error)) {
          failed = true
          break
        }
        refused.push({ completion, error })
        if (hasTag(error, "WorkoutNotFound")) await records.keepLost(lostCompletion(completion))
        else console.error("A workout's completion was refused by the server", error)
      }
      await records.removeCompletion(completion)
    }
  }
  const [waiting, lost] = await Promise.all([records.readCompletions(), records.readLost()])
  return { sent, refused, waiting: waiting.map((queued) => queued.completion), failed, lost }
}

/**
 * Submit through the outbox: the completion on disk first, then a pass (exclusively).
 * True once the server holds it, false while it waits on the device; throws the server's
 * refusal when it refused it for good.
 */
export async function submitThroughOutbox(
  completion: WorkoutCompletion,
  {
    outbox,
    records,
    gateway,
    exclusively
  }: {
    readonly outbox: Outbox
    readonly records: WorkoutOutbox
    readonly gateway: DrainGateway
    readonly exclusively: <A>(work: () => Promise<A>) => Promise<A>
  }
): Promise<boolean> {
  await records.putCompletion({ completion, queuedAt: Date.now() })
  const report = await exclusively(() => drainOutbox(outbox, records, gateway))
  const refusal = refusalOf(report, completion)
  if (refusal !== undefined) throw refusal instanceof Error ? refusal : new Error("The server refused the workout")
  // Sent by this pass, or by another sender that ran first (the app-wide drain is told of
  // every queued completion): either way it no longer waits.
  return isSent(report, completion) || !report.waiting.some((waiting) => sameWorkout(waiting, completion))
}
