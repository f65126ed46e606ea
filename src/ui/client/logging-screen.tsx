import { useSelector } from "@xstate/react"
import { useRef, type PointerEvent, type ReactNode } from "react"
import type { GroupedWorkout } from "#domain/workout.ts"
import type { AutosaveActorRef } from "#machines/autosave/autosave.selectors.ts"
import { selectSyncView } from "#machines/autosave/autosave.selectors.ts"
import {
  isActiveView,
  selectLoggingView,
  selectTimerRef,
  type LoggingActorRef
} from "#machines/logging/logging.selectors.ts"
import {
  sameWorkoutDay,
  selectWorkoutDay,
  type WorkoutDayActorRef
} from "#machines/workout-day/workout-day.selectors.ts"
import { SetLogger } from "./set-logger.tsx"
import { WorkoutTimer } from "./workout-timer.tsx"
import { ChevronButton } from "#ui/layout/icons.tsx"
import "./client.css"

function SyncNotice({ autosave }: { autosave: AutosaveActorRef }) {
  const sync = useSelector(
    autosave,
    selectSyncView,
    (a, b) => a.offline === b.offline && a.waitingCount === b.waitingCount
  )
  if (!sync.offline || sync.waitingCount === 0) return null
  return (
    <p className="sync-notice" role="status">
      Offline: {sync.waitingCount} {sync.waitingCount === 1 ? "set is" : "sets are"} waiting to sync. Keep logging; they
      will be sent when you are back online.
    </p>
  )
}

function Waiting() {
  return (
    <main className="page">
      <p role="status">Loading...</p>
    </main>
  )
}

/**
 * The logging page before it can log: the day's workout loading, failed or missing.
 * Once the workout is there, `children` renders the pager for it.
 */
export function WorkoutToLog({
  day,
  children
}: {
  day: WorkoutDayActorRef
  children: (found: { workout: GroupedWorkout; index: number }) => ReactNode
}) {
  const view = useSelector(day, selectWorkoutDay, sameWorkoutDay)
  if (view.status === "ready") return children(view)
  if (view.status === "loading") return <Waiting />
  return (
    <main className="page">
      <h1>Workout</h1>
      <p className="muted">{view.dateText}</p>
      {view.status === "none" ? (
        <p>No workout scheduled for {view.dateText}</p>
      ) : (
        <>
          <p role="alert">The workout could not be loaded. Check your connection and try again.</p>
          <button type="button" className="button" onClick={() => day.send({ type: "workout.retry" })}>
            Try again
          </button>
        </>
      )}
    </main>
  )
}

/** The workout logging pager: one exercise per screen, then the summary (SPEC section 4). */
export function LoggingScreen({ logging, autosave }: { logging: LoggingActorRef; autosave: AutosaveActorRef }) {
  const view = useSelector(logging, selectLoggingView)
  const timer = useSelector(logging, selectTimerRef)
  const restoring = useSelector(autosave, (s) => selectSyncView(s).restoring)
  const swipeStart = useRef<number | null>(null)

  // Submitted: the dashboard is on its way.
  if (!isActiveView(view)) return <Waiting />

  const onPointerDown = (event: PointerEvent) => {
    swipeStart.current = event.clientX
  }
  const onPointerUp = (event: PointerEvent) => {
    if (swipeStart.current === null) return
    logging.send({ type: "page.swipe", dx: event.clientX - swipeStart.current })
    swipeStart.current = null
  }

  return (
    <main className="page logging">
      <header className="logging__header">
        <div>
          <h1>{view.status === "summary" ? "Summary" : "Workout"}</h1>
          <p className="muted">{view.dateText}</p>
        </div>
        {timer === undefined ? null : <WorkoutTimer timer={timer} />}
      </header>
      <SyncNotice autosave={autosave} />
      {view.status === "exercise" && view.exercise !== null ? (
        <>
          <section
            className="logging__exercise"
            aria-label={view.exercise.name}
            onPointerDown={onPointerDown}
            onPointerUp={onPointerUp}
            onPointerCancel={() => (swipeStart.current = null)}
          >
            <p className="muted logging__position">{view.exercise.position}</p>
            <h2>{view.exercise.name}</h2>
            {restoring ? (
              <p role="status">Loading...</p>
            ) : (
              view.exercise.sets.map((set) => <SetLogger key={set.id} set={set} autosave={autosave} />)
            )}
          </section>
          <nav className="pager" aria-label="Exercises">
            {view.canGoBack ? (
              <ChevronButton
                direction="left"
                label="Previous exercise"
                className="pager__arrow"
                onClick={() => logging.send({ type: "page.previous" })}
              />
            ) : (
              <span className="pager__spacer" />
            )}
            <button
              type="button"
              className="button button--danger"
              onClick={() => logging.send({ type: "workout.end", at: Date.now() })}
            >
              End Workout
            </button>
            {view.canGoForward ? (
              <ChevronButton
                direction="right"
                label="Next exercise"
                className="pager__arrow"
                onClick={() => logging.send({ type: "page.next" })}
              />
            ) : (
              <span className="pager__spacer" />
            )}
          </nav>
        </>
      ) : (
        <section className="logging__summary card" aria-label="Workout summary">
          <h2>Exercises</h2>
          <ul>
            {view.exerciseNames.map((name, i) => (
              <li key={`${i}-${name}`}>{name}</li>
            ))}
          </ul>
          <div className="logging__actions">
            {view.canResume ? (
              <button
                type="button"
                className="button button--quiet"
                onClick={() => logging.send({ type: "workout.resume", at: Date.now() })}
              >
                Resume Workout
              </button>
            ) : null}
            <button type="button" className="button" onClick={() => logging.send({ type: "workout.submit" })}>
              Submit Workout
            </button>
          </div>
        </section>
      )}
    </main>
  )
}
