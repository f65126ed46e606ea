import { Link } from "@tanstack/react-router"
import {
  NOTHING_TO_CREATE,
  type CopyPlanActorRef,
  type CopyPlanView,
  type ReportView
} from "#machines/copy-plan/copy-plan.selectors.ts"
import { previewEvent } from "#machines/copy-plan/copy-plan.plan.ts"
import { RetryAlert } from "#ui/layout/retry-alert.tsx"

/** Per client, per date: what the copy will do (or did), each day linking to that client's day once created. */
function ReportDays({ report, links }: { report: ReportView; links: boolean }) {
  return (
    <div className="coach-stack">
      {report.clients.map((client) => (
        <section key={client.clientId} aria-label={client.name}>
          <h3>{client.name}</h3>
          <ul className="coach-list">
            {client.days.map((day) => (
              <li key={day.date} className={day.created ? "copy-day" : "copy-day copy-day--skipped"}>
                {links && day.created ? (
                  <Link to="/coach/workouts/$userId/$date" params={day.dayParams} className="copy-day-date">
                    {day.label}
                  </Link>
                ) : (
                  <span className="copy-day-date">{day.label}</span>
                )}
                <span>{day.text}</span>
              </li>
            ))}
          </ul>
        </section>
      ))}
      {report.loads.length === 0 ? null : (
        <section aria-labelledby="copy-loads-heading">
          <h3 id="copy-loads-heading">Loads by week</h3>
          <ul className="coach-list copy-loads" aria-label="Loads by week">
            {report.loads.map((line, index) => (
              // Two like lines (one exercise twice in a workout) are still two lines.
              <li key={index}>{line}</li>
            ))}
          </ul>
        </section>
      )}
    </div>
  )
}

/** Step 4: the server's dry run, then the same plan created. */
export function CopyPreview({ view, plan }: { view: CopyPlanView; plan: CopyPlanActorRef }) {
  const { preview } = view
  const report = preview.report
  return (
    <section
      className="coach-card coach-stack copy-section"
      aria-labelledby="copy-preview-heading"
      aria-busy={preview.sending}
    >
      <h2 id="copy-preview-heading">Preview</h2>
      {report === null ? (
        <button
          type="button"
          className="button"
          disabled={view.locked || preview.sending}
          onClick={() => plan.send(previewEvent())}
        >
          {preview.sending ? "Previewing…" : "Preview"}
        </button>
      ) : (
        <>
          <p role="status" className="copy-summary">
            {report.summary}
          </p>
          {/* Confirm comes before the days: a month for several clients is a long list on a phone. */}
          <button
            type="button"
            className="button"
            disabled={!preview.canCreate}
            aria-describedby={report.created === 0 ? "copy-nothing" : undefined}
            onClick={() => plan.send({ type: "plan.create" })}
          >
            {preview.creating ? "Creating…" : preview.createLabel}
          </button>
          {report.created === 0 ? (
            <p id="copy-nothing" className="muted">
              {NOTHING_TO_CREATE}
            </p>
          ) : null}
          <ReportDays report={report} links={false} />
        </>
      )}
      {preview.problem === null ? null : (
        <p className="coach-error" role="alert">
          {preview.problem}
        </p>
      )}
      {preview.failure === null ? null : (
        <RetryAlert message={preview.failure} onRetry={() => plan.send({ type: "copy.retry" })} />
      )}
    </section>
  )
}

/** What the server created and skipped, with a way to each day and back. */
export function CopyCreated({ view, plan }: { view: CopyPlanView; plan: CopyPlanActorRef }) {
  const created = view.created
  if (created === null) return null
  return (
    <section className="coach-card coach-stack" aria-labelledby="copy-created-heading">
      <h2 id="copy-created-heading">Copy created</h2>
      <p role="status" className="copy-summary">
        {created.summary}
      </p>
      <ReportDays report={created} links={true} />
      <button type="button" className="button button--quiet" onClick={() => plan.send({ type: "copy.again" })}>
        Make another copy
      </button>
    </section>
  )
}
