import { Link } from "@tanstack/react-router"
import { useSelector } from "@xstate/react"
import type { UserId } from "#domain/ids.ts"
import {
  selectCalendar,
  type CalendarDay,
  type CoachCalendarActorRef
} from "#machines/coach-calendar/coach-calendar.selectors.ts"
import { ChevronButton } from "#ui/layout/icons.tsx"
import { RetryAlert } from "#ui/layout/retry-alert.tsx"
import "./coach.css"

function DayCell({ day, clientId }: { day: CalendarDay; clientId: UserId }) {
  const classes = ["calendar-day", day.isToday ? "is-today" : "", day.isSelected ? "is-selected" : ""].filter(Boolean)
  return (
    <td>
      <Link
        className={classes.join(" ")}
        to="/coach/workouts/$userId/$date"
        params={{ userId: String(clientId), date: day.routeDate }}
        aria-current={day.isToday ? "date" : undefined}
      >
        <span className="calendar-month" aria-hidden="true">
          {day.month}
        </span>
        <span className="calendar-day-number" aria-hidden="true">
          {day.label}
        </span>
        <span className="visually-hidden">{day.description}</span>
        <span className="calendar-marks" aria-hidden="true">
          {day.hasWorkout ? <span className="calendar-mark calendar-mark--workout" /> : null}
          {day.hasResults ? <span className="calendar-mark calendar-mark--results" /> : null}
        </span>
      </Link>
    </td>
  )
}

/** /coach/calendar: a client's 28 days from this week's Sunday, moved a week at a time. */
export function CoachCalendar({ calendar }: { calendar: CoachCalendarActorRef }) {
  const view = useSelector(calendar, selectCalendar)
  const { clientId } = view
  return (
    <main className="page coach-stack">
      <h1>Calendar</h1>
      {view.status === "loadingClients" ? <p role="status">Loading clients…</p> : null}
      {view.status === "noClients" ? (
        <div className="coach-card coach-stack">
          <p>{view.message}</p>
          <Link to="/coach/dashboard">Go to the dashboard to add a client</Link>
        </div>
      ) : null}
      {view.status === "clientsFailed" && view.message !== null ? (
        <div className="coach-card">
          <RetryAlert message={view.message} onRetry={() => calendar.send({ type: "clients.retry" })} />
        </div>
      ) : null}
      {view.status === "calendar" && clientId !== null ? (
        <section className="coach-card coach-stack" aria-labelledby="calendar-heading" aria-busy={view.loadingDays}>
          <label className="field">
            Client
            <select
              name="client"
              value={String(clientId)}
              onChange={(event) => {
                // The options are view.clients in order, so the chosen one is found without parsing its value.
                const client = view.clients[event.target.selectedIndex]
                if (client !== undefined) calendar.send({ type: "client.pick", clientId: client.id })
              }}
            >
              {view.clients.map((client) => (
                <option key={client.id} value={String(client.id)}>
                  {client.name}
                </option>
              ))}
            </select>
          </label>
          <Link
            className="button button--quiet"
            to="/coach/clients/$userId/maxes"
            params={{ userId: String(clientId) }}
          >
            Maxes
          </Link>
          <div className="calendar-toolbar">
            <ChevronButton
              direction="left"
              label="Previous week"
              className="button button--quiet"
              onClick={() => calendar.send({ type: "week.previous" })}
            />
            <h2 id="calendar-heading" aria-live="polite">
              {view.heading}
            </h2>
            <ChevronButton
              direction="right"
              label="Next week"
              className="button button--quiet"
              onClick={() => calendar.send({ type: "week.next" })}
            />
          </div>
          <button
            type="button"
            className="coach-link-button calendar-today"
            onClick={() => calendar.send({ type: "week.today" })}
          >
            Today
          </button>
          {view.daysError === null ? null : (
            <RetryAlert message={view.daysError} onRetry={() => calendar.send({ type: "days.retry" })} />
          )}
          <table className="calendar-grid">
            <caption className="visually-hidden">{view.caption}</caption>
            <thead>
              <tr>
                {view.weekdays.map((day) => (
                  <th key={day} scope="col">
                    {day}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {[0, 1, 2, 3].map((week) => (
                <tr key={week}>
                  {view.days.slice(week * 7, week * 7 + 7).map((day) => (
                    <DayCell key={day.iso} day={day} clientId={clientId} />
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
          <p className="calendar-legend muted">
            <span className="calendar-mark calendar-mark--workout" aria-hidden="true" /> Workout scheduled
            <span className="calendar-mark calendar-mark--results" aria-hidden="true" /> Results logged
            {view.loadingDays ? <span role="status"> · Loading workouts…</span> : null}
          </p>
        </section>
      ) : null}
    </main>
  )
}
