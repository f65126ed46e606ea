import type { ActorRefFrom, SnapshotFrom } from "xstate"
import type { SetId } from "#domain/ids.ts"
import { setLoadText, type SetLoadText } from "#domain/set-loads.ts"
import type { LoadReferencesMachine } from "./load-references.machine.ts"

export type LoadReferencesSnapshot = SnapshotFrom<LoadReferencesMachine>
export type LoadReferencesActorRef = ActorRefFrom<LoadReferencesMachine>

export type ReferencesStatus = "loading" | "ready" | "partial" | "failed"

/** Said once, beside the loads it leaves unknown. */
export const REFERENCES_NOT_LOADED = "Some loads couldn't be worked out."

export interface SetLoadView {
  readonly status: ReferencesStatus
  readonly load: SetLoadText
  /** A read failed and `references.retry` would read it again. */
  readonly canRetry: boolean
}

export const selectReferencesStatus = (snapshot: LoadReferencesSnapshot): ReferencesStatus =>
  snapshot.matches("ready")
    ? "ready"
    : snapshot.matches("partial")
      ? "partial"
      : snapshot.matches("failed")
        ? "failed"
        : "loading"

/** The set's worked-out load as the screens word it: "235 lbs" from "75% of max", or "75% of max" and why no number. */
export const selectSetLoad = (snapshot: LoadReferencesSnapshot, setId: SetId): SetLoadView => ({
  status: selectReferencesStatus(snapshot),
  load: setLoadText(snapshot.context.answers[setId]),
  canRetry: snapshot.can({ type: "references.retry" })
})

const sameText = (a: SetLoadText, b: SetLoadText): boolean => {
  if (a.kind === "load" && b.kind === "load")
    return a.load === b.load && a.source === b.source && a.plates === b.plates && a.belowBar === b.belowBar
  if (a.kind === "percent-only" && b.kind === "percent-only") return a.percent === b.percent && a.reason === b.reason
  return a.kind === b.kind
}

/** Equality for `useSelector`: a set's load re-renders only when what it says changed. */
export const sameSetLoad = (a: SetLoadView, b: SetLoadView): boolean =>
  a.status === b.status && a.canRetry === b.canRetry && sameText(a.load, b.load)
