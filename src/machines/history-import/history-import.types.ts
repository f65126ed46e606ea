import type { ImportChunkReport, ImportedSession, ImportSource } from "#domain/history-import.ts"
import type { ExerciseTarget } from "#domain/import-plan.ts"
import type { Logbook } from "#domain/import-formats/logbook.ts"
import type { Unit } from "#domain/units.ts"

/** The file the lifter picked, as the machine sees it: the browser's File is one. */
export interface ChosenFile {
  readonly name: string
  readonly size: number
}

/** What reading a file found: a logbook, or a file that is no export we read. */
export type LogbookReading = { readonly kind: "read"; readonly logbook: Logbook } | { readonly kind: "unrecognised" }

/** The counts of what the server stored, summed over the chunks sent so far. */
export interface StoredCounts {
  readonly sessionsAdded: number
  readonly setsAdded: number
  readonly sessionsSkipped: number
}

/** A lifter's import of another app's logbook (docs/decisions/049-import-and-export.md). */
export interface HistoryImportContext {
  readonly file: ChosenFile | null
  /** How far the file has been read, 0..1. */
  readonly readFraction: number
  readonly logbook: Logbook | null
  /** Source exercise name -> what it becomes; the lifter may change each. */
  readonly mapping: Readonly<Record<string, ExerciseTarget>>
  /** The unit of weights the file does not give one for; null until the lifter says. */
  readonly unit: Unit | null
  /** Names this import on every chunk, so a resent chunk is the same import. */
  readonly importKey: string | null
  readonly chunks: ReadonlyArray<ReadonlyArray<ImportedSession>>
  /** Chunks the server has stored. */
  readonly sent: number
  readonly stored: StoredCounts
  readonly error: string | null
}

export type HistoryImportEvent =
  /** `importKey` names this import of the file on every chunk (16-64 letters, digits, - or _). */
  | { readonly type: "file.choose"; readonly file: ChosenFile; readonly importKey: string }
  | { readonly type: "read.progress"; readonly fraction: number }
  | { readonly type: "read.done"; readonly reading: LogbookReading }
  | { readonly type: "read.failed"; readonly error: unknown }
  | { readonly type: "mapping.change"; readonly source: string; readonly target: ExerciseTarget }
  | { readonly type: "unit.choose"; readonly unit: Unit }
  | { readonly type: "import.confirm" }
  | { readonly type: "import.retry" }
  | { readonly type: "import.reset" }

export interface ReadLogbookInput {
  readonly file: ChosenFile
}

export interface StoreChunkInput {
  readonly importKey: string
  readonly source: ImportSource
  readonly fileName: string
  readonly sessions: ReadonlyArray<ImportedSession>
}

export type StoreChunkOutput = ImportChunkReport
