import type { ActorRefFrom, SnapshotFrom } from "xstate"
import type { WorkoutOrder } from "#domain/workout-edits.ts"
import type { WorkoutRemovalMachine } from "./workout-removal.machine.ts"

export type WorkoutRemovalSnapshot = SnapshotFrom<WorkoutRemovalMachine>
export type WorkoutRemovalActorRef = ActorRefFrom<WorkoutRemovalMachine>

export const REMOVE_QUESTION = "Delete this workout? The client's logged results go with it."
export const REMOVING = "Deleting workout…"
export const NOT_REMOVED = "The workout was not deleted."
export const REMOVED = "Workout deleted."
export const RESTORING = "Putting the workout back…"
export const RESTORED = "Workout restored."
export const NOT_RESTORED = "The workout was not restored; it is still deleted."

/** What the card of the workout being removed shows in place of its actions. */
export type RemovalCardView =
  | { readonly kind: "confirming"; readonly question: string; readonly logged: string | null }
  | { readonly kind: "removing"; readonly message: string }
  | { readonly kind: "failed"; readonly message: string; readonly reason: string }

/** The bar under the day once the server has removed the workout: Undo, and what became of it. */
export type RemovalBarView =
  | { readonly kind: "removed"; readonly message: string }
  | { readonly kind: "restoring"; readonly message: string }
  | { readonly kind: "restored"; readonly message: string }
  | { readonly kind: "failed"; readonly message: string; readonly reason: string }

export interface RemovalView {
  /** The workout the card view is about; null when no card shows anything of removal. */
  readonly workoutOrder: WorkoutOrder | null
  readonly card: RemovalCardView | null
  readonly bar: RemovalBarView | null
  /** Whether a card's Delete is on: not while a removal or restore is on its way. */
  readonly canRequest: boolean
}

/** "3 sets have logged results." or null when the client logged nothing of it. */
export const loggedSetsText = (count: number): string | null =>
  count === 0 ? null : count === 1 ? "1 set has logged results." : `${count} sets have logged results.`

const cardOf = (snapshot: WorkoutRemovalSnapshot): RemovalCardView | null => {
  const { target, error } = snapshot.context
  if (snapshot.matches("confirming"))
    return { kind: "confirming", question: REMOVE_QUESTION, logged: loggedSetsText(target?.loggedSets ?? 0) }
  if (snapshot.matches("removing")) return { kind: "removing", message: REMOVING }
  if (snapshot.matches("removeFailed")) return { kind: "failed", message: NOT_REMOVED, reason: error ?? "" }
  return null
}

const barOf = (snapshot: WorkoutRemovalSnapshot): RemovalBarView | null => {
  if (snapshot.matches("removed")) return { kind: "removed", message: REMOVED }
  if (snapshot.matches("restoring")) return { kind: "restoring", message: RESTORING }
  if (snapshot.matches("restored")) return { kind: "restored", message: RESTORED }
  if (snapshot.matches("restoreFailed"))
    return { kind: "failed", message: NOT_RESTORED, reason: snapshot.context.error ?? "" }
  return null
}

const probe = { type: "removal.request", workoutOrder: 0, loggedSets: 0 } as const

export const selectRemoval = (snapshot: WorkoutRemovalSnapshot): RemovalView => {
  const card = cardOf(snapshot)
  return {
    workoutOrder: card === null ? null : (snapshot.context.target?.workoutOrder ?? null),
    card,
    bar: barOf(snapshot),
    canRequest: snapshot.can(probe)
  }
}

/** Views are rebuilt on every snapshot; equal ones need no render. */
export const sameRemoval = (a: RemovalView, b: RemovalView): boolean => JSON.stringify(a) === JSON.stringify(b)
