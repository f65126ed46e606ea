import { Link } from "@tanstack/react-router"
import { DemoLink } from "#ui/layout/demo-link.tsx"
import { useSelector } from "@xstate/react"
import {
  sameWorkoutDay,
  selectWorkoutDay,
  type DayExerciseView,
  type SiblingView,
  type WorkoutDayActorRef,
  type WorkoutDayView
} from "#machines/workout-day/workout-day.selectors.ts"
import type { Unit } from "#domain/units.ts"
import { DayOfflineNote } from "./offline-note.tsx"
import { DoneUnknownNotice } from "./schedule-load-status.tsx"
import { WorkoutNotes } from "./workout-notes.tsx"
import "./client.css"

type ReadyView = Extract<WorkoutDayView, { status: "ready" }>

/** A day with several workouts: each one its own address, a tap away. */
function DayWorkoutLinks({
  routeDate,
  workouts
}: {
  routeDate: ReadyView["routeDate"]
  workouts: ReadonlyArray<SiblingView>
}) {
  if (workouts.length === 0) return null
  return (
    <nav aria-label="Workouts of the day">
      <ul className="workout-day__links">
        {workouts.map((workout) => (
          <li key={workout.index}>
            <Link
              to="/client/workouts/$date"
              params={{ date: routeDate }}
              search={workout.search}
              state={workout.carried}
              className={`button${workout.current ? "" : " button--quiet"}`}
              aria-current={workout.current ? "page" : undefined}
            >
              {workout.title}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  )
}

function ExerciseSets({ exercise }: { exercise: DayExerciseView }) {
  return (
    <div className="workout-day__exercise">
      <h3>{exercise.name}</h3>
      {exercise.tempoAndRest === "" ? null : <p className="muted workout-day__details">{exercise.tempoAndRest}</p>}
      {exercise.note === null ? null : <p className="workout-day__details">From your coach: {exercise.note}</p>}
      {exercise.demoUrl === null ? null : (
        <p className="workout-day__details">
          <DemoLink url={exercise.demoUrl} name={exercise.name} />
        </p>
      )}
      <ol className="workout-day__sets">
        {exercise.sets.map((set) => (
          <li key={set.id}>
            <span>{set.prescription}</span>
            {set.added ? <span className="workout-day__added"> (added by you)</span> : null}
            {set.logged === null ? null : (
              <span className="workout-day__logged">
                <span className="workout-day__logged-label">Result</span> <span>{set.logged}</span>
              </span>
            )}
          </li>
        ))}
      </ol>
    </div>
  )
}

/** 'Start workout', or for a completed workout 'Correct a value': both open the pager on the same workout. */
function LoggingLink({ view, children }: { view: ReadyView; children: string }) {
  return (
    <Link
      to="/client/workouts/$date/$idx"
      params={{ date: view.routeDate, idx: "0" }}
      search={view.search}
      state={view.carried}
      className={children === "Start workout" ? "button" : "button button--quiet"}
    >
      {children}
    </Link>
  )
}

function ReadyWorkout({ view, day }: { view: ReadyView; day: WorkoutDayActorRef }) {
  const { record } = view
  return (
    <section className="card" aria-labelledby="workout-title">
      <h2 id="workout-title">{view.title}</h2>
      {record.status === "completed" ? <p className="workout-day__completed">{record.summary}</p> : null}
      {record.status === "checking" ? <p role="status">Checking whether this workout is done…</p> : null}
      {view.exercises.map((exercise) => (
        <ExerciseSets key={exercise.key} exercise={exercise} />
      ))}
      {record.status === "unknown" ? <DoneUnknownNotice onRetry={() => day.send({ type: "record.retry" })} /> : null}
      {record.status === "completed" ? <LoggingLink view={view}>Correct a value</LoggingLink> : null}
      {record.status === "open" || record.status === "unknown" || record.status === "unasked" ? (
        <LoggingLink view={view}>Start workout</LoggingLink>
      ) : null}
    </section>
  )
}

/**
 * /client/workouts/{date}?workout=N: one workout of the day with each set's whole
 * prescription, and 'Start workout'; once completed, what was logged and 'Correct a value'.
 */
export function WorkoutDay({ day, unit }: { day: WorkoutDayActorRef; unit?: Unit | undefined }) {
  // Every weight in the lifter's unit once it is known (docs/decisions/038).
  const view = useSelector(day, (snapshot) => selectWorkoutDay(snapshot, unit), sameWorkoutDay)
  return (
    <main className="page workout-day">
      <p className="muted">Here is your workout for</p>
      <h1>{view.dateText}</h1>
      <DayOfflineNote day={day} />
      <DayWorkoutLinks routeDate={view.routeDate} workouts={view.workouts} />
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
      {view.status === "ready" ? <ReadyWorkout view={view} day={day} /> : null}
      {view.status === "ready" ? <WorkoutNotes date={view.date} workoutOrder={view.workout.workout_order} /> : null}
    </main>
  )
}
