import { useSelector } from "@xstate/react"
import { sameExerciseSets, selectExerciseSets, type BuilderActorRef } from "#machines/builder/builder.selectors.ts"
import type { ExerciseLibraryActorRef } from "#machines/exercise-library/exercise-library.selectors.ts"
import type { LoadReferencesActorRef } from "#machines/load-references/load-references.selectors.ts"
import { BuilderExerciseDetails } from "./builder-exercise-details.tsx"
import { MoveButtons } from "./builder-move.tsx"
import { CoachSetLoad } from "./coach-day-loads.tsx"
import { ExerciseCombobox } from "./exercise-combobox.tsx"

/**
 * Step 3: one exercise's name (from the library, or typed), sets and coaching (superset,
 * rest, tempo, note). Leaving it with no name
 * removes it when it has no sets; with sets, the coach is asked to name it. Each set shows
 * its load as the client will read it (their max, unit and plates), and can be edited,
 * duplicated, moved or deleted; a set the client logged says so before it is deleted.
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
            <li key={index} className="coach-row builder-row">
              <span className="coach-row-main">
                <span className="coach-row-title">Set {index + 1}</span>
                {set.logged ? <span className="coach-badge builder-logged">logged</span> : null}
                <span className="coach-row-detail">{set.text}</span>
                {loads === undefined ? null : <CoachSetLoad loads={loads} setId={set.setId} />}
              </span>
              <span className="builder-tools">
                <button
                  type="button"
                  className="button button--quiet builder-tool"
                  aria-label={`Edit set ${index + 1}`}
                  onClick={() => builder.send({ type: "set.edit", index })}
                >
                  Edit
                </button>
                <button
                  type="button"
                  className="button button--quiet builder-tool"
                  aria-label={`Duplicate set ${index + 1}`}
                  disabled={!set.canDuplicate}
                  onClick={() => builder.send({ type: "set.duplicate", index })}
                >
                  Duplicate
                </button>
                <MoveButtons
                  what={`set ${index + 1}`}
                  canMoveUp={set.canMoveUp}
                  canMoveDown={set.canMoveDown}
                  onMove={(by) => builder.send({ type: "set.move", index, by })}
                />
                <button
                  type="button"
                  className="button button--danger-quiet builder-tool"
                  aria-label={set.logged ? `Delete set ${index + 1}, logged by the client` : `Delete set ${index + 1}`}
                  onClick={() => builder.send({ type: "set.delete", index })}
                >
                  Delete
                </button>
              </span>
            </li>
          ))}
        </ol>
      )}
      <p className="muted coach-cap-notice" role="status">
        {view.capNotice}
      </p>
      <BuilderExerciseDetails builder={builder} />
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
