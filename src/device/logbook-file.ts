import type { Logbook } from "#domain/import-formats/logbook.ts"
import type { LogbookWorkerReply, LogbookWorkerRequest } from "./logbook-messages.ts"

/** What reading found: the logbook, or a file that is no export we read. */
export type LogbookFileReading =
  { readonly kind: "read"; readonly logbook: Logbook } | { readonly kind: "unrecognised" }

/** The file could not be read at all; `error` is said to the lifter (describeFailure reads it). */
export class LogbookUnreadable extends Error {
  readonly _tag = "LogbookUnreadable" as const
  constructor(readonly error: string) {
    super(error)
  }
}

/**
 * Reads a picked file in a worker (./logbook.worker.ts), telling `onProgress` how far it has
 * got (0..1). `stop` ends the worker: a reading abandoned leaves nothing running.
 */
export function readLogbookFile(
  file: File,
  onProgress: (fraction: number) => void
): { readonly done: Promise<LogbookFileReading>; readonly stop: () => void } {
  const worker = new Worker(new URL("./logbook.worker.ts", import.meta.url), { type: "module", name: "logbook" })
  const done = new Promise<LogbookFileReading>((resolve, reject) => {
    worker.onmessage = (event: MessageEvent<LogbookWorkerReply>) => {
      const reply = event.data
      if (reply.kind === "progress") {
        onProgress(reply.fraction)
        return
      }
      worker.terminate()
      if (reply.kind === "failed") reject(new LogbookUnreadable(`The file could not be read: ${reply.message}`))
      else resolve(reply)
    }
    worker.onerror = (event) => {
      worker.terminate()
      reject(new LogbookUnreadable(`The file could not be read: ${event.message}`))
    }
  })
  const request: LogbookWorkerRequest = { file }
  worker.postMessage(request)
  return { done, stop: () => worker.terminate() }
}
