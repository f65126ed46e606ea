import { shallowEqual, useSelector } from "@xstate/react"
import { Suspense, useRef, type MouseEvent, type RefObject } from "react"
import {
  selectHeader,
  selectStepCounter,
  type BuilderActorRef,
  type StepCounterView
} from "#machines/builder/builder.selectors.ts"
import type { ExerciseLibraryActorRef } from "#machines/exercise-library/exercise-library.selectors.ts"
import type { LoadReferencesActorRef } from "#machines/load-references/load-references.selectors.ts"
import { lazyWhenOnline } from "#ui/client/logging-lazy.tsx"
import { BuilderCategories } from "./builder-categories.tsx"
import { useFocusStepHeading } from "./builder-focus.tsx"
import "./coach.css"
import "./builder.css"

// The exercise list opens only in step 3, which comes with the later chunk: until then there is nothing to close.
let closeListOnClickOutside = (_library: ExerciseLibraryActorRef, _event: MouseEvent): void => undefined
// Step 1 paints a new workout; the later steps and an edit's unreadable or missing workout
// come in a chunk fetched once the page is idle (offline, when it is back).
const later = () =>
  import("./builder-later.tsx").then((module) => {
    closeListOnClickOutside = module.closeListOnClickOutside
    return module
  })
const lazyPart = <K extends Exclude<keyof Awaited<ReturnType<typeof later>>, "closeListOnClickOutside">>(name: K) =>
  lazyWhenOnline(() => later().then((module) => ({ default: module[name] })))
const BuilderWorkoutStep = lazyPart("BuilderWorkoutStep")
const BuilderExerciseStep = lazyPart("BuilderExerciseStep")
const BuilderSetStep = lazyPart("BuilderSetStep")
const BuilderFieldEditor = lazyPart("BuilderFieldEditor")
const SavedWorkoutRead = lazyPart("SavedWorkoutRead")
// Safari has no requestIdleCallback.
if (typeof window !== "undefined") {
  if ("requestIdleCallback" in window) requestIdleCallback(() => void later().catch(() => undefined))
  else setTimeout(() => void later().catch(() => undefined), 1000)
}

/**
 * Inside the steps' Suspense boundary, so a step that arrives late has its heading in the
 * page when its focus is given.
 */
function StepFocus({ step, page }: { step: StepCounterView["step"]; page: RefObject<HTMLElement | null> }) {
  useFocusStepHeading(step, page)
  return null
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
  return (
    <main ref={page} className="page" onClick={(event) => closeListOnClickOutside(library, event)}>
      <h1>{header.title}</h1>
      <p className="coach-subtitle">
        {header.dateLabel}
        {header.clientLine === null ? null : <span className="builder-client"> {header.clientLine}</span>}
      </p>
      <Suspense fallback={null}>
        <StepFocus step={step} page={page} />
        {step === "saved" ? (
          <p role="status">Workout saved. Returning to the day…</p>
        ) : step === "loading" ? (
          <p role="status">Loading the workout…</p>
        ) : step === "loadFailed" || step === "notFound" ? (
          <SavedWorkoutRead builder={builder} step={step} header={header} />
        ) : (
          <>
            <p className="coach-steps">{counter}</p>
            {step === "categories" ? <BuilderCategories builder={builder} /> : null}
            {step === "workout" ? <BuilderWorkoutStep builder={builder} library={library} /> : null}
            {step === "exercise" ? <BuilderExerciseStep builder={builder} library={library} loads={loads} /> : null}
            {step === "setBuilder" ? <BuilderSetStep builder={builder} /> : null}
            {step === "fieldEditor" ? <BuilderFieldEditor builder={builder} /> : null}
          </>
        )}
      </Suspense>
    </main>
  )
}
