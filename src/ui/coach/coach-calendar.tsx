import { Link } from "@tanstack/react-router"
import { useSelector } from "@xstate/react"
import { useRef } from "react"
import type { UserId } from "#domain/ids.ts"
import {
  selectCalendar,
  type CalendarDay,
  type CoachCalendarActorRef,
  type CoachCalendarView,
  type MoveView
} from "#machines/coach-calendar/coach-calendar.selectors.ts"
import { ChevronButton } from "#ui/layout/icons.tsx"
import { RetryAlert } from "#ui/layout/retry-alert.tsx"
import { dropTarget, MoveBar, moveKeys, useFocusMoved, WorkoutChipItem } from "./calendar-move.tsx"
import "./coach.css"
import "./calendar-grid.css"

const MARK_GLYPHS = { completed: "✓", missed: "✕", scheduled: "" } as const

function DayCell({
  day,
  clientId,
  move,
  calendar
}: {
  day: CalendarDay
  clientId: UserId
  move: MoveView
  calendar: CoachCalendarActorRef
}) {
  const classes = ["calendar-day", day.isToday ? "is-today" : "", day.isSelected ? "is-selected" : ""].filter(Boolean)
  const cell = ["calendar-cell", day.isMoveTarget ? "is-move-target" : "", day.isToday ? "is-today" : ""].filter(
    Boolean
  )
  return (
    <td {...dropTarget(day, move, calendar)}>
      <div className={cell.join(" ")}>
        <Link
          className={classes.join(" ")}
          to="/coach/workouts/$userId/$date"
          params={{ userId: String(clientId), date: day.routeDate }}
          aria-current={day.isToday ? "date" : undefined}
          onClick={(event) => {
            // While a workout is picked up, a click on a day chooses it rather than opening it.
            if (move.status !== "choosing") return
            event.preventDefault()
            calendar.send({ type: "move.target", date: day.iso })
          }}
        >
          {/* Seen only; the hidden description says all of it in words. */}
          <span className="calendar-day-top" aria-hidden="true">
            <span className="calendar-month">{day.month}</span>
            <span className="calendar-day-number">{day.label}</span>
            {day.mark === null ? null : (
              <span className={`calendar-mark calendar-mark--${day.mark}`}>{MARK_GLYPHS[day.mark]}</span>
            )}
          </span>
          {day.workouts.length === 0 ? null : (
            <span className="calendar-workouts" aria-hidden="true">
              {day.workouts.map((workout) => (
                <span key={workout} className="calendar-workout">
                  {workout}
                </span>
              ))}
            </span>
          )}
          {day.workouts.length > 1 ? (
            <span className="calendar-count" aria-hidden="true">
              ×{day.workouts.length}
            </span>
          ) : null}
          {day.volume === null ? null : (
            <span className="calendar-volume" aria-hidden="true">
              <span className="calendar-volume--full">{day.volume}</span>
              <span className="calendar-volume--short">{day.volumeShort}</span>
            </span>
          )}
          <span className="visually-hidden">{day.description}</span>
        </Link>
        {/* The desk's wide cells: each workout in full, to drag or move; a phone keeps the link alone. */}
        {day.chips.length === 0 ? null : (
          <ul className="calendar-chips" aria-label={day.chipsLabel}>
            {day.chips.map((chip) => (
              <WorkoutChipItem key={chip.key} chip={chip} move={move} calendar={calendar} />
            ))}
          </ul>
        )}
      </div>
    </td>
  )
}

/** The client picker; while the client asked for was not found it asks for one. */
function ClientPicker({ view, calendar }: { view: CoachCalendarView; calendar: CoachCalendarActorRef }) {
  const offset = view.clientId === null ? 1 : 0
  return (
    <label className="field">
      Client
      <select
        name="client"
        value={view.clientId === null ? "" : String(view.clientId)}
        onChange={(event) => {
          // The options are view.clients in order, so the chosen one is found without parsing its value.
          const client = view.clients[event.target.selectedIndex - offset]
          if (client !== undefined) calendar.send({ type: "client.pick", clientId: client.id })
        }}
      >
        {offset === 1 ? (
          <option value="" disabled>
            Choose a client
          </option>
        ) : null}
        {view.clients.map((client) => (
          <option key={client.id} value={String(client.id)}>
            {client.name}
          </option>
        ))}
      </select>
    </label>
  )
}

function Legend({ view }: { view: CoachCalendarView }) {
  return (
    <p className="calendar-legend muted">
      <span>
        <span className="calendar-mark calendar-mark--completed" aria-hidden="true">
          {MARK_GLYPHS.completed}
        </span>{" "}
        Completed
      </span>
      <span>
        <span className="calendar-mark calendar-mark--missed" aria-hidden="true">
          {MARK_GLYPHS.missed}
        </span>{" "}
        Missed
      </span>
      <span>
        <span className="calendar-mark calendar-mark--scheduled" aria-hidden="true" /> Scheduled
      </span>
      <span>{view.volumeLegend} (weight × reps logged)</span>
      {view.loadingDays ? <span role="status">Loading workouts…</span> : null}
    </p>
  )
}

/** /coach/calendar: a client's 28 days from this week's Sunday, moved a week at a time. */
export function CoachCalendar({ calendar }: { calendar: CoachCalendarActorRef }) {
  const view = useSelector(calendar, selectCalendar)
  const { clientId } = view
  const grid = useRef<HTMLTableElement>(null)
  useFocusMoved(view.move.movedKey, grid)
  return (
    <main className="page coach-stack calendar-page">
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
      {view.status === "clientNotFound" ? (
        <section className="coach-card coach-stack" aria-label="Choose a client">
          <p className="calendar-not-found" role="alert">
            {view.message}
          </p>
          <ClientPicker view={view} calendar={calendar} />
        </section>
      ) : null}
      {view.status === "calendar" && clientId !== null ? (
        <section
          className="coach-card coach-stack calendar-card"
          aria-labelledby="calendar-heading"
          aria-busy={view.loadingDays}
          onKeyDown={moveKeys(view, calendar)}
        >
          <div className="calendar-head">
            <ClientPicker view={view} calendar={calendar} />
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
          </div>
          {view.daysError === null ? null : (
            <RetryAlert message={view.daysError} onRetry={() => calendar.send({ type: "days.retry" })} />
          )}
          <MoveBar move={view.move} calendar={calendar} />
          {/* Said as it happens: the pick and the day chosen, the call, the server's answer. */}
          <p className="visually-hidden" role="status">
            {view.move.announcement}
          </p>
          <table className="calendar-grid" ref={grid}>
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
                    <DayCell key={day.iso} day={day} clientId={clientId} move={view.move} calendar={calendar} />
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
          <Legend view={view} />
        </section>
      ) : null}
    </main>
  )
}
