import { fromPromise } from "xstate"
import type { ImportId, ImportRecord, ImportRecords } from "#domain/history-import.ts"
import type { DataGateway } from "#gateway/data-gateway.ts"

/** What the imports list needs from outside: its calls. */
export interface YourDataPorts {
  readonly gateway: Pick<DataGateway, "imports" | "undoImport">
}

export function yourDataImplementations(ports: YourDataPorts) {
  return {
    actors: {
      loadImports: fromPromise<ImportRecords>(() => ports.gateway.imports()),
      undoImport: fromPromise<ImportRecord, ImportId>(({ input }) => ports.gateway.undoImport(input))
    }
  }
}
