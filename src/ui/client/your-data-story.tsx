import { fileDownloadImplementations } from "#machines/file-download/file-download.actors.ts"
import { downloadContext, storyFileDownloadPorts } from "#machines/file-download/file-download.fixtures.ts"
import { fileDownloadMachine } from "#machines/file-download/file-download.machine.ts"
import type { FileDownloadContext } from "#machines/file-download/file-download.types.ts"
import { historyImportImplementations } from "#machines/history-import/history-import.actors.ts"
import { storyHistoryImportPorts } from "#machines/history-import/history-import.fixtures.ts"
import { historyImportMachine } from "#machines/history-import/history-import.machine.ts"
import type { HistoryImportContext } from "#machines/history-import/history-import.types.ts"
import { yourDataImplementations } from "#machines/your-data/your-data.actors.ts"
import { LIFTER_ID, storyYourDataPorts, yourDataContext } from "#machines/your-data/your-data.fixtures.ts"
import { yourDataMachine } from "#machines/your-data/your-data.machine.ts"
import type { YourDataContext } from "#machines/your-data/your-data.types.ts"
import { AreaLayout } from "#ui/layout/area-layout.tsx"
import { DownloadsCard } from "#ui/layout/downloads.tsx"
import { HistoryImport } from "./history-import.tsx"
import { useSeededActor } from "./client-story.tsx"
import { HISTORY_DOWNLOADS_DETAIL, HISTORY_DOWNLOADS_TITLE, historyDownloads, YourData } from "./your-data.tsx"

const storyImport = historyImportMachine.provide(historyImportImplementations(storyHistoryImportPorts))
const storyData = yourDataMachine.provide(yourDataImplementations(storyYourDataPorts))
const storyDownload = fileDownloadMachine.provide(fileDownloadImplementations(storyFileDownloadPorts))

export const idleImport: HistoryImportContext = historyImportMachine.config.context as HistoryImportContext

/** The profile's "Your data" with both its machines seeded in the states a story shows. */
export function YourDataScreen({
  importState = "idle",
  importContext = idleImport,
  dataState = "listed",
  dataContext = yourDataContext(),
  downloadState = "idle",
  download = downloadContext()
}: {
  importState?: string
  importContext?: HistoryImportContext
  dataState?: string
  dataContext?: YourDataContext
  downloadState?: string
  download?: FileDownloadContext
}) {
  const importer = useSeededActor(storyImport, importState, importContext)
  const data = useSeededActor(storyData, dataState, dataContext)
  const downloader = useSeededActor(storyDownload, downloadState, download)
  return (
    <AreaLayout area="client">
      <main className="page profile">
        <YourData
          data={data}
          importer={<HistoryImport actor={importer} />}
          downloads={
            <DownloadsCard
              download={downloader}
              title={HISTORY_DOWNLOADS_TITLE}
              detail={HISTORY_DOWNLOADS_DETAIL}
              choices={historyDownloads(LIFTER_ID)}
            />
          }
        />
      </main>
    </AreaLayout>
  )
}
