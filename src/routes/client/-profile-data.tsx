import type { UserId } from "#domain/ids.ts"
import { readLogbookFile } from "#device/logbook-file.ts"
import { saveFile } from "#device/save-file.ts"
import { fileDownloadImplementations } from "#machines/file-download/file-download.actors.ts"
import { fileDownloadMachine } from "#machines/file-download/file-download.machine.ts"
import { historyImportImplementations } from "#machines/history-import/history-import.actors.ts"
import { historyImportMachine } from "#machines/history-import/history-import.machine.ts"
import { yourDataImplementations } from "#machines/your-data/your-data.actors.ts"
import { yourDataMachine } from "#machines/your-data/your-data.machine.ts"
import { HistoryImport } from "#ui/client/history-import.tsx"
import { HISTORY_DOWNLOADS_DETAIL, HISTORY_DOWNLOADS_TITLE, historyDownloads, YourData } from "#ui/client/your-data.tsx"
import { DownloadsCard } from "#ui/layout/downloads.tsx"
import type { AppServices } from "../../services.ts"
import { useMountedMachine } from "../-mount.ts"

/**
 * The profile's "Your data" (docs/decisions/049-import-and-export.md): the import and the
 * list of imports and exports, over the data contract's client (services.data), in a chunk
 * of its own: the catalogue the mapping offers and the readers come only with it.
 */
export default function ProfileData({ services, clientId }: { services: AppServices; clientId: UserId }) {
  const data = useMountedMachine(yourDataMachine, () => yourDataImplementations({ gateway: services.data }), {
    input: { clientId }
  })
  const importer = useMountedMachine(historyImportMachine, () =>
    historyImportImplementations({
      // The picker sends the File itself (history-import.tsx); the machine knows only its name and size.
      readLogbook: (file, onProgress) => readLogbookFile(file as File, onProgress),
      gateway: services.data,
      imported: () => data.send({ type: "list.reload" })
    })
  )
  const download = useMountedMachine(fileDownloadMachine, () =>
    fileDownloadImplementations({ gateway: services.data, saveFile })
  )
  return (
    <YourData
      data={data}
      importer={<HistoryImport actor={importer} />}
      downloads={
        <DownloadsCard
          download={download}
          title={HISTORY_DOWNLOADS_TITLE}
          detail={HISTORY_DOWNLOADS_DETAIL}
          choices={historyDownloads(clientId)}
        />
      }
    />
  )
}
