import { Link } from "@tanstack/react-router"
import { useSelector } from "@xstate/react"
import {
  NO_CLIENTS_TO_OVERVIEW,
  OVERVIEW_LOADING,
  OVERVIEW_REFRESHING,
  selectCoachOverview,
  type CoachOverviewActorRef,
  type OverviewRow
} from "#machines/coach-overview/coach-overview.selectors.ts"
import { RetryAlert } from "#ui/layout/retry-alert.tsx"
import "./dashboard-overview.css"

/**
 * The dashboard's 'Upcoming workouts' panel (docs/decisions/021): a row per client, those needing
 * attention first, each opening that client's calendar.
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
