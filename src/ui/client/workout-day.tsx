import { Link } from "@tanstack/react-router"
import { useSelector } from "@xstate/react"
import { prescriptionText } from "#domain/prescription.ts"
import {
  sameWorkoutDay,
  selectWorkoutDay,
  type WorkoutDayActorRef
} from "#machines/workout-day/workout-day.selectors.ts"
import "./client.css"

/** /client/workouts/{date}: the day's workout, its sets as reps at RIR, and 'Start workout'. */
export function WorkoutDay({ day }: { day: WorkoutDayActorRef }) {
  const view = useSelector(day, selectWorkoutDay, sameWorkoutDay)
  return (
    <main className="page workout-day">
      <p className="muted">Here is your workout for</p>
      <h1>{view.dateText}</h1>
      {view.status === "loading" ? <p role="status">Loading...</p> : null}
      {view.status === "failed" ? (
        <>
          <p role="alert">The workout could not be loaded.</p>
          <button type="button" className="button button--quiet" onClick={() => day.send({ type: "workout.retry" })}>
            Try again
          </button>
        </>
      ) : null}
      {view.status === "none" ? <p>No workout scheduled for {view.dateText}</p> : null}
      {view.status === "ready" ? (
        <section className="card" aria-labelledby="workout-title">
          <h2 id="workout-title">Workout #{view.index + 1}</h2>
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
            params={{ date: view.routeDate, idx: "0" }}
            state={{ workout: view.workout, index: view.index, date: view.routeDate }}
            className="button"
          >
            Start workout
          </Link>
        </section>
      ) : null}
    </main>
  )
}
