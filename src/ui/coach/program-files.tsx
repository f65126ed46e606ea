import { useSelector } from "@xstate/react"
import { type SubmitEvent, useEffect, useId, useRef } from "react"
import { MAX_TEMPLATE_NAME_LENGTH, type TemplateId } from "#domain/templates.ts"
import {
  NOT_EXPORTED,
  NOT_SAVED,
  type ProgramFilesActorRef,
  type ProgramFilesView,
  selectProgramFiles
} from "#machines/program-files/program-files.selectors.ts"
import { MoreTemplates, type MoreTemplatesView } from "./more-templates.tsx"
import "./coach-imports.css"

export const PROGRAM_FILE_LABEL = "Program file (CSV or JSON)"
/** The export list's button for the next page of templates: the source list has one like it. */
export const SHOW_MORE_TO_EXPORT = "Show more templates to export"

function Preview({ view, programs }: { view: ProgramFilesView; programs: ProgramFilesActorRef }) {
  const table = useRef<HTMLTableElement>(null)
  const nameId = useId()
  const refusalId = useId()
  // A new preview takes the keyboard to its table, whose caption says what it is.
  useEffect(() => table.current?.focus(), [view.fileName])
  const preview = view.preview
  if (preview === null) return null
  const submit = (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault()
    programs.send({ type: "program.save" })
  }
  const saving = view.importStatus === "saving"
  return (
    <form className="coach-stack" aria-label={`Import ${view.fileName}`} onSubmit={submit} noValidate>
      {preview.counts.length === 0 ? null : (
        <dl className="coach-import__summary">
          {preview.counts.map((count) => (
            <div key={count.label}>
              <dt>{count.label}</dt>
              <dd>{count.value}</dd>
            </div>
          ))}
        </dl>
      )}
      {preview.days.length === 0 ? null : (
        <div className="coach-import__table">
          <table ref={table} tabIndex={-1}>
            <caption>{preview.caption}</caption>
            <thead>
              <tr>
                <th scope="col">Week</th>
                <th scope="col">Day</th>
                <th scope="col">Workouts</th>
              </tr>
            </thead>
            <tbody>
              {preview.days.map((day) => (
                <tr key={day.key}>
                  <td className="coach-import__number">{day.week}</td>
                  <td className="coach-import__number">{day.day}</td>
                  <td>{day.workouts}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {preview.problems.length === 0 ? null : (
        <div role="alert" className="coach-stack">
          <p className="coach-error">{preview.problemsNote}</p>
          <ul className="coach-error coach-import__problems" aria-label="Problems in the file">
            {preview.problems.map((problem, index) => (
              <li key={`${index}:${problem}`}>{problem}</li>
            ))}
          </ul>
        </div>
      )}
      <div className="field">
        <label htmlFor={nameId}>Template name</label>
        <input
          id={nameId}
          value={view.name}
          maxLength={MAX_TEMPLATE_NAME_LENGTH}
          autoComplete="off"
          disabled={saving}
          aria-invalid={view.refusal !== null}
          aria-describedby={view.refusal === null ? undefined : refusalId}
          onChange={(event) => programs.send({ type: "name.change", name: event.currentTarget.value })}
        />
      </div>
      {view.refusal === null ? null : (
        <p id={refusalId} className="coach-error" role="alert">
          {view.refusal}
        </p>
      )}
      {view.importStatus === "failed" ? (
        <div className="coach-stack" role="alert">
          <p className="coach-error">{NOT_SAVED}</p>
          <p className="coach-row-detail">{view.failure}</p>
        </div>
      ) : null}
      <div className="coach-actions">
        {view.importStatus === "failed" ? (
          <button type="button" className="button" onClick={() => programs.send({ type: "import.retry" })}>
            Try again
          </button>
        ) : (
          <button type="submit" className="button" disabled={!view.canSave}>
            {saving ? "Saving…" : "Save as template"}
          </button>
        )}
        <button
          type="button"
          className="button button--quiet"
          disabled={saving}
          onClick={() => programs.send({ type: "import.cancel" })}
        >
          {view.importStatus === "failed" ? "Back" : "Cancel"}
        </button>
      </div>
    </form>
  )
}

/**
 * The coach's program files, beside their templates (docs/decisions/049): a CSV or JSON
 * program read in the browser and previewed (weeks, days, workouts, exercises, every
 * problem with its line), named and saved as a template; and each template written back
 * as CSV or JSON, the files the import reads.
 */
export function ProgramFiles({
  programs,
  templates,
  more = null,
  onMore
}: {
  programs: ProgramFilesActorRef
  templates: ReadonlyArray<{ readonly id: TemplateId; readonly name: string }>
  /** While the coach has templates not listed yet (docs/decisions/051): the next page's state. */
  more?: MoreTemplatesView | undefined
  onMore?: (() => void) | undefined
}) {
  const view = useSelector(programs, selectProgramFiles)
  const fileId = useId()
  const hintId = useId()
  const picking = view.importStatus === "idle" || view.importStatus === "saved"
  const exportList = useRef<HTMLUListElement>(null)
  return (
    <section className="coach-card coach-stack copy-section" aria-labelledby="program-files-heading">
      <h2 id="program-files-heading">Program files</h2>
      <h3 className="copy-subheading">Import program</h3>
      {picking || view.importStatus === "reading" ? (
        <div className="coach-import__picker">
          <label htmlFor={fileId}>{PROGRAM_FILE_LABEL}</label>
          <p id={hintId} className="muted">
            A CSV with the columns week, day, workout, exercise, sets, reps, load (a load like 100 kg, 225 lb, 75% or
            RPE 8), or a program exported as JSON.
          </p>
          <input
            id={fileId}
            type="file"
            accept=".csv,.json,text/csv,application/json"
            aria-describedby={hintId}
            disabled={!picking}
            onChange={(event) => {
              const file = event.currentTarget.files?.[0]
              if (file !== undefined) programs.send({ type: "program.pick", file })
              // The same file may be picked again later (after fixing it): the input forgets it.
              event.currentTarget.value = ""
            }}
          />
        </div>
      ) : null}
      {view.importStatus === "idle" && view.failure !== null ? (
        <p className="coach-error" role="alert">
          {view.failure}
        </p>
      ) : null}
      <Preview view={view} programs={programs} />
      <p className="coach-success" role="status">
        {view.importNotice}
      </p>
      {view.importStatus === "saved" ? (
        <div className="coach-actions">
          <button type="button" className="button button--quiet" onClick={() => programs.send({ type: "import.done" })}>
            Done
          </button>
        </div>
      ) : null}
      <h3 className="copy-subheading">Export a template</h3>
      {templates.length === 0 ? (
        <p className="muted">No templates to export yet.</p>
      ) : (
        <ul ref={exportList} className="coach-list" aria-label="Templates to export">
          {templates.map((template) => (
            <li key={template.id} className="coach-row" data-template-id={template.id}>
              <span className="coach-row-main coach-row-title">{template.name}</span>
              <span className="coach-actions">
                {(["csv", "json"] as const).map((format) => (
                  <button
                    key={format}
                    type="button"
                    className="button button--quiet"
                    aria-label={`Export ${template.name} as ${format.toUpperCase()}`}
                    disabled={view.exportStatus === "exporting"}
                    onClick={() =>
                      programs.send({ type: "template.export", templateId: template.id, name: template.name, format })
                    }
                  >
                    {format.toUpperCase()}
                  </button>
                ))}
              </span>
            </li>
          ))}
        </ul>
      )}
      {onMore === undefined ? null : (
        // Mounted after the last page too, to take the keyboard to what it listed (it shows nothing then).
        // Why a page did not come is announced once, by the source list; here it is only shown, beside this button.
        <MoreTemplates
          more={more}
          label={SHOW_MORE_TO_EXPORT}
          shown={templates.map((template) => template.id)}
          list={exportList}
          announceFailure={false}
          onMore={onMore}
        />
      )}
      {view.exportFailure === null ? null : (
        <div className="coach-stack" role="alert">
          <p className="coach-error">{NOT_EXPORTED}</p>
          <p className="coach-row-detail">{view.exportFailure}</p>
          <div className="coach-actions">
            <button
              type="button"
              className="button button--quiet"
              onClick={() => programs.send({ type: "export.dismiss" })}
            >
              Dismiss
            </button>
          </div>
        </div>
      )}
      <p className="coach-success" role="status">
        {view.exportNotice}
      </p>
    </section>
  )
}
