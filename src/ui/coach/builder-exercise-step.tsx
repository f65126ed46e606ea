import { useSelector } from "@xstate/react"
import { sameExerciseSets, selectExerciseSets, type BuilderActorRef } from "#machines/builder/builder.selectors.ts"
import type { ExerciseLibraryActorRef } from "#machines/exercise-library/exercise-library.selectors.ts"
import type { LoadReferencesActorRef } from "#machines/load-references/load-references.selectors.ts"
import { CoachSetLoad } from "./coach-day-loads.tsx"
import { ExerciseCombobox } from "./exercise-combobox.tsx"

/**
 * Step 3: one exercise's name (from the library, or typed) and sets. Leaving it with no name
 * removes it when it has no sets; with sets, the coach is asked to name it. Each set shows its load as the client will read it (their max, unit and plates).
 */
export function BuilderExerciseStep({
  builder,
  library,
  loads
}: {
  readonly builder: BuilderActorRef
  readonly library: ExerciseLibraryActorRef
  readonly loads: LoadReferencesActorRef | undefined
}) {
  // The name is the combobox's to show: typing it renders the combobox, not the sets.
  const view = useSelector(builder, selectExerciseSets, sameExerciseSets)
  return (
    <section className="coach-card coach-stack" aria-labelledby="builder-step">
      <h2 id="builder-step" tabIndex={-1}>
        Exercise Assignment
      </h2>
      <ExerciseCombobox builder={builder} library={library} />
      {view.nameMissing === null ? null : (
        <p className="coach-error" role="alert">
          {view.nameMissing}
        </p>
      )}
      {view.sets.length === 0 ? (
        <p className="muted">No sets yet.</p>
      ) : (
        <ol className="coach-list" aria-label="Sets">
          {view.sets.map((set, index) => (
            <li key={index} className="coach-row">
              <span className="coach-row-main">
                <span className="coach-row-title">Set {index + 1}</span>
                <span className="coach-row-detail">{set.text}</span>
                {loads === undefined ? null : <CoachSetLoad loads={loads} setId={set.setId} />}
              </span>
              <button
                type="button"
                className="button button--danger-quiet"
                aria-label={`Delete set ${index + 1}`}
                onClick={() => builder.send({ type: "set.delete", index })}
              >
                Delete
              </button>
            </li>
          ))}
        </ol>
      )}
      <p className="muted coach-cap-notice" role="status">
        {view.capNotice}
      </p>
      <div className="coach-actions">
        <button
          type="button"
          className="button button--quiet"
          disabled={!view.canAddSet}
          onClick={() => builder.send({ type: "setBuilder.open" })}
        >
          Add set
        </button>
        <button type="button" className="button" onClick={() => builder.send({ type: "exercise.submit" })}>
          Submit Exercise
        </button>
      </div>
      <button type="button" className="coach-link-button" onClick={() => builder.send({ type: "step.back" })}>
        Back to workout
      </button>
    </section>
  )
}
