import { Link } from "@tanstack/react-router"
import { useSelector } from "@xstate/react"
import {
  selectFreshness,
  selectWeekView,
  type ScheduleActorRef
} from "#machines/client-schedule/client-schedule.selectors.ts"
import { sameFreshness } from "#domain/as-of-text.ts"
import { ChevronButton } from "#ui/layout/icons.tsx"
import { OfflineNote } from "./offline-note.tsx"
import { ScheduleLoadStatus } from "./schedule-load-status.tsx"
import "./client.css"

/** The client's week strip and the selected day's workouts (docs/product.md). */
export function ClientCalendar({ schedule }: { schedule: ScheduleActorRef }) {
  const view = useSelector(schedule, selectWeekView)
  const freshness = useSelector(schedule, selectFreshness, sameFreshness)
  return (
    <main className="page client-calendar">
      <h1>Calendar</h1>
      <OfflineNote freshness={freshness} />
      <div className="week-nav">
        <ChevronButton
          direction="left"
          label="Previous week"
          size={22}
          onClick={() => schedule.send({ type: "week.previous" })}
        />
        <p className="week-nav__month">{view.monthText}</p>
        <button type="button" className="link-button" onClick={() => schedule.send({ type: "week.today" })}>
          Today
        </button>
        <ChevronButton
          direction="right"
          label="Next week"
          size={22}
          onClick={() => schedule.send({ type: "week.next" })}
        />
      </div>
      <ol className="week-strip" aria-label="Week">
        {view.days.map((day) => (
          <li key={day.date}>
            <button
              type="button"
              className={`week-day${day.selected ? " week-day--selected" : ""}${day.today ? " week-day--today" : ""}`}
              aria-pressed={day.selected}
              onClick={() => schedule.send({ type: "day.select", date: day.date })}
            >
              <span className="week-day__letter" aria-hidden="true">
                {day.letter}
              </span>
              <span className="week-day__number" aria-hidden="true">
                {day.dayNumber}
              </span>
              <span className="week-day__marks" aria-hidden="true">
                {day.mark === null ? null : <span className={`week-day__mark week-day__mark--${day.mark}`} />}
                <span className={`week-day__marker${day.hasResults ? " week-day__marker--on" : ""}`} />
              </span>
              {/* The letters, numbers and marks are shorthand; the full date and what it holds is what is announced. */}
              <span className="visually-hidden">{day.label}</span>
            </button>
          </li>
        ))}
      </ol>
      <section className="day-workouts" aria-label={view.selectedText}>
        <h2>{view.selectedText}</h2>
        <ScheduleLoadStatus status={view.status} schedule={schedule} />
        {view.status === "ready" && view.workouts.length === 0 ? <p className="muted">{view.emptyText}</p> : null}
        {view.status === "ready"
          ? view.workouts.map((workout) => (
              <article key={workout.index} className="card day-workout">
                <h3>{workout.title}</h3>
                {workout.doneText === null ? null : <p className="day-workout__done">{workout.doneText}</p>}
                <p className="muted">{workout.exerciseNames.join(", ")}</p>
                <Link
                  to="/client/workouts/$date"
                  params={{ date: workout.routeDate }}
                  search={workout.search}
                  state={workout.carried}
                  className="button"
                >
                  View workout
                </Link>
              </article>
            ))
          : null}
      </section>
    </main>
  )
}
