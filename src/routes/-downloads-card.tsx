import type { ComponentProps } from "react"
import { saveFile } from "#device/save-file.ts"
import { fileDownloadImplementations } from "#machines/file-download/file-download.actors.ts"
import { fileDownloadMachine } from "#machines/file-download/file-download.machine.ts"
import { DownloadsCard } from "#ui/layout/downloads.tsx"
import type { AppServices } from "../services.ts"
import { useMountedMachine } from "./-mount.ts"

/**
 * A card of files to take away (docs/decisions/049-import-and-export.md) over the data
 * contract's client, in a chunk of its own: only the pages that offer downloads load it.
 */
export default function MountedDownloadsCard({
  services,
  ...card
}: { services: AppServices } & Omit<ComponentProps<typeof DownloadsCard>, "download">) {
  const download = useMountedMachine(fileDownloadMachine, () =>
    fileDownloadImplementations({ gateway: services.data, saveFile })
  )
  return <DownloadsCard download={download} {...card} />
}
