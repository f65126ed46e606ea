import { Link } from "@tanstack/react-router"
import { useSelector } from "@xstate/react"
import { Fragment, lazy, Suspense, useEffect, useRef, type ReactNode } from "react"
import {
  NOT_COMPLETED,
  selectCoachDay,
  type CoachDayActorRef,
  type CoachDayView,
  type DayWorkoutView
} from "#machines/coach-day/coach-day.selectors.ts"
import type { LoadReferencesActorRef } from "#machines/load-references/load-references.selectors.ts"
import {
  sameRemoval,
  selectRemoval,
  type RemovalCardView,
  type WorkoutRemovalActorRef
} from "#machines/workout-removal/workout-removal.selectors.ts"
import type { CommentsSlot } from "#ui/comments/comments-slot.ts"
import type { VideosSlot } from "#ui/videos/videos-slot.ts"
import type { ExerciseDemoActorRef } from "#machines/exercise-demo/exercise-demo.selectors.ts"
import { DemoLink } from "#ui/layout/demo-link.tsx"
import { RetryAlert } from "#ui/layout/retry-alert.tsx"
import { ExerciseDemoControl } from "./exercise-demo.tsx"
import { CoachSetLoad } from "./coach-day-loads.tsx"
import { ClientNotFound } from "./day-not-found.tsx"
import { RemovalPanel, UndoBar } from "./day-removal.tsx"
import "./coach.css"

// The client's comments come with the chat client, in a chunk of their own, once the day is up.
const coachComments = () => import("#ui/comments/coach-comments.tsx")
const SetCommentsRow = lazy(() => coachComments().then((module) => ({ default: module.SetCommentsRow })))
const WorkoutComments = lazy(() => coachComments().then((module) => ({ default: module.WorkoutComments })))
const DayCommentsStatus = lazy(() => coachComments().then((module) => ({ default: module.DayCommentsStatus })))
// The client's form checks come in a chunk of their own too.
const SetVideosRow = lazy(() =>
  import("#ui/videos/set-videos.tsx").then((module) => ({ default: module.SetVideosRow }))
)

/** Edit, Copy or repeat, Delete; while this workout is being deleted, the question and what became of it. */
function WorkoutActions({
  workout,
  dayParams,
  removalView,
  canRequest,
  removal
}: {
  workout: DayWorkoutView
  dayParams: CoachDayView["dayParams"]
  removalView: RemovalCardView | null
  canRequest: boolean
  removal: WorkoutRemovalActorRef
}) {
  const remove = useRef<HTMLButtonElement>(null)
  const asked = useRef(false)
  useEffect(() => {
    // Back from the question (Cancel): the keyboard returns to the Delete that asked it.
    if (removalView === null && asked.current) remove.current?.focus()
    asked.current = removalView !== null
  }, [removalView])
  if (removalView !== null) return <RemovalPanel view={removalView} removal={removal} />
  return (
    <div className="day-workout-actions">
      <Link
        className="button button--quiet"
        to="/coach/workoutbuilder/$userId/$date"
        params={dayParams}
        search={{ workout: workout.workoutOrder }}
      >
        Edit
      </Link>
      <Link
        className="button button--quiet"
        to="/coach/copy/$userId/$date"
        params={dayParams}
        search={{ workout: workout.workoutOrder }}
      >
        Copy or repeat
      </Link>
      <button
        ref={remove}
        type="button"
        className="button button--danger-quiet"
        disabled={!canRequest}
        onClick={() =>
          removal.send({ type: "removal.request", workoutOrder: workout.workoutOrder, loggedSets: workout.loggedSets })
        }
      >
        Delete
      </button>
    </div>
  )
}

function WorkoutCard({
  workout,
  number,
  loads,
  comments,
  videos,
  demos,
  children
}: {
  workout: DayWorkoutView
  number: number
  demos: ExerciseDemoActorRef | undefined
  loads: LoadReferencesActorRef | undefined
  comments: CommentsSlot | undefined
  videos: VideosSlot | undefined
  children: ReactNode
}) {
  const headingId = `workout-${number}`
  return (
    <article className="coach-card coach-stack" aria-labelledby={headingId}>
      <h2 id={headingId}>{workout.title}</h2>
      {workout.origin === null ? null : <p className="muted">{workout.origin}</p>}
      {workout.completion === null ? null : (
        <p className={workout.completion === NOT_COMPLETED ? "day-completion muted" : "day-completion"}>
          {workout.completion}
        </p>
      )}
      {workout.exercises.map((exercise, index) => (
        <section key={index} className="day-exercise">
          <h3>{exercise.name}</h3>
          {exercise.tempoAndRest === "" ? null : <p className="muted day-exercise__details">{exercise.tempoAndRest}</p>}
          {exercise.note === null ? null : <p className="day-exercise__note">Note to client: {exercise.note}</p>}
          {demos === undefined ? (
            exercise.demoUrl === null ? null : (
              <DemoLink url={exercise.demoUrl} name={exercise.name} />
            )
          ) : (
            <ExerciseDemoControl exercise={exercise} demos={demos} />
          )}
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
                <Fragment key={set.label}>
                  <tr>
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
                  {comments === undefined ? null : (
                    <Suspense fallback={null}>
                      <SetCommentsRow slot={comments} setId={set.setId} setLabel={`${exercise.name} ${set.label}`} />
                    </Suspense>
                  )}
                  {videos === undefined ? null : (
                    <Suspense fallback={null}>
                      <SetVideosRow slot={videos} setId={set.setId} setLabel={`${exercise.name} ${set.label}`} />
                    </Suspense>
                  )}
                </Fragment>
              ))}
            </tbody>
          </table>
        </section>
      ))}
      {comments === undefined ? null : (
        <Suspense fallback={null}>
          <WorkoutComments slot={comments} workoutOrder={workout.workoutOrder} />
        </Suspense>
      )}
      {children}
    </article>
  )
}

/**
 * /coach/workouts/{userId}/{date}: the client's workouts that day, with what they logged and
 * whether they finished; each prescribed set with the load the client sees for it.
 */
export function CoachDay({
  day,
  removal,
  loads,
  comments,
  videos,
  demos
}: {
  day: CoachDayActorRef
  removal: WorkoutRemovalActorRef
  /** The coach's demo links, set from the day's exercises (docs/decisions/048). */
  demos?: ExerciseDemoActorRef | undefined
  loads?: LoadReferencesActorRef | undefined
  /** The client's notes on this day's sets and workouts, with a reply in place (docs/decisions/029). */
  comments?: CommentsSlot | undefined
  /** The client's form checks on this day's sets, to watch and comment at a moment (docs/decisions/050). */
  videos?: VideosSlot | undefined
}) {
  const view = useSelector(day, selectCoachDay)
  const removing = useSelector(removal, selectRemoval, sameRemoval)
  const heading = useRef<HTMLHeadingElement>(null)
  const barShown = removing.bar !== null
  const barWasShown = useRef(false)
  useEffect(() => {
    // The bar went with the keyboard in it: the day's heading takes it, not the page's top.
    const lost = document.activeElement === null || document.activeElement === document.body
    if (barWasShown.current && !barShown && lost) heading.current?.focus()
    barWasShown.current = barShown
  }, [barShown])
  if (view.status === "notFound") return <ClientNotFound />
  return (
    <main className={barShown ? "page coach-stack day-page--bar" : "page coach-stack"}>
      <hgroup>
        <h1 ref={heading} tabIndex={-1}>
          {view.dateLabel}
        </h1>
        {view.clientLabel === null ? null : <p className="day-client">{view.clientLabel}</p>}
      </hgroup>
      {view.status === "loading" ? <p role="status">Loading workouts…</p> : null}
      {view.error === null ? null : (
        <div className="coach-card">
          <RetryAlert message={view.error} onRetry={() => day.send({ type: "day.retry" })} />
        </div>
      )}
      {comments === undefined || view.status !== "showing" ? null : (
        <Suspense fallback={null}>
          <DayCommentsStatus slot={comments} />
        </Suspense>
      )}
      {view.status === "showing" && view.workouts.length === 0 ? (
        <p className="muted">No workouts on this day yet.</p>
      ) : null}
      {view.workouts.map((workout, index) => (
        <WorkoutCard
          key={workout.workoutOrder}
          workout={workout}
          number={index + 1}
          loads={loads}
          comments={comments}
          videos={videos}
          // Nothing else to press on a workout being deleted; kept while the day reads itself
          // again after a saved link, so the keyboard stays where it was. An imported workout
          // names the lifter's own exercises, whose demos are not the coach's to set (ADR 049).
          demos={removing.workoutOrder === workout.workoutOrder || workout.origin !== null ? undefined : demos}
        >
          {view.status === "showing" ? (
            <WorkoutActions
              workout={workout}
              dayParams={view.dayParams}
              removalView={removing.workoutOrder === workout.workoutOrder ? removing.card : null}
              canRequest={removing.canRequest}
              removal={removal}
            />
          ) : null}
        </WorkoutCard>
      ))}
      <div className="coach-actions">
        <Link className="button" to="/coach/workoutbuilder/$userId/$date" params={view.dayParams}>
          Add workout
        </Link>
        {view.workouts.length === 0 ? null : (
          <Link className="button button--quiet" to="/coach/copy/$userId/$date" params={view.dayParams}>
            Copy this day or week
          </Link>
        )}
        <Link className="button button--quiet" to="/coach/calendar" search={view.calendarSearch}>
          Back to calendar
        </Link>
      </div>
      <UndoBar view={removing.bar} removal={removal} />
    </main>
  )
}
