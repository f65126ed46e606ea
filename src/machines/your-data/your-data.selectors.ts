import type { ActorRefFrom, SnapshotFrom } from "xstate"
import type { ImportRecord } from "#domain/history-import.ts"
import type { YourDataMachine } from "./your-data.machine.ts"

export type YourDataSnapshot = SnapshotFrom<YourDataMachine>
export type YourDataActorRef = ActorRefFrom<YourDataMachine>

export type YourDataStatus = "loading" | "loadFailed" | "listed" | "confirmingUndo" | "undoing" | "undoFailed"

export interface YourDataView {
  readonly status: YourDataStatus
  /** Imports not undone, newest first; undone ones are gone from the history and from here. */
  readonly imports: ReadonlyArray<ImportRecord>
  /** The import asked about or being undone. */
  readonly undoing: ImportRecord | undefined
  readonly notice: string | null
  readonly error: string | null
  /** Buttons wait while a call is out. */
  readonly busy: boolean
}

const STATUSES: ReadonlyArray<YourDataStatus> = [
  "loading",
  "loadFailed",
  "listed",
  "confirmingUndo",
  "undoing",
  "undoFailed"
]

export const selectYourData = (snapshot: YourDataSnapshot): YourDataView => {
  const status = STATUSES.find((state) => snapshot.matches(state)) ?? "loading"
  const { imports, undoId, notice, error } = snapshot.context
  const kept = (imports ?? []).filter((record) => !record.undone)
  return {
    status,
    imports: kept,
    undoing: imports?.find((record) => record.id === undoId),
    notice,
    error,
    busy: status === "loading" || status === "undoing"
  }
}
