import { Link } from "@tanstack/react-router"
import { useSelector } from "@xstate/react"
import {
  NOT_COMPLETED,
  selectCoachDay,
  type CoachDayActorRef,
  type DayWorkoutView
} from "#machines/coach-day/coach-day.selectors.ts"
import type { LoadReferencesActorRef } from "#machines/load-references/load-references.selectors.ts"
import { RetryAlert } from "#ui/layout/retry-alert.tsx"
import { CoachSetLoad } from "./coach-day-loads.tsx"
import "./coach.css"

function WorkoutCard({
  workout,
  number,
  loads
}: {
  workout: DayWorkoutView
  number: number
  loads: LoadReferencesActorRef | undefined
}) {
  const headingId = `workout-${number}`
  return (
    <article className="coach-card coach-stack" aria-labelledby={headingId}>
      <h2 id={headingId}>{workout.title}</h2>
      {workout.completion === null ? null : (
        <p className={workout.completion === NOT_COMPLETED ? "day-completion muted" : "day-completion"}>
          {workout.completion}
        </p>
      )}
      {workout.exercises.map((exercise, index) => (
        <section key={index} className="day-exercise">
          <h3>{exercise.name}</h3>
          <table className="day-sets">
            <thead>
              <tr>
                <th scope="col">Set</th>
                <th scope="col">Prescribed</th>
                <th scope="col">Performed</th>
              </tr>
            </thead>
            <tbody>
              {exercise.sets.map((set) => (
                <tr key={set.label}>
                  <th scope="row">
                    {set.label}
                    {set.addedByClient ? (
                      <>
                        {" "}
                        <span className="day-added">added by client</span>
                      </>
                    ) : null}
                  </th>
                  <td>
                    {set.prescribed}
                    {loads === undefined ? null : <CoachSetLoad loads={loads} setId={set.setId} />}
                  </td>
                  <td className={set.performed === null || set.skipped ? "muted" : "day-performed"}>
                    {set.performed ?? "Not logged yet"}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </section>
      ))}
    </article>
  )
}

/**
 * /coach/workouts/{userId}/{date}: the client's workouts that day, with what they logged and
 * whether they finished; each prescribed set with the load the client sees for it.
 */
export function CoachDay({ day, loads }: { day: CoachDayActorRef; loads?: LoadReferencesActorRef | undefined }) {
  const view = useSelector(day, selectCoachDay)
  return (
    <main className="page coach-stack">
      <h1>{view.dateLabel}</h1>
      {view.status === "loading" ? <p role="status">Loading workouts…</p> : null}
      {view.error === null ? null : (
        <div className="coach-card">
          <RetryAlert message={view.error} onRetry={() => day.send({ type: "day.retry" })} />
        </div>
      )}
      {view.status === "showing" && view.workouts.length === 0 ? (
        <p className="muted">No workouts on this day yet.</p>
      ) : null}
      {view.workouts.map((workout, index) => (
        <WorkoutCard key={index} workout={workout} number={index + 1} loads={loads} />
      ))}
      <div className="coach-actions">
        <Link className="button" to="/coach/workoutbuilder/$userId/$date" params={view.dayParams}>
          Add workout
        </Link>
        <Link className="button button--quiet" to="/coach/calendar" search={{ client: view.clientId }}>
          Back to calendar
        </Link>
      </div>
    </main>
  )
}
