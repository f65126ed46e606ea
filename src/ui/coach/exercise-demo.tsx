import { useSelector } from "@xstate/react"
import { useEffect, useId, useRef } from "react"
import type { DayExerciseView } from "#machines/coach-day/coach-day.selectors.ts"
import { type ExerciseDemoActorRef, selectExerciseDemo } from "#machines/exercise-demo/exercise-demo.selectors.ts"
import { DemoLink } from "#ui/layout/demo-link.tsx"

/**
 * An exercise's demo video on the coach's day (docs/decisions/048): the link their clients
 * see, and the coach's way to set, change or take it away. The link shown is the server's:
 * the day reads itself again once a change is saved.
 */
export function ExerciseDemoControl({ exercise, demos }: { exercise: DayExerciseView; demos: ExerciseDemoActorRef }) {
  const view = useSelector(demos, selectExerciseDemo)
  const open = view.status !== "idle" && view.exerciseId === exercise.exerciseId
  const opener = useRef<HTMLButtonElement>(null)
  const wasOpen = useRef(false)
  useEffect(() => {
    // Closed (saved or cancelled): the keyboard returns to the button that opened the form.
    if (wasOpen.current && !open) opener.current?.focus()
    wasOpen.current = open
  }, [open])
  return (
    <div className="day-exercise__demo">
      {exercise.demoUrl === null ? null : <DemoLink url={exercise.demoUrl} name={exercise.name} />}
      {open ? (
        <DemoForm view={view} demos={demos} hasLink={exercise.demoUrl !== null} />
      ) : (
        <button
          ref={opener}
          type="button"
          className="button button--quiet"
          disabled={view.status !== "idle"}
          aria-label={`${exercise.demoUrl === null ? "Add" : "Change"} demo video for ${exercise.name}`}
          onClick={() =>
            demos.send({
              type: "demo.edit",
              exerciseId: exercise.exerciseId,
              name: exercise.name,
              url: exercise.demoUrl
            })
          }
        >
          {exercise.demoUrl === null ? "Add demo video" : "Change demo video"}
        </button>
      )}
    </div>
  )
}

function DemoForm({
  view,
  demos,
  hasLink
}: {
  view: Exclude<ReturnType<typeof selectExerciseDemo>, { status: "idle" }>
  demos: ExerciseDemoActorRef
  hasLink: boolean
}) {
  const id = useId()
  const saving = view.status === "saving"
  return (
    <form
      className="day-exercise__demo-form"
      aria-label={view.heading}
      // The machine says what is wrong with the link, in words and for screen readers alike.
      noValidate
      onSubmit={(event) => {
        event.preventDefault()
        demos.send({ type: view.status === "failed" ? "demo.retry" : "demo.save" })
      }}
    >
      <label htmlFor={`${id}-url`}>Video link (https)</label>
      <input
        id={`${id}-url`}
        type="url"
        inputMode="url"
        autoComplete="url"
        autoFocus
        value={view.draft}
        disabled={saving || view.status === "failed"}
        aria-invalid={view.status === "editing" && view.error !== null}
        aria-describedby={view.error === null ? undefined : `${id}-error`}
        onChange={(event) => demos.send({ type: "demo.change", url: event.target.value })}
      />
      {view.error === null ? null : (
        <p id={`${id}-error`} role="alert" className="coach-error">
          {view.status === "failed" ? `The link was not saved. ${view.error}` : view.error}
        </p>
      )}
      {saving ? <p role="status">{view.removing ? "Removing the link…" : "Saving the link…"}</p> : null}
      <div className="day-exercise__demo-actions">
        <button type="submit" className="button" disabled={saving}>
          {view.status === "failed" ? "Try again" : "Save link"}
        </button>
        {hasLink && view.status === "editing" ? (
          <button
            type="button"
            className="button button--danger-quiet"
            onClick={() => demos.send({ type: "demo.remove" })}
          >
            Remove link
          </button>
        ) : null}
        <button
          type="button"
          className="button button--quiet"
          disabled={saving}
          onClick={() => demos.send({ type: "demo.cancel" })}
        >
          Cancel
        </button>
      </div>
    </form>
  )
}
