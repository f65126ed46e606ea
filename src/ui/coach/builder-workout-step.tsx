import { useSelector } from "@xstate/react"
import { selectWorkoutStep, type BuilderActorRef } from "#machines/builder/builder.selectors.ts"

/** Step 2: the exercises of the workout, each with delete, and the submit. */
export function BuilderWorkoutStep({ builder }: { builder: BuilderActorRef }) {
  const view = useSelector(builder, selectWorkoutStep)
  return (
    <section className="coach-card coach-stack" aria-labelledby="builder-step" aria-busy={view.saving}>
      <h2 id="builder-step" tabIndex={-1}>
        Workout Assignment
      </h2>
      <p className="muted">{view.category} workout</p>
      {view.exercises.length === 0 ? (
        <p className="muted">No exercises yet.</p>
      ) : (
        <ol className="coach-list" aria-label="Exercises">
          {view.exercises.map((exercise, index) => (
            <li key={index} className="coach-row">
              <div className="coach-row-main">
                <button
                  type="button"
                  className="coach-link-button coach-row-title"
                  disabled={!exercise.canOpen}
                  onClick={() => builder.send({ type: "exercise.open", index })}
                >
                  {exercise.name}
                </button>
                {exercise.sets.length === 0 ? (
                  <span className="coach-row-detail">No sets yet</span>
                ) : (
                  exercise.sets.map((set, setIndex) => (
                    <span key={setIndex} className="coach-row-detail">
                      Set {setIndex + 1}: {set || "no fields"}
                    </span>
                  ))
                )}
              </div>
              <button
                type="button"
                className="button button--danger-quiet"
                aria-label={`Delete ${exercise.name}`}
                disabled={!exercise.canDelete}
                onClick={() => builder.send({ type: "exercise.delete", index })}
              >
                Delete
              </button>
            </li>
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
        <button
          type="button"
          className="button button--quiet"
          disabled={!view.canGoBack}
          onClick={() => builder.send({ type: "step.back" })}
        >
          Back to categories
        </button>
        <button
          type="button"
          className="button"
          disabled={view.saving}
          onClick={() => builder.send({ type: "workout.submit" })}
        >
          {view.saving ? "Saving…" : "Submit Workout"}
        </button>
      </div>
    </section>
  )
}
