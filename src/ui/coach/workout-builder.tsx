import { shallowEqual, useSelector } from "@xstate/react"
import { useRef } from "react"
import { selectHeader, selectStepCounter, type BuilderActorRef } from "#machines/builder/builder.selectors.ts"
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
      <h1>Workout builder</h1>
      <p className="coach-subtitle">{header.dateLabel}</p>
      {step === "saved" ? (
        <p role="status">Workout saved. Returning to the day…</p>
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
