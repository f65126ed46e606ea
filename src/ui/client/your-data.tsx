import { useSelector } from "@xstate/react"
import { useEffect, useRef, type ReactNode } from "react"
import type { ImportRecord } from "#domain/history-import.ts"
import type { UserId } from "#domain/ids.ts"
import { SOURCE_NAMES } from "#machines/history-import/history-import.selectors.ts"
import { selectYourData, type YourDataActorRef } from "#machines/your-data/your-data.selectors.ts"
import type { DownloadChoice } from "#ui/layout/downloads.tsx"
import { RetryAlert } from "#ui/layout/retry-alert.tsx"
import "./your-data.css"
import { countText } from "#domain/count-text.ts"

const when = (instant: string) =>
  new Date(instant).toLocaleString("en-US", { month: "short", day: "numeric", hour: "numeric", minute: "2-digit" })

export const HISTORY_DOWNLOADS_TITLE = "Take your data"
export const HISTORY_DOWNLOADS_DETAIL = "Your whole history, every set you logged or imported."

/** A lifter's whole history, in each shape it can be taken away in. */
export const historyDownloads = (clientId: UserId): ReadonlyArray<DownloadChoice> => [
  {
    request: { kind: "history", clientId, format: "csv" },
    label: "Download CSV",
    detail: "One row per set; imports back here as nothing new."
  },
  {
    request: { kind: "history", clientId, format: "strong" },
    label: "Download for other apps",
    detail: "Strong's CSV, which most logbook apps read."
  },
  {
    request: { kind: "history", clientId, format: "json" },
    label: "Download JSON",
    detail: "The same sets, for programs and scripts."
  }
]

function ImportItem({ data, record, busy }: { data: YourDataActorRef; record: ImportRecord; busy: boolean }) {
  return (
    <li className="your-data__record">
      <p>
        <strong>{record.file_name}</strong> from {SOURCE_NAMES[record.source]}: {countText(record.sessions, "session")},{" "}
        {countText(record.sets, "set")}, imported {when(record.created_at)}.
      </p>
      {record.undo_until === null ? null : (
        <button
          type="button"
          className="button button--quiet"
          disabled={busy}
          aria-label={`Undo the import of ${record.file_name}`}
          onClick={() => data.send({ type: "undo.ask", importId: record.id })}
        >
          Undo (until {when(record.undo_until)})
        </button>
      )}
    </li>
  )
}

/**
 * "Your data" on the lifter's profile (docs/decisions/049-import-and-export.md): bringing
 * another app's logbook (`importer`), the imports made, each undone whole within a day,
 * and the whole history to download.
 */
export function YourData({
  data,
  importer,
  downloads
}: {
  data: YourDataActorRef
  importer: ReactNode
  /** The history to take away (DownloadsCard, with historyDownloads). */
  downloads: ReactNode
}) {
  const view = useSelector(data, selectYourData)
  const cancel = useRef<HTMLButtonElement>(null)
  const asking = view.status === "confirmingUndo"
  useEffect(() => {
    if (asking) cancel.current?.focus()
  }, [asking])
  return (
    <div className="your-data">
      {importer}
      <section className="card" aria-labelledby="imports-title">
        <h2 id="imports-title">Your imports</h2>
        {view.status === "loading" && view.imports.length === 0 ? <p role="status">Loading your imports…</p> : null}
        {view.status === "loadFailed" ? (
          <RetryAlert
            message={`Your imports could not be listed. ${view.error ?? ""}`}
            onRetry={() => data.send({ type: "list.retry" })}
          />
        ) : null}
        {view.notice === null ? null : (
          <p className="profile__notice" role="status">
            {view.notice}
          </p>
        )}
        {view.status !== "loading" && view.status !== "loadFailed" && view.imports.length === 0 ? (
          <p className="muted">Nothing imported yet.</p>
        ) : null}
        {view.imports.length === 0 ? null : (
          <ul className="your-data__records">
            {view.imports.map((record) => (
              <ImportItem key={record.id} data={data} record={record} busy={view.busy || asking} />
            ))}
          </ul>
        )}
        {asking && view.undoing !== undefined ? (
          <div className="your-data__ask" role="group" aria-label="Undo this import?">
            <p className="profile__question">Undo the import of {view.undoing.file_name}?</p>
            <p className="muted">
              Its {countText(view.undoing.sets, "set")} leave your history, progress and records. Anything you logged
              yourself stays.
            </p>
            <div className="your-data__actions">
              <button
                type="button"
                className="button button--danger"
                onClick={() => data.send({ type: "undo.confirm" })}
              >
                Undo import
              </button>
              <button
                ref={cancel}
                type="button"
                className="button button--quiet"
                onClick={() => data.send({ type: "undo.cancel" })}
              >
                Keep it
              </button>
            </div>
          </div>
        ) : null}
        {view.status === "undoing" ? <p role="status">Undoing the import…</p> : null}
        {view.status === "undoFailed" ? (
          <RetryAlert
            message={`The import was not undone. ${view.error ?? ""}`}
            onRetry={() => data.send({ type: "undo.retry" })}
            onBack={() => data.send({ type: "undo.cancel" })}
          />
        ) : null}
      </section>
      {downloads}
    </div>
  )
}
