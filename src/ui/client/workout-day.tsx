import { Link } from "@tanstack/react-router"
import { formatLongUsDate, isoToRouteDate, type IsoDate } from "#domain/calendar.ts"
import type { GroupedWorkout } from "#domain/workout.ts"
import { prescriptionText } from "#machines/logging/logging.selectors.ts"
import "./client.css"

export type WorkoutDayView =
  { readonly status: "loading" | "failed" } | { readonly status: "ready"; readonly workout: GroupedWorkout | null }

/** /client/workouts/{date}: the day's workout, its sets as reps at RIR, and 'Start workout'. */
export function WorkoutDay({
  date,
  index = 0,
  view,
  onRetry
}: {
  date: IsoDate
  /** Which workout of the day (from the calendar's route state); 0 otherwise. */
  index?: number
  view: WorkoutDayView
  onRetry: () => void
}) {
  const dateText = formatLongUsDate(date)
  return (
    <main className="page workout-day">
      <p className="muted">Here is your workout for</p>
      <h1>{dateText}</h1>
      {view.status === "loading" ? <p role="status">Loading...</p> : null}
      {view.status === "failed" ? (
        <>
          <p role="alert">The workout could not be loaded.</p>
          <button type="button" className="button button--quiet" onClick={onRetry}>
            Try again
          </button>
        </>
      ) : null}
      {view.status === "ready" && view.workout === null ? <p>No workout scheduled for {dateText}</p> : null}
      {view.status === "ready" && view.workout !== null ? (
        <section className="card" aria-labelledby="workout-title">
          <h2 id="workout-title">Workout #{index + 1}</h2>
          {view.workout.exercises.map((exercise) => (
            <div key={exercise.exercise_order} className="workout-day__exercise">
              <h3>{exercise.name}</h3>
              <ol className="workout-day__sets">
                {exercise.sets.map((set) => (
                  <li key={set.id}>{prescriptionText(set) || "As prescribed"}</li>
                ))}
              </ol>
            </div>
          ))}
          <Link
            to="/client/workouts/$date/$idx"
            params={{ date: isoToRouteDate(date), idx: "0" }}
            state={{ workout: view.workout, index, date: isoToRouteDate(date) }}
            className="button"
          >
            Start workout
          </Link>
        </section>
      ) : null}
    </main>
  )
}
