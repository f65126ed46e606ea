import type { IsoDate } from "#domain/calendar.ts"
import type { WorkoutCompletion } from "#domain/completion.ts"
import type { ExerciseHistory } from "#domain/history.ts"
import type { SetId } from "#domain/ids.ts"
import type { GroupedWorkout, IdempotencyKey, WorkoutRow } from "#domain/workout.ts"
import type { AnyActorLogic } from "xstate"
import type { TimerClock } from "#domain/timer-clock.ts"

export interface LoggingInput {
  readonly date: IsoDate
  /** The day's workout (the workout-day machine found it: carried or fetched). */
  readonly workout: GroupedWorkout
  /** The screen from the route: 0..n-1 exercises, n the summary. */
  readonly screen: number
  /** The timer's clock from before a reload, if any. */
  readonly clock: TimerClock | null
  readonly now: number
}

/** A set added or removed while logging: the one under way, or the one that failed (a retry sends it again). */
export type SetChange =
  | { readonly kind: "add"; readonly afterSetId: SetId; readonly idempotencyKey: IdempotencyKey }
  | { readonly kind: "remove"; readonly setId: SetId }

export interface LoggingContext extends LoggingInput {
  /** The lifter's earlier results per exercise, by its name in the workout (#domain/history.ts historiesFor), once loaded. */
  readonly histories: ReadonlyMap<string, ExerciseHistory> | null
  readonly setChange: SetChange | null
  /** Why the last add or remove failed. */
  readonly setChangeFailure: string | null
  /** How many sets were not logged when the lifter asked to submit (the confirmation names it). */
  readonly unlogged: number
  /** What Submit records, fixed when the lifter submitted, so a retry sends the same. */
  readonly completion: WorkoutCompletion | null
  /** Why the last submit failed. */
  readonly submitFailure: string | null
}

/** What the invoked actors take and answer. */
export interface LoadHistoryInput {
  readonly date: IsoDate
  /** The workout's exercise names, the keys of the answer. */
  readonly names: ReadonlyArray<string>
}
export type LoadHistoryOutput = ReadonlyMap<string, ExerciseHistory>

/** The worked-out loads, fetched after the page paints: the machine to run beside the pager, and its input. */
export interface LoadsLayer {
  readonly logic: AnyActorLogic
  readonly input: unknown
}
/** What Submit came to: `held` once the server answered; otherwise it waits in the outbox. */
export interface CompletionOutcome {
  readonly held: boolean
}

export type ChangeSetOutput =
  { readonly kind: "add"; readonly row: WorkoutRow } | { readonly kind: "remove"; readonly setId: SetId }

export type LoggingEvent =
  | { readonly type: "page.next" }
  | { readonly type: "page.previous" }
  /** Horizontal finger travel in px: negative is a swipe left (towards the next exercise). */
  | { readonly type: "page.swipe"; readonly dx: number }
  | { readonly type: "workout.end"; readonly at: number }
  | { readonly type: "workout.resume"; readonly at: number }
  /** `unlogged`: sets neither logged nor skipped (autosave knows); any asks the lifter first. */
  | { readonly type: "workout.submit"; readonly at: number; readonly unlogged: number }
  /** 'Submit anyway' with sets not logged. */
  | { readonly type: "submit.confirm"; readonly at: number }
  /** Sends the completion that failed again. */
  | { readonly type: "submit.retry" }
  /** The connection is back: a completion waiting on the device is sent now. */
  | { readonly type: "network.online" }
  /** Back to the dashboard while the completion waits on the device. */
  | { readonly type: "workout.leave" }
  /** A set after the exercise's last one; the key names this one addition (a UUID), so a retry adds it once. */
  | { readonly type: "set.add"; readonly afterSetId: SetId; readonly idempotencyKey: IdempotencyKey }
  /** Only a set the lifter added can be removed. */
  | { readonly type: "set.remove"; readonly setId: SetId }
  | { readonly type: "setChange.retry" }
  | { readonly type: "setChange.dismiss" }
