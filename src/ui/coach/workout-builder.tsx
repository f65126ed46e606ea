import { shallowEqual, useSelector } from "@xstate/react"
import { useRef } from "react"
import { Link } from "@tanstack/react-router"
import {
  selectHeader,
  selectLoadError,
  selectStepCounter,
  type BuilderActorRef,
  type BuilderHeaderView
} from "#machines/builder/builder.selectors.ts"
import type { ExerciseLibraryActorRef } from "#machines/exercise-library/exercise-library.selectors.ts"
import type { LoadReferencesActorRef } from "#machines/load-references/load-references.selectors.ts"
import { BuilderCategories } from "./builder-categories.tsx"
import { BuilderExerciseStep } from "./builder-exercise-step.tsx"
import { BuilderFieldEditor } from "./builder-field-editor.tsx"
import { useFocusStepHeading } from "./builder-focus.tsx"
import { BuilderSetStep } from "./builder-set-step.tsx"
import { BuilderWorkoutStep } from "./builder-workout-step.tsx"
import { closeListOnClickOutside } from "./exercise-combobox.tsx"
import "./coach.css"
import "./builder.css"

/** Before the steps of an edit (issue 15): the saved workout being read, unreadable, or not there. */
function SavedWorkoutRead({
  builder,
  step,
  header
}: {
  readonly builder: BuilderActorRef
  readonly step: "loading" | "loadFailed" | "notFound"
  readonly header: BuilderHeaderView
}) {
  const loadError = useSelector(builder, selectLoadError)
  const backToDay = (
    <Link to="/coach/workouts/$userId/$date" params={{ userId: header.userId, date: header.routeDate }}>
      Back to the day
    </Link>
  )
  if (step === "loading") return <p role="status">Loading the workout…</p>
  if (step === "notFound")
    return (
      <section className="coach-card coach-stack" aria-labelledby="builder-step">
        <h2 id="builder-step" tabIndex={-1}>
          Workout not found
        </h2>
        <p>This day has no such workout: it may have been removed.</p>
        {backToDay}
      </section>
    )
  return (
    <div className="coach-card coach-stack" role="alert">
      <p className="coach-error">{loadError}</p>
      <button type="button" className="button" onClick={() => builder.send({ type: "load.retry" })}>
        Try again
      </button>
      {backToDay}
    </div>
  )
}

/**
 * /coach/workoutbuilder/{userId}/{date}: the five-step wizard, one step at a time. The
 * exercise library (its own machine, mounted beside the builder) serves step 3's name, and
 * the client's load references (also beside it) work out step 3's loads.
 */
export function WorkoutBuilder({
  builder,
  library,
  loads
}: {
  readonly builder: BuilderActorRef
  readonly library: ExerciseLibraryActorRef
  readonly loads?: LoadReferencesActorRef | undefined
}) {
  // Compared by value: a keystroke in a step changes neither, so the page around the step does not render again.
  const { step, counter } = useSelector(builder, selectStepCounter, shallowEqual)
  const header = useSelector(builder, selectHeader, shallowEqual)
  const page = useRef<HTMLElement>(null)
  useFocusStepHeading(step, page)
  return (
    <main ref={page} className="page" onClick={(event) => closeListOnClickOutside(library, event)}>
      <h1>{header.title}</h1>
      <p className="coach-subtitle">
        {header.dateLabel}
        {header.clientLine === null ? null : <span className="builder-client"> {header.clientLine}</span>}
      </p>
      {step === "saved" ? (
        <p role="status">Workout saved. Returning to the day…</p>
      ) : step === "loading" || step === "loadFailed" || step === "notFound" ? (
        <SavedWorkoutRead builder={builder} step={step} header={header} />
      ) : (
        <>
          <p className="coach-steps">{counter}</p>
          {step === "categories" ? <BuilderCategories builder={builder} /> : null}
          {step === "workout" ? <BuilderWorkoutStep builder={builder} /> : null}
          {step === "exercise" ? <BuilderExerciseStep builder={builder} library={library} loads={loads} /> : null}
          {step === "setBuilder" ? <BuilderSetStep builder={builder} /> : null}
          {step === "fieldEditor" ? <BuilderFieldEditor builder={builder} /> : null}
        </>
      )}
    </main>
  )
}
