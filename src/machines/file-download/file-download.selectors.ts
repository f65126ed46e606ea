import type { ActorRefFrom, SnapshotFrom } from "xstate"
import type { FileDownloadMachine } from "./file-download.machine.ts"
import type { DownloadRequest } from "./file-download.types.ts"

export type FileDownloadSnapshot = SnapshotFrom<FileDownloadMachine>
export type FileDownloadActorRef = ActorRefFrom<FileDownloadMachine>

export interface FileDownloadView {
  readonly status: "idle" | "downloading" | "failed"
  /** The download asked for, while it runs or after it failed. */
  readonly request: DownloadRequest | null
  /** "Downloaded history-2026-12-07.csv.", once the whole file was saved. */
  readonly notice: string | null
  readonly error: string | null
}

export const selectFileDownload = (snapshot: FileDownloadSnapshot): FileDownloadView => {
  const { request, saved, error } = snapshot.context
  const status = snapshot.matches("downloading") ? "downloading" : snapshot.matches("failed") ? "failed" : "idle"
  return { status, request, notice: saved === null ? null : `Downloaded ${saved}.`, error }
}
