import type { Logbook } from "#domain/import-formats/logbook.ts"

/** What the page asks the logbook worker (./logbook.worker.ts): read this file. */
export interface LogbookWorkerRequest {
  readonly file: File
}

/** What the worker answers: how far it has read, then what it found. */
export type LogbookWorkerReply =
  | { readonly kind: "progress"; readonly fraction: number }
  | { readonly kind: "read"; readonly logbook: Logbook }
  | { readonly kind: "unrecognised" }
  | { readonly kind: "failed"; readonly message: string }
