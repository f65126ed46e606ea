import type { ExportFormat } from "#domain/history-import.ts"
import type { UserId } from "#domain/ids.ts"

/** What can be downloaded (docs/decisions/049-import-and-export.md). */
export type DownloadRequest =
  { readonly kind: "history"; readonly clientId: UserId; readonly format: ExportFormat } | { readonly kind: "account" }

/** A download: one at a time, said saved only once the whole file has arrived. */
export interface FileDownloadContext {
  readonly request: DownloadRequest | null
  /** The last file saved, to say so. */
  readonly saved: string | null
  readonly error: string | null
}

export type FileDownloadEvent =
  | { readonly type: "download.start"; readonly request: DownloadRequest }
  | { readonly type: "download.retry" }
  | { readonly type: "download.dismiss" }

/** What a download saved: the file's name. */
export interface DownloadOutput {
  readonly fileName: string
}
