import type { ActorRefFrom, SnapshotFrom } from "xstate"
import type { ImportSource } from "#domain/history-import.ts"
import type { LeftRow } from "#domain/import-formats/logbook.ts"
import { type ExerciseTarget, type LogbookSummary, sourceExercises, summarize } from "#domain/import-plan.ts"
import type { Unit } from "#domain/units.ts"
import type { HistoryImportMachine } from "./history-import.machine.ts"
import type { StoredCounts } from "./history-import.types.ts"

export type HistoryImportSnapshot = SnapshotFrom<HistoryImportMachine>
export type HistoryImportActorRef = ActorRefFrom<HistoryImportMachine>

export const SOURCE_NAMES: Readonly<Record<ImportSource, string>> = {
  strong: "Strong",
  hevy: "Hevy",
  fitnotes: "FitNotes",
  liftosaur: "Liftosaur",
  ours: "this app"
}

/** How many unread rows the preview lists; the rest are counted. */
export const LEFT_ROWS_SHOWN = 50

export interface MappedExercise {
  readonly source: string
  readonly sets: number
  readonly target: ExerciseTarget
}

export type HistoryImportView =
  | { readonly status: "idle" }
  | { readonly status: "reading"; readonly fileName: string; readonly percent: number }
  | { readonly status: "unreadable"; readonly fileName: string; readonly message: string }
  | {
      readonly status: "previewing"
      readonly fileName: string
      readonly sourceName: string
      readonly summary: LogbookSummary
      readonly exercises: ReadonlyArray<MappedExercise>
      readonly unit: Unit | null
      readonly leftRows: ReadonlyArray<LeftRow>
      readonly error: string | null
    }
  | {
      readonly status: "storing" | "storeFailed"
      readonly fileName: string
      readonly percent: number
      readonly stored: StoredCounts
      readonly error: string | null
    }
  | { readonly status: "stored"; readonly fileName: string; readonly stored: StoredCounts }

export const selectHistoryImport = (snapshot: HistoryImportSnapshot): HistoryImportView => {
  const { file, logbook, mapping, unit, chunks, sent, stored, error, readFraction } = snapshot.context
  const fileName = file?.name ?? ""
  if (snapshot.matches("reading")) return { status: "reading", fileName, percent: Math.round(readFraction * 100) }
  if (snapshot.matches("unreadable")) return { status: "unreadable", fileName, message: error ?? "" }
  if (snapshot.matches("previewing") && logbook !== null)
    return {
      status: "previewing",
      fileName,
      sourceName: SOURCE_NAMES[logbook.source],
      summary: summarize(logbook),
      exercises: sourceExercises(logbook).map(({ name, sets }) => ({
        source: name,
        sets,
        target: mapping[name] ?? { kind: "new", name }
      })),
      unit,
      leftRows: logbook.left.slice(0, LEFT_ROWS_SHOWN),
      error
    }
  if (snapshot.matches("storing") || snapshot.matches("storeFailed"))
    return {
      status: snapshot.matches("storing") ? "storing" : "storeFailed",
      fileName,
      percent: chunks.length === 0 ? 0 : Math.round((sent / chunks.length) * 100),
      stored,
      error
    }
  if (snapshot.matches("stored")) return { status: "stored", fileName, stored }
  return { status: "idle" }
}
