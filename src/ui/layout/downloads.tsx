import { useSelector } from "@xstate/react"
import { type FileDownloadActorRef, selectFileDownload } from "#machines/file-download/file-download.selectors.ts"
import type { DownloadRequest } from "#machines/file-download/file-download.types.ts"
import { RetryAlert } from "./retry-alert.tsx"

export interface DownloadChoice {
  readonly request: DownloadRequest
  readonly label: string
  readonly detail: string
}

/** A card of files to take away, with what they hold said first. */
export function DownloadsCard({
  download,
  card = "card",
  title,
  detail,
  choices
}: {
  download: FileDownloadActorRef
  /** The area's card class: "card" (lifter, account pages) or "coach-card". */
  card?: string
  title: string
  detail: string
  choices: ReadonlyArray<DownloadChoice>
}) {
  return (
    <section className={card} aria-label={title}>
      <h2>{title}</h2>
      <p>{detail}</p>
      <Downloads download={download} choices={choices} />
    </section>
  )
}

/**
 * Files to take away (docs/decisions/049-import-and-export.md), one download at a time:
 * "Downloaded …" is said once the whole file has been handed to the browser.
 */
export function Downloads({
  download,
  choices
}: {
  download: FileDownloadActorRef
  choices: ReadonlyArray<DownloadChoice>
}) {
  const view = useSelector(download, selectFileDownload)
  return (
    <>
      <ul className="downloads">
        {choices.map((choice) => (
          <li key={choice.label}>
            <button
              type="button"
              className="button button--quiet"
              disabled={view.status !== "idle"}
              onClick={() => download.send({ type: "download.start", request: choice.request })}
            >
              {choice.label}
            </button>{" "}
            <span className="muted">{choice.detail}</span>
          </li>
        ))}
      </ul>
      {view.status === "downloading" ? <p role="status">Preparing your download…</p> : null}
      {view.notice === null ? null : (
        <p className="downloads__notice" role="status">
          {view.notice}
        </p>
      )}
      {view.status === "failed" ? (
        <RetryAlert
          message={`The download did not finish. ${view.error ?? ""}`}
          onRetry={() => download.send({ type: "download.retry" })}
          onBack={() => download.send({ type: "download.dismiss" })}
        />
      ) : null}
    </>
  )
}
