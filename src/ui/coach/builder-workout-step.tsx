import { Link } from "@tanstack/react-router"
import { useSelector } from "@xstate/react"
import { MAX_TITLE_LENGTH } from "#domain/exercise-details.ts"
import {
  selectHeader,
  selectWorkoutStep,
  type BuilderActorRef,
  type WorkoutStepView
} from "#machines/builder/builder.selectors.ts"
import type { ExerciseLibraryActorRef } from "#machines/exercise-library/exercise-library.selectors.ts"
import { MoveButtons } from "./builder-move.tsx"
import { BuilderNotation } from "./builder-notation.tsx"

/** The edit would remove sets the client logged (docs/decisions/024): asked before anything is sent. */
function DiscardQuestion({ builder, question }: { builder: BuilderActorRef; question: string }) {
  return (
    <div className="coach-stack builder-discard" role="alert">
      <p className="coach-error">{question}</p>
      <div className="coach-actions">
        <button type="button" className="button button--quiet" onClick={() => builder.send({ type: "discard.cancel" })}>
          Keep editing
        </button>
        <button type="button" className="button" onClick={() => builder.send({ type: "discard.confirm" })}>
          Remove and save
        </button>
      </div>
    </div>
  )
}

function ExerciseRow({
  builder,
  exercise,
  index
}: {
  builder: BuilderActorRef
  exercise: WorkoutStepView["exercises"][number]
  index: number
}) {
  return (
    <li className="coach-row builder-row">
      <div className="coach-row-main">
        {exercise.label === null ? null : <span className="builder-superset">{exercise.label}</span>}
        <button
          type="button"
          className="coach-link-button coach-row-title"
          disabled={!exercise.canOpen}
          onClick={() => builder.send({ type: "exercise.open", index })}
        >
          {exercise.name}
        </button>
        {exercise.coaching === "" ? null : (
          <span className="coach-row-detail builder-coaching-text">{exercise.coaching}</span>
        )}
        {exercise.note === null ? null : <q className="coach-row-detail builder-note-text">{exercise.note}</q>}
        {exercise.sets.length === 0 ? (
          <span className="coach-row-detail">No sets yet</span>
        ) : (
          exercise.sets.map((set, setIndex) => (
            <span key={setIndex} className="coach-row-detail">
              Set {setIndex + 1}: {set.text || "no fields"}
              {set.logged ? <span className="coach-badge builder-logged">logged</span> : null}
            </span>
          ))
        )}
      </div>
      <div className="builder-tools">
        <MoveButtons
          what={exercise.name}
          canMoveUp={exercise.canMoveUp}
          canMoveDown={exercise.canMoveDown}
          onMove={(by) => builder.send({ type: "exercise.move", index, by })}
        />
        <button
          type="button"
          className="button button--danger-quiet builder-tool"
          aria-label={`Delete ${exercise.name}`}
          disabled={!exercise.canDelete}
          onClick={() => builder.send({ type: "exercise.delete", index })}
        >
          Delete
        </button>
      </div>
    </li>
  )
}

/**
 * Step 2: the exercises of the workout, each with move and delete, and the submit. At a
 * desk a new workout may be typed as text instead (builder-notation.tsx).
 */
export function BuilderWorkoutStep({
  builder,
  library
}: {
  builder: BuilderActorRef
  library: ExerciseLibraryActorRef
}) {
  const view = useSelector(builder, selectWorkoutStep)
  const header = useSelector(builder, selectHeader)
  return (
    <section className="coach-card coach-stack" aria-labelledby="builder-step" aria-busy={view.saving}>
      <h2 id="builder-step" tabIndex={-1}>
        Workout Assignment
      </h2>
      <p className="muted">{view.kind}</p>
      <label className="field builder-title">
        Title (optional)
        <input
          type="text"
          name="title"
          autoComplete="off"
          maxLength={MAX_TITLE_LENGTH}
          placeholder="Heavy lower"
          value={view.title}
          onChange={(event) => builder.send({ type: "title.change", value: event.target.value })}
        />
      </label>
      <BuilderNotation builder={builder} library={library} />
      {view.exercises.length === 0 ? (
        <p className="muted">No exercises yet.</p>
      ) : (
        <ol className="coach-list" aria-label="Exercises">
          {view.exercises.map((exercise, index) => (
            <ExerciseRow key={index} builder={builder} exercise={exercise} index={index} />
          ))}
        </ol>
      )}
      {view.problem === null ? null : (
        <p className="coach-error" role="alert">
          {view.problem}
        </p>
      )}
      {view.saveError === null ? null : (
        <div className="coach-stack" role="alert">
          <p className="coach-error">{view.saveError}</p>
          <p className="muted">Your workout is still here.</p>
          <button type="button" className="button" onClick={() => builder.send({ type: "workout.submit" })}>
            Try again
          </button>
        </div>
      )}
      {view.discardQuestion === null ? null : <DiscardQuestion builder={builder} question={view.discardQuestion} />}
      {/* Always in the page, so a screen reader hears the cap the moment it is reached. */}
      <p className="muted coach-cap-notice" role="status">
        {view.capNotice}
      </p>
      <div className="coach-actions">
        <button
          type="button"
          className="button button--quiet"
          disabled={!view.canAddExercise}
          onClick={() => builder.send({ type: "exercise.add" })}
        >
          Add exercise
        </button>
        {view.isEdit ? (
          <Link
            className="button button--quiet"
            to="/coach/workouts/$userId/$date"
            params={{ userId: header.userId, date: header.routeDate }}
          >
            Back to the day
          </Link>
        ) : (
          <button
            type="button"
            className="button button--quiet"
            disabled={!view.canGoBack}
            onClick={() => builder.send({ type: "step.back" })}
          >
            Back to categories
          </button>
        )}
        <button
          type="button"
          className="button"
          disabled={view.saving || view.discardQuestion !== null}
          onClick={() => builder.send({ type: "workout.submit" })}
        >
          {view.saving ? "Saving…" : view.isEdit ? "Save changes" : "Submit Workout"}
        </button>
      </div>
    </section>
  )
}
