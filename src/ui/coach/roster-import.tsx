import { useSelector } from "@xstate/react"
import { useEffect, useId, useRef, useState } from "react"
import {
  NOT_IMPORTED,
  type RosterImportActorRef,
  selectRosterImport
} from "#machines/roster-import/roster-import.selectors.ts"
import "./coach-imports.css"

export const IMPORT_CLIENTS = "Import clients"
export const ROSTER_FILE_LABEL = "Roster file (CSV)"

/**
 * The coach's roster brought in (docs/decisions/049): a CSV of names and addresses (a
 * header `name,email` is optional) read in the browser, every row shown with what looks
 * wrong, nothing sent before Confirm, then what became of each row. The tables are real
 * tables with captions; what is under way and the report's summary are said in one
 * status line, so a screen reader hears them.
 */
export function RosterImport({ roster }: { roster: RosterImportActorRef }) {
  const view = useSelector(roster, selectRosterImport)
  const [opened, setOpened] = useState(false)
  const panelId = useId()
  const fileId = useId()
  const hintId = useId()
  const table = useRef<HTMLTableElement>(null)
  // A new preview or report takes the keyboard to its table, whose caption says what it is.
  useEffect(() => {
    if (view.status === "previewing" || view.status === "reported") table.current?.focus()
  }, [view.status])
  const open = opened || view.status !== "idle" || view.failure !== null
  const busy = view.status === "reading" || view.status === "importing"
  return (
    <section className="coach-stack coach-import" aria-label={IMPORT_CLIENTS}>
      <button
        type="button"
        className="button button--quiet coach-import__toggle"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpened(!open)}
      >
        <span className="coach-import__arrow" aria-hidden="true">
          ▸
        </span>
        {IMPORT_CLIENTS}
      </button>
      <div id={panelId} className="coach-stack" hidden={!open}>
        {view.status === "previewing" || view.status === "importing" || view.status === "failed" ? null : (
          <div className="coach-import__picker">
            <label htmlFor={fileId}>{ROSTER_FILE_LABEL}</label>
            <p id={hintId} className="muted">
              One row per client: name, then email. A header row is optional; every address is invited as &ldquo;Add
              client&rdquo; invites one.
            </p>
            <input
              id={fileId}
              type="file"
              accept=".csv,text/csv,text/comma-separated-values"
              aria-describedby={hintId}
              disabled={busy}
              onChange={(event) => {
                const file = event.currentTarget.files?.[0]
                if (file !== undefined) roster.send({ type: "file.pick", file })
                // The same file may be picked again later: the input forgets it.
                event.currentTarget.value = ""
              }}
            />
          </div>
        )}
        {view.status === "idle" && view.failure !== null ? (
          <p className="coach-error" role="alert">
            {view.failure}
          </p>
        ) : null}
        {view.preview === null ? null : (
          <>
            <div className="coach-import__table">
              <table ref={table} tabIndex={-1}>
                <caption>{view.preview.caption}</caption>
                <thead>
                  <tr>
                    <th scope="col">Line</th>
                    <th scope="col">Name</th>
                    <th scope="col">Email</th>
                    <th scope="col">Check</th>
                  </tr>
                </thead>
                <tbody>
                  {view.preview.rows.map((row) => (
                    <tr key={row.line}>
                      <td className="coach-import__number">{row.line}</td>
                      <td>{row.name}</td>
                      <th scope="row">{row.email}</th>
                      <td className={row.invalid ? "coach-import__flag" : undefined}>{row.check}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
            {view.preview.problems.length === 0 ? null : (
              <div role="alert">
                <ul className="coach-error coach-import__problems">
                  {view.preview.problems.map((problem) => (
                    <li key={problem}>{problem}</li>
                  ))}
                </ul>
              </div>
            )}
            {view.status === "failed" ? (
              <div className="coach-stack" role="alert">
                <p className="coach-error">{NOT_IMPORTED}</p>
                <p className="coach-row-detail">{view.failure}</p>
              </div>
            ) : null}
            <div className="coach-actions">
              {view.status === "failed" ? (
                <button type="button" className="button" onClick={() => roster.send({ type: "import.retry" })}>
                  Try again
                </button>
              ) : (
                <button
                  type="button"
                  className="button"
                  disabled={!view.canConfirm}
                  onClick={() => roster.send({ type: "import.confirm" })}
                >
                  Confirm import
                </button>
              )}
              <button
                type="button"
                className="button button--quiet"
                disabled={view.status === "importing"}
                onClick={() => roster.send({ type: "import.cancel" })}
              >
                {view.status === "failed" ? "Back" : "Cancel"}
              </button>
            </div>
          </>
        )}
        {view.report === null ? null : (
          <>
            <div className="coach-import__table">
              <table ref={table} tabIndex={-1}>
                <caption>{view.report.caption}</caption>
                <thead>
                  <tr>
                    <th scope="col">Line</th>
                    <th scope="col">Email</th>
                    <th scope="col">Outcome</th>
                    <th scope="col">Details</th>
                  </tr>
                </thead>
                <tbody>
                  {view.report.rows.map((row) => (
                    <tr key={row.line}>
                      <td className="coach-import__number">{row.line}</td>
                      <th scope="row">{row.email}</th>
                      <td className={row.invited ? undefined : "coach-import__flag"}>{row.outcome}</td>
                      <td>{row.message}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
            <div className="coach-actions">
              <button
                type="button"
                className="button button--quiet"
                onClick={() => roster.send({ type: "import.again" })}
              >
                Done
              </button>
            </div>
          </>
        )}
        <p className="coach-success" role="status">
          {view.busy ?? view.report?.summary ?? ""}
        </p>
      </div>
    </section>
  )
}
