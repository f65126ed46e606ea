import { fromCallback, fromPromise } from "xstate"
import type { DataGateway } from "#gateway/data-gateway.ts"
import type {
  ChosenFile,
  HistoryImportEvent,
  LogbookReading,
  ReadLogbookInput,
  StoreChunkInput,
  StoreChunkOutput
} from "./history-import.types.ts"

/** A reading under way: stopping it ends the work (the worker) it runs on. */
export interface LogbookRead {
  readonly done: Promise<LogbookReading>
  readonly stop: () => void
}

/** What the import needs from outside: the device's reader, the call, and "Your data" told of a new import. */
export interface HistoryImportPorts {
  readonly readLogbook: (file: ChosenFile, onProgress: (fraction: number) => void) => LogbookRead
  readonly gateway: Pick<DataGateway, "importChunk">
  readonly imported: () => void
}

export function historyImportImplementations(ports: HistoryImportPorts) {
  return {
    actors: {
      readLogbook: fromCallback<HistoryImportEvent, ReadLogbookInput>(({ sendBack, input }) => {
        const read = ports.readLogbook(input.file, (fraction) => sendBack({ type: "read.progress", fraction }))
        read.done.then(
          (reading) => sendBack({ type: "read.done", reading }),
          (error: unknown) => sendBack({ type: "read.failed", error })
        )
        return () => read.stop()
      }),
      storeChunk: fromPromise<StoreChunkOutput, StoreChunkInput>(({ input }) =>
        ports.gateway.importChunk({
          import_key: input.importKey,
          source: input.source,
          file_name: input.fileName,
          sessions: input.sessions
        })
      )
    },
    actions: { reportStored: () => ports.imported() }
  }
}
