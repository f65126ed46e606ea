import { fromPromise } from "xstate"
import type { DataGateway } from "#gateway/data-gateway.ts"
import type { ExportedFile } from "#gateway/export-file.ts"
import type { DownloadOutput, DownloadRequest } from "./file-download.types.ts"

/** What a download needs from outside: the exports, and the browser saving a file. */
export interface FileDownloadPorts {
  readonly gateway: Pick<DataGateway, "exportHistory" | "exportAccount">
  readonly saveFile: (file: ExportedFile) => void
}

export function fileDownloadImplementations(ports: FileDownloadPorts) {
  return {
    actors: {
      download: fromPromise<DownloadOutput, DownloadRequest>(async ({ input }) => {
        const file =
          input.kind === "account"
            ? await ports.gateway.exportAccount()
            : await ports.gateway.exportHistory(input.clientId, input.format)
        ports.saveFile(file)
        return { fileName: file.fileName }
      })
    }
  }
}
