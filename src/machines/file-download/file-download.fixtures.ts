import type { UserId } from "#domain/ids.ts"
import { unansweredCalls } from "#gateway/lazy-calls.ts"
import type { FileDownloadPorts } from "./file-download.actors.ts"
import type { DownloadRequest, FileDownloadContext } from "./file-download.types.ts"

export const historyCsv: DownloadRequest = { kind: "history", clientId: 12 as UserId, format: "csv" }

export const downloadContext = (overrides: Partial<FileDownloadContext> = {}): FileDownloadContext => ({
  request: null,
  saved: null,
  error: null,
  ...overrides
})

/** Calls that never answer, so a story stays in the state it shows. */
export const storyFileDownloadPorts: FileDownloadPorts = { gateway: unansweredCalls(), saveFile: () => undefined }
