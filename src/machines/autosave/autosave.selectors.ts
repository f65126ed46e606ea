import type { ActorRefFrom, SnapshotFrom } from "xstate"
import type { SetId } from "#domain/ids.ts"
import type { AutosaveMachine } from "./autosave.machine.ts"
import type { LoggedValues } from "./autosave.types.ts"

export type AutosaveSnapshot = SnapshotFrom<AutosaveMachine>
export type AutosaveActorRef = ActorRefFrom<AutosaveMachine>

export type SetSaveStatus = "saved" | "saving" | "waiting" | "rejected" | "untouched"

export const SAVE_STATUS_TEXT: Readonly<Record<SetSaveStatus, string>> = {
  saved: "Saved",
  saving: "Saving…",
  waiting: "Waiting to sync",
  rejected: "Not saved",
  untouched: ""
}

const hasAnyValue = (values: LoggedValues | undefined): boolean =>
  values !== undefined && Object.values(values).some((v) => v !== null && v !== undefined)

export const selectSetStatus = (snapshot: AutosaveSnapshot, setId: SetId): SetSaveStatus => {
  const { pending, rejected, values } = snapshot.context
  if (rejected.includes(setId)) return "rejected"
  if (pending[setId] !== undefined) {
    return snapshot.matches("waitingToRetry") || snapshot.matches("restoring") ? "waiting" : "saving"
  }
  return hasAnyValue(values[setId]) ? "saved" : "untouched"
}

export interface SetInputView {
  readonly status: SetSaveStatus
  readonly statusText: string
  /** Text to start each input with. */
  readonly weight: string
  readonly reps: string
  readonly rpe: string
}

const text = (value: number | null | undefined): string => (value === null || value === undefined ? "" : String(value))

export const selectSetInput = (snapshot: AutosaveSnapshot, setId: SetId): SetInputView => {
  const values = snapshot.context.values[setId]
  const status = selectSetStatus(snapshot, setId)
  return {
    status,
    statusText: SAVE_STATUS_TEXT[status],
    weight: text(values?.weight),
    reps: text(values?.reps),
    rpe: text(values?.rpe)
  }
}

export interface SyncView {
  /** The restore is under way: inputs wait so they start from the right values. */
  readonly restoring: boolean
  readonly waitingCount: number
  /** A send failed and waits to retry. Not while the server only asked us to slow down (429). */
  readonly offline: boolean
}

export const selectSyncView = (snapshot: AutosaveSnapshot): SyncView => ({
  restoring: snapshot.matches("restoring"),
  waitingCount: Object.keys(snapshot.context.pending).length,
  offline: snapshot.matches("waitingToRetry") && !snapshot.context.rateLimited
})
