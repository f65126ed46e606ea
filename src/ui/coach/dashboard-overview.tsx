import { Link } from "@tanstack/react-router"
import { useSelector } from "@xstate/react"
import {
  COMPLIANCE_COUNTS,
  NO_CLIENTS_TO_OVERVIEW,
  OVERVIEW_LOADING,
  OVERVIEW_REFRESHING,
  selectCoachOverview,
  type CoachOverviewActorRef,
  type ComplianceLines,
  type OverviewRow
} from "#machines/coach-overview/coach-overview.selectors.ts"
import { RetryAlert } from "#ui/layout/retry-alert.tsx"
import "./dashboard-overview.css"

/**
 * The dashboard's 'Upcoming workouts' panel (docs/decisions/021): a row per client, those needing
 * attention first, each opening that client's calendar. Above them, every client's compliance
 * added up, with what it counts (docs/product.md, the coach dashboard).
 */
export function DashboardOverview({ overview: actor }: { overview: CoachOverviewActorRef }) {
  const view = useSelector(actor, selectCoachOverview)
  return (
    <section className="coach-card overview-panel" aria-labelledby="upcoming-heading" aria-busy={view.refreshing}>
      <div className="overview-heading">
        <h2 id="upcoming-heading">Upcoming workouts</h2>
        {view.refreshing ? (
          <span role="status" className="overview-updating">
            {OVERVIEW_REFRESHING}
          </span>
        ) : null}
      </div>
      {view.loading ? <p role="status">{OVERVIEW_LOADING}</p> : null}
      {view.error !== null ? (
        <RetryAlert message={view.error} onRetry={() => actor.send({ type: "overview.retry" })} />
      ) : null}
      {view.empty ? <p className="muted">{NO_CLIENTS_TO_OVERVIEW}</p> : null}
      {view.overall !== null ? <OverallCompliance lines={view.overall} /> : null}
      {view.rows.length > 0 ? (
        <ul className="overview-list" aria-label="Training at a glance">
          {view.rows.map((row) => (
            <OverviewItem key={row.clientId} row={row} />
          ))}
        </ul>
      ) : null}
    </section>
  )
}

function OverallCompliance({ lines }: { lines: ComplianceLines }) {
  return (
    <div className="overview-total" aria-label="All clients' compliance" role="group">
      <p className="overview-total-figure">{lines.lastFourWeeks}</p>
      {/* Nothing scheduled in the four weeks: no figures to explain. */}
      {lines.lastSevenDays !== null ? (
        <>
          <p className="overview-line">{lines.lastSevenDays}</p>
          <p className="overview-total-note">{COMPLIANCE_COUNTS}</p>
        </>
      ) : null}
    </div>
  )
}

function OverviewItem({ row }: { row: OverviewRow }) {
  return (
    <li className={row.needsAttention ? "overview-row overview-row--attention" : "overview-row"}>
      <div className="overview-row-head">
        <Link className="overview-row-link" to="/coach/calendar" search={{ client: row.clientId }}>
          {row.name}
        </Link>
        {row.needsAttention ? <span className="coach-badge">Needs attention</span> : null}
      </div>
      <p className="overview-line">{row.lastSession}</p>
      <p className="overview-line">{row.week}</p>
      <p className="overview-line">{row.lastFourWeeks}</p>
      {row.lastSevenDays !== null ? <p className="overview-line">{row.lastSevenDays}</p> : null}
      {row.missed !== null ? <p className="overview-line overview-line--alert">{row.missed}</p> : null}
      {row.records.map((record) => (
        <p key={record} className="overview-line overview-line--record">
          {record}
        </p>
      ))}
      <p className={row.nothingScheduled ? "overview-line overview-line--alert" : "overview-line"}>{row.upcoming}</p>
    </li>
  )
}
