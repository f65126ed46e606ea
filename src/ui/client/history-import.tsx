import { Link } from "@tanstack/react-router"
import { useSelector } from "@xstate/react"
import { useEffect, useId, useRef } from "react"
import { formatMediumUsDate } from "#domain/calendar.ts"
import { EXERCISE_CATALOGUE } from "#domain/exercise-catalogue.ts"
import type { LeftRow } from "#domain/import-formats/logbook.ts"
import type { ExerciseTarget, LogbookSummary } from "#domain/import-plan.ts"
import {
  type HistoryImportActorRef,
  type MappedExercise,
  selectHistoryImport
} from "#machines/history-import/history-import.selectors.ts"
import type { StoredCounts } from "#machines/history-import/history-import.types.ts"
import { RetryAlert } from "#ui/layout/retry-alert.tsx"
import { countText } from "#domain/count-text.ts"

/** A new key per chosen file: every chunk of this import carries it (docs/decisions/049). */
const newImportKey = () => crypto.randomUUID().replaceAll("-", "")

const LIBRARY = [...EXERCISE_CATALOGUE].sort((a, b) => a.name.localeCompare(b.name))
const NEW = "new"

/** "Strong: 412 sessions, 6,120 sets, Jan 3, 2016 to Nov 28, 2026." */
export const summaryText = (sourceName: string, summary: LogbookSummary): string => {
  const span =
    summary.first === undefined || summary.last === undefined
      ? ""
      : summary.first === summary.last
        ? `, on ${formatMediumUsDate(summary.first)}`
        : `, ${formatMediumUsDate(summary.first)} to ${formatMediumUsDate(summary.last)}`
  return `From ${sourceName}: ${countText(summary.sessions, "session")}, ${countText(summary.sets, "set")}${span}.`
}

/** What the server stored, never more: "0 new sets" when every session was there already. */
export const storedText = (stored: StoredCounts): string => {
  const skipped =
    stored.sessionsSkipped === 0
      ? ""
      : ` ${countText(stored.sessionsSkipped, "session")} already imported stayed as they were.`
  return stored.setsAdded === 0
    ? `0 new sets: everything in this file was already in your history.${skipped}`
    : `Imported ${countText(stored.setsAdded, "new set")} from ${countText(stored.sessionsAdded, "session")}.${skipped}`
}

function FilePicker({ actor, label }: { actor: HistoryImportActorRef; label: string }) {
  const id = useId()
  return (
    <div className="your-data__picker">
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        type="file"
        accept=".csv,text/csv,text/comma-separated-values"
        onChange={(event) => {
          const file = event.currentTarget.files?.[0]
          if (file !== undefined) actor.send({ type: "file.choose", file, importKey: newImportKey() })
          // The same file may be chosen again later (after Cancel): the input forgets it.
          event.currentTarget.value = ""
        }}
      />
    </div>
  )
}

function MappingRow({ actor, row }: { actor: HistoryImportActorRef; row: MappedExercise }) {
  const id = useId()
  const value = row.target.kind === "library" ? row.target.id : NEW
  return (
    <tr>
      <th scope="row">
        <label htmlFor={id}>{row.source}</label>
      </th>
      <td className="your-data__number">{row.sets.toLocaleString("en-US")}</td>
      <td>
        <select
          id={id}
          value={value}
          onChange={(event) => {
            const chosen = event.currentTarget.value
            const exercise = LIBRARY.find((candidate) => candidate.id === chosen)
            const target: ExerciseTarget =
              exercise === undefined
                ? { kind: "new", name: row.source.slice(0, 100).trim() }
                : { kind: "library", id: exercise.id, name: exercise.name }
            actor.send({ type: "mapping.change", source: row.source, target })
          }}
        >
          <option value={NEW}>New exercise: {row.source}</option>
          {LIBRARY.map((exercise) => (
            <option key={exercise.id} value={exercise.id}>
              {exercise.name}
            </option>
          ))}
        </select>
      </td>
    </tr>
  )
}

function LeftRows({ rows, total }: { rows: ReadonlyArray<LeftRow>; total: number }) {
  if (total === 0) return null
  return (
    <details className="your-data__left">
      <summary>
        {countText(total, "row")} not imported (warm-ups, rest timers, cardio and rows we could not read)
      </summary>
      <ul>
        {rows.map((row) => (
          <li key={row.line}>
            Line {row.line}: {row.reason}. <span className="muted">{row.excerpt}</span>
          </li>
        ))}
      </ul>
      {total > rows.length ? <p className="muted">And {countText(total - rows.length, "more row")}.</p> : null}
    </details>
  )
}

/**
 * Bringing another app's logbook (docs/decisions/049-import-and-export.md): choose a file,
 * see what it holds and what each exercise becomes, confirm, and read what was stored.
 */
export function HistoryImport({ actor }: { actor: HistoryImportActorRef }) {
  const view = useSelector(actor, selectHistoryImport)
  const heading = useRef<HTMLHeadingElement>(null)
  const status = view.status
  useEffect(() => {
    // Each step's heading takes focus, so a keyboard or screen reader follows the import.
    if (status === "previewing" || status === "stored" || status === "unreadable") heading.current?.focus()
  }, [status])
  const leftTotal = view.status === "previewing" ? view.summary.left.reduce((n, left) => n + left.rows, 0) : 0
  return (
    <section className="card your-data__import" aria-labelledby="import-title">
      <h2 id="import-title">Bring your history</h2>
      {view.status === "idle" ? (
        <>
          <p>
            Import a CSV exported from Strong, Hevy, FitNotes or Liftosaur, or one of ours. You see what it holds first;
            nothing is stored until you confirm.
          </p>
          <FilePicker actor={actor} label="Choose a CSV file" />
        </>
      ) : null}
      {view.status === "reading" ? (
        <div role="status">
          <p>
            Reading {view.fileName}… {view.percent}%
          </p>
          <progress max={100} value={view.percent} aria-label={`Reading ${view.fileName}`} />
          <button type="button" className="button button--quiet" onClick={() => actor.send({ type: "import.reset" })}>
            Cancel
          </button>
        </div>
      ) : null}
      {view.status === "unreadable" ? (
        <>
          <h3 ref={heading} tabIndex={-1}>
            {view.fileName}
          </h3>
          <p role="alert" className="your-data__error">
            {view.message}
          </p>
          <FilePicker actor={actor} label="Choose another file" />
          <button type="button" className="button button--quiet" onClick={() => actor.send({ type: "import.reset" })}>
            Cancel
          </button>
        </>
      ) : null}
      {view.status === "previewing" ? (
        <>
          <h3 ref={heading} tabIndex={-1}>
            Before anything is stored
          </h3>
          <p>{summaryText(view.sourceName, view.summary)}</p>
          {view.summary.needsUnit ? (
            <fieldset className="your-data__unit">
              <legend>This file does not say kg or lb. Its weights are in:</legend>
              {(["kg", "lb"] as const).map((unit) => (
                <label key={unit}>
                  <input
                    type="radio"
                    name="import-unit"
                    value={unit}
                    checked={view.unit === unit}
                    onChange={() => actor.send({ type: "unit.choose", unit })}
                  />{" "}
                  {unit}
                </label>
              ))}
            </fieldset>
          ) : null}
          <div className="your-data__table">
            <table>
              <caption>What each exercise becomes</caption>
              <thead>
                <tr>
                  <th scope="col">In the file</th>
                  <th scope="col">Sets</th>
                  <th scope="col">Becomes</th>
                </tr>
              </thead>
              <tbody>
                {view.exercises.map((row) => (
                  <MappingRow key={row.source} actor={actor} row={row} />
                ))}
              </tbody>
            </table>
          </div>
          <LeftRows rows={view.leftRows} total={leftTotal} />
          {view.error === null ? null : (
            <p role="alert" className="your-data__error">
              {view.error}
            </p>
          )}
          <div className="your-data__actions">
            <button type="button" className="button" onClick={() => actor.send({ type: "import.confirm" })}>
              Import {countText(view.summary.sets, "set")}
            </button>
            <button type="button" className="button button--quiet" onClick={() => actor.send({ type: "import.reset" })}>
              Cancel
            </button>
          </div>
        </>
      ) : null}
      {view.status === "storing" ? (
        <div role="status">
          <p>
            Storing {view.fileName}… {countText(view.stored.setsAdded, "new set")} stored so far.
          </p>
          <progress max={100} value={view.percent} aria-label={`Storing ${view.fileName}`} />
        </div>
      ) : null}
      {view.status === "storeFailed" ? (
        <>
          <RetryAlert
            message={`The import stopped. ${view.error ?? ""} ${countText(view.stored.setsAdded, "new set")} stored so far; Try again sends the rest.`}
            onRetry={() => actor.send({ type: "import.retry" })}
          />
          <button type="button" className="button button--quiet" onClick={() => actor.send({ type: "import.reset" })}>
            Stop here
          </button>
        </>
      ) : null}
      {view.status === "stored" ? (
        <>
          <h3 ref={heading} tabIndex={-1}>
            {view.fileName}
          </h3>
          <p role="status" className="profile__notice">
            {storedText(view.stored)}
          </p>
          <p>
            <Link to="/client/progress">See your progress</Link>
          </p>
          <FilePicker actor={actor} label="Import another file" />
        </>
      ) : null}
    </section>
  )
}
