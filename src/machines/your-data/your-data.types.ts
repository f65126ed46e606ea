import type { ImportId, ImportRecord } from "#domain/history-import.ts"
import type { UserId } from "#domain/ids.ts"

/** A lifter's imports on their profile (docs/decisions/049-import-and-export.md), each undone whole within a day. */
export interface YourDataContext {
  readonly clientId: UserId
  /** The lifter's imports as the server listed them; null before the first answer. */
  readonly imports: ReadonlyArray<ImportRecord> | null
  /** The import asked about or being undone. */
  readonly undoId: ImportId | null
  /** What last happened, said once the server answered ("Import undone: 1,204 sets removed."). */
  readonly notice: string | null
  readonly error: string | null
}

export interface YourDataInput {
  readonly clientId: UserId
}

export type YourDataEvent =
  | { readonly type: "list.reload" }
  | { readonly type: "list.retry" }
  | { readonly type: "undo.ask"; readonly importId: ImportId }
  | { readonly type: "undo.confirm" }
  | { readonly type: "undo.cancel" }
  | { readonly type: "undo.retry" }
