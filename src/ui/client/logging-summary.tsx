import { useSelector } from "@xstate/react"
import { Suspense } from "react"
import { selectPerformed, selectSetOutcome, type AutosaveActorRef } from "#machines/autosave/autosave.selectors.ts"
import {
  selectHistories,
  selectWorkout,
  type ActiveLoggingView,
  type LoggingActorRef
} from "#machines/logging/logging.selectors.ts"
import { sameSummary, summarizeWorkout } from "#domain/workout-summary.ts"
import type { VideosSlot } from "#ui/videos/videos-slot.ts"
import { lazyWhenOnline } from "./logging-lazy.tsx"

// The day's form checks come with the page's clips, in their own chunk.
const DayVideos = lazyWhenOnline(() =>
  import("#ui/videos/set-videos.tsx").then((module) => ({ default: module.DayVideos }))
)

/**
 * The summary (screen n, docs/product.md): done against written per exercise, today's
 * records, the sets still open; then 'Submit Workout', which asks first when sets are not
 * logged and leaves for the dashboard once the server holds the completion; offline it
 * waits on the device, said to be not yet sent (docs/decisions/028).
 */
export function LoggingSummary({
  view,
  logging,
  autosave,
  videos
}: {
  view: ActiveLoggingView
  logging: LoggingActorRef
  autosave: AutosaveActorRef
  videos?: VideosSlot | undefined
}) {
  const workout = useSelector(logging, selectWorkout)
  const histories = useSelector(logging, selectHistories)
  // What each set became lives in autosave: logged, skipped, or still open.
  const summary = useSelector(
    autosave,
    (snapshot) =>
      summarizeWorkout(workout, histories, {
        outcome: (setId) => selectSetOutcome(snapshot, setId),
        performed: (setId) => selectPerformed(snapshot, setId)
      }),
    sameSummary
  )
  const step = view.summaryStep
  const resume = () => logging.send({ type: "workout.resume", at: Date.now() })

  return (
    <section className="logging__summary card" aria-label="Workout summary">
      <h2>Exercises</h2>
      <ul className="logging__done">
        {summary.exercises.map((exercise, i) => (
          <li key={`${i}-${exercise.name}`}>{exercise.text}</li>
        ))}
      </ul>
      {summary.records.length === 0 ? null : (
        <>
          <h2>Personal records</h2>
          <ul className="logging__records">
            {summary.records.map((record) => (
              <li key={record}>{record}</li>
            ))}
          </ul>
        </>
      )}
      {videos === undefined ? null : (
        <Suspense fallback={null}>
          <DayVideos slot={videos} />
        </Suspense>
      )}
      {summary.unloggedText === null ? null : <p className="logging__unlogged">{summary.unloggedText}</p>}

      {step === "confirming" ? (
        <div className="logging__confirm" role="group" aria-label="Confirm submit">
          <p className="logging__question">{view.confirmText}</p>
          <div className="logging__actions">
            <button type="button" className="button button--quiet" onClick={resume}>
              Keep logging
            </button>
            <button
              type="button"
              className="button"
              onClick={() => logging.send({ type: "submit.confirm", at: Date.now() })}
            >
              Submit anyway
            </button>
          </div>
        </div>
      ) : (
        <>
          {step === "submitFailed" ? (
            <p className="logging__failure" role="alert">
              {view.submitFailure}
            </p>
          ) : null}
          {step === "submitting" ? <p role="status">Submitting your workout…</p> : null}
          {step === "queued" ? (
            <p className="logging__queued" role="status">
              Not yet sent: your workout is kept on this phone and will be sent when you are back online. Your coach
              sees it once it is sent.
            </p>
          ) : null}
          <div className="logging__actions">
            {view.canResume ? (
              <button type="button" className="button button--quiet" onClick={resume}>
                Resume Workout
              </button>
            ) : null}
            {step === "queued" ? (
              <button type="button" className="button" onClick={() => logging.send({ type: "workout.leave" })}>
                Back to dashboard
              </button>
            ) : step === "submitFailed" ? (
              <button type="button" className="button" onClick={() => logging.send({ type: "submit.retry" })}>
                Try again
              </button>
            ) : (
              <button
                type="button"
                className="button"
                disabled={step === "submitting"}
                onClick={() =>
                  logging.send({ type: "workout.submit", at: Date.now(), unlogged: summary.unlogged.length })
                }
              >
                Submit Workout
              </button>
            )}
          </div>
        </>
      )}
    </section>
  )
}
