import { useSelector } from "@xstate/react"
import { selectHeader, selectStep, type BuilderActorRef } from "#machines/builder/builder.selectors.ts"
import { BuilderCategories } from "./builder-categories.tsx"
import { BuilderExerciseStep } from "./builder-exercise-step.tsx"
import { BuilderFieldEditor } from "./builder-field-editor.tsx"
import { BuilderSetStep } from "./builder-set-step.tsx"
import { BuilderWorkoutStep } from "./builder-workout-step.tsx"
import "./coach.css"

const STEP_NUMBER = { categories: 1, workout: 2, exercise: 3, setBuilder: 4, fieldEditor: 5 } as const

/** /coach/workoutbuilder/{userId}/{date}: the five-step wizard, one step at a time. */
export function WorkoutBuilder({ builder }: { builder: BuilderActorRef }) {
  const step = useSelector(builder, selectStep)
  const header = useSelector(builder, selectHeader)
  return (
    <main className="page">
      <h1>Workout builder</h1>
      <p className="coach-subtitle">{header.dateLabel}</p>
      {step === "saved" ? (
        <p role="status">Workout saved. Returning to the day…</p>
      ) : (
        <>
          <p className="coach-steps">Step {STEP_NUMBER[step]} of 5</p>
          {step === "categories" ? <BuilderCategories builder={builder} /> : null}
          {step === "workout" ? <BuilderWorkoutStep builder={builder} /> : null}
          {step === "exercise" ? <BuilderExerciseStep builder={builder} /> : null}
          {step === "setBuilder" ? <BuilderSetStep builder={builder} /> : null}
          {step === "fieldEditor" ? <BuilderFieldEditor builder={builder} /> : null}
        </>
      )}
    </main>
  )
}
