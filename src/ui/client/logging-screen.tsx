import { useSelector } from "@xstate/react"
import { Suspense, useRef, type PointerEvent, type ReactNode } from "react"
import type { GroupedWorkout } from "#domain/workout.ts"
import type { WorkoutOrder } from "#domain/workout-edits.ts"
import type { AutosaveActorRef } from "#machines/autosave/autosave.selectors.ts"
import { selectSyncView } from "#machines/autosave/autosave.selectors.ts"
import {
  isActiveView,
  selectLoadsRef,
  selectLoggingView,
  selectTimerRef,
  type ActiveLoggingView,
  type LoggingActorRef,
  type LoggingExerciseView
} from "#machines/logging/logging.selectors.ts"
import { addSetEvent } from "#machines/logging/logging.workout.ts"
import {
  sameWorkoutDay,
  selectWorkoutDay,
  type WorkoutDayActorRef
} from "#machines/workout-day/workout-day.selectors.ts"
import type { CommentsSlot } from "#ui/comments/comments-slot.ts"
import type { VideosSlot } from "#ui/videos/videos-slot.ts"
import { ChevronButton } from "#ui/layout/icons.tsx"
import { lazyWhenOnline } from "./logging-lazy.tsx"
import { LoggingCoaching } from "./logging-coaching.tsx"
import type { RestSlot } from "./logging-rest.tsx"
import { SetLogger } from "./set-logger.tsx"
import { WorkoutTimer } from "./workout-timer.tsx"
import "./client.css"
import "./logging-screen.css"

// The summary (the last screen) and the rest bar (after a set is done) are not needed to
// paint the first exercise: their chunk is fetched once the page is idle (offline, when it is back).
const later = () => import("./logging-later.tsx")
const LoggingSummary = lazyWhenOnline(() => later().then((module) => ({ default: module.LoggingSummary })))
const LazyRestBar = lazyWhenOnline(() => later().then((module) => ({ default: module.RestBar })))
// "Adding a set…", and why an add or remove failed: only after the lifter asks for one.
const SetChangeStatus = lazyWhenOnline(() => later().then((module) => ({ default: module.SetChangeStatus })))
// "Offline: n sets are waiting to sync" shows only once a send failed, long after the page painted.
const SyncNotice = lazyWhenOnline(() => later().then((module) => ({ default: module.SyncNotice })))
// "Comment on this workout" comes with the page's notes, in their own chunk after it paints.
const WorkoutNotes = lazyWhenOnline(() =>
  import("#ui/comments/logging-notes.tsx").then((module) => ({ default: module.WorkoutNotes }))
)
// 'Offline, as of …' for a workout read from the phone's copy: offline, the app's service
// worker serves the chunk, as it served the page (docs/decisions/026).
const DayOfflineNote = lazyWhenOnline(() =>
  import("./offline-note.tsx").then((module) => ({ default: module.DayOfflineNote }))
)
// Safari has no requestIdleCallback.
if (typeof window !== "undefined") {
  if ("requestIdleCallback" in window) requestIdleCallback(() => void later().catch(() => undefined))
  else setTimeout(() => void later().catch(() => undefined), 1000)
}

function RestBar({ slot }: { slot: RestSlot }) {
  return (
    <Suspense fallback={null}>
      <LazyRestBar slot={slot} />
    </Suspense>
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

function ExercisePage({
  view,
  exercise,
  logging,
  autosave,
  rest,
  notes,
  videos
}: {
  view: ActiveLoggingView
  exercise: LoggingExerciseView
  logging: LoggingActorRef
  autosave: AutosaveActorRef
  rest: RestSlot
  notes: Notes | undefined
  videos: VideosSlot | undefined
}) {
  const restoring = useSelector(autosave, (s) => selectSyncView(s).restoring)
  const loads = useSelector(logging, selectLoadsRef)
  const swipeStart = useRef<number | null>(null)
  const onPointerDown = (event: PointerEvent) => {
    swipeStart.current = event.clientX
  }
  const onPointerUp = (event: PointerEvent) => {
    if (swipeStart.current === null) return
    logging.send({ type: "page.swipe", dx: event.clientX - swipeStart.current })
    swipeStart.current = null
  }
  const { addSet } = exercise

  return (
    <>
      <section
        className="logging__exercise"
        aria-label={exercise.name}
        onPointerDown={onPointerDown}
        onPointerUp={onPointerUp}
        onPointerCancel={() => (swipeStart.current = null)}
      >
        <p className="muted logging__position">{exercise.position}</p>
        <h2>{exercise.name}</h2>
        <LoggingCoaching coaching={exercise.coaching} single={exercise.superset === null} />
        {restoring ? (
          <p role="status">Loading...</p>
        ) : (
          exercise.sets.map((set) => (
            <SetLogger
              key={set.id}
              set={set}
              autosave={autosave}
              loads={loads}
              // A set marked done starts its rest; the tap is the moment.
              onDone={() => rest.start(Date.now(), set.restSeconds)}
              onRemove={set.removable ? () => logging.send({ type: "set.remove", setId: set.id }) : undefined}
              notes={notes?.slot}
              videos={videos}
            />
          ))
        )}
        {addSet === null ? null : (
          <button
            type="button"
            className="button button--quiet logging__add-set"
            disabled={!addSet.enabled}
            onClick={() => logging.send(addSetEvent(addSet.afterSetId))}
          >
            {addSet.label}
          </button>
        )}
        <Suspense fallback={null}>
          <SetChangeStatus view={view} logging={logging} />
        </Suspense>
        {notes === undefined ? null : (
          <Suspense fallback={null}>
            <WorkoutNotes slot={notes.slot} workoutOrder={notes.workoutOrder} />
          </Suspense>
        )}
      </section>
      <div className="logging__dock">
        <RestBar slot={rest} />
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
      </div>
    </>
  )
}

/** The page's notes (the route mounts them after it paints), and which workout they are on. */
export interface Notes {
  readonly slot: CommentsSlot
  readonly workoutOrder: WorkoutOrder
}

/**
 * The workout logging pager: one exercise per screen, then the summary (docs/product.md),
 * with the rest timer under the thumb and the screen kept awake while it is open. The
 * rest bar and the arrows share one dock that sticks above the bottom bar, so neither
 * ever covers a set's fields: at the end of the page the dock simply follows them.
 */
export function LoggingScreen({
  logging,
  autosave,
  rest,
  restTimer,
  wakeLock,
  notes,
  videos,
  day
}: {
  logging: LoggingActorRef
  autosave: AutosaveActorRef
  /** Where the rest timer is handed over once the route has mounted it (`restTimer`). */
  rest: RestSlot
  /** The rest timer the route mounts from its own chunk, handing it to `rest`. */
  restTimer: ReactNode
  /** The screen kept on, with its status line (a wake lock the route mounts). */
  wakeLock: ReactNode
  /** Notes on the sets and the workout (docs/decisions/041); the route mounts them from their own chunk. */
  notes?: Notes | undefined
  /** Form checks on the sets (docs/decisions/050); the route mounts them from their own chunk. */
  videos?: VideosSlot | undefined
  /** The day the workout came from: offline, the note says how old the device's copy of it is. */
  day: WorkoutDayActorRef
}) {
  const view = useSelector(logging, selectLoggingView)
  const timer = useSelector(logging, selectTimerRef)

  // Submitted: the dashboard is on its way.
  if (!isActiveView(view)) return <Waiting />

  return (
    <main className="page logging">
      <header className="logging__header">
        <div>
          <h1>{view.status === "summary" ? "Summary" : "Workout"}</h1>
          <p className="muted">{view.dateText}</p>
        </div>
        {timer === undefined ? null : <WorkoutTimer timer={timer} />}
      </header>
      <Suspense fallback={null}>
        <DayOfflineNote day={day} />
      </Suspense>
      <Suspense fallback={null}>{wakeLock}</Suspense>
      <Suspense fallback={null}>{restTimer}</Suspense>
      <Suspense fallback={null}>
        <SyncNotice autosave={autosave} />
      </Suspense>
      {view.exercise !== null ? (
        <ExercisePage
          view={view}
          exercise={view.exercise}
          logging={logging}
          autosave={autosave}
          rest={rest}
          notes={notes}
          videos={videos}
        />
      ) : (
        <>
          <Suspense fallback={<p role="status">Loading...</p>}>
            <LoggingSummary view={view} logging={logging} autosave={autosave} videos={videos} />
          </Suspense>
          <div className="logging__dock">
            <RestBar slot={rest} />
          </div>
        </>
      )}
    </main>
  )
}
