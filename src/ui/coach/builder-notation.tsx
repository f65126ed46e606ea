import { shallowEqual, useSelector } from "@xstate/react"
import { useId, useMemo, useState, type KeyboardEvent } from "react"
import { canReplaceExercises, selectNotationTarget, type BuilderActorRef } from "#machines/builder/builder.selectors.ts"
import {
  libraryResolver,
  readTypedWorkout,
  selectLibraryExercises,
  type NotationLineView
} from "#machines/builder/builder.notation.selectors.ts"
import type { ExerciseLibraryActorRef } from "#machines/exercise-library/exercise-library.selectors.ts"
import "./coach.css"
import "./builder-notation.css"

export const NOTATION_HINT =
  "One exercise a line: its name, sets × reps, then @ a load. Like Back Squat 5x5 @75%, Bench 3x8 @RPE8 or Deadlift 1x5 @315, 2x5 -10%. After the sets: rest 90s, tempo 31X0, # a note. A first line Title: Heavy lower names the workout. Ctrl+Enter (⌘+Enter) uses them."

/** One typed line and what it reads as: the exercises, or a caret under the column that failed and why. */
function LineRead({ line, errorId }: { line: NotationLineView; errorId: string }) {
  return (
    <li className={line.error === null ? "notation-line" : "notation-line notation-line--failed"}>
      <span className="notation-line-number">Line {line.line}</span>
      {line.title !== null ? (
        <p className="notation-title">
          Title: <strong>{line.title}</strong>
        </p>
      ) : line.error === null ? (
        <ul className="notation-exercises">
          {line.exercises.map((exercise, index) => (
            <li key={index}>
              {exercise.label === null ? null : <span className="notation-label">{exercise.label} </span>}
              <strong>{exercise.name}</strong>{" "}
              <span className={exercise.linked ? "coach-badge notation-linked" : "coach-badge"}>
                {exercise.linked ? "from your library" : "new exercise"}
              </span>
              <span className="notation-sets">{exercise.sets}</span>
              {exercise.coaching === "" ? null : <span className="notation-coaching">{exercise.coaching}</span>}
              {exercise.note === null ? null : <q className="notation-note">{exercise.note}</q>}
            </li>
          ))}
        </ul>
      ) : (
        <div className="notation-error">
          {/* The caret is for the eye; the message says the column for everyone. */}
          <pre className="notation-source" aria-hidden="true">
            {line.source}
            {"\n"}
            <span className="notation-caret">{line.error.pad}^</span>
          </pre>
          <p id={errorId} className="coach-error notation-message">
            Line {line.line}: {line.error.message}
          </p>
        </div>
      )}
    </li>
  )
}

/**
 * The workout typed as text (docs/workout-notation.md, "In the builder"), on a new workout's
 * workout step at a desk: each line read as it is typed, and 'Use these exercises' puts
 * them in the draft in place of what it held (and a "Title:" line's title in place of its
 * title). The builder's own Submit saves them.
 */
export function BuilderNotation({
  builder,
  library
}: {
  readonly builder: BuilderActorRef
  readonly library: ExerciseLibraryActorRef
}) {
  const id = useId()
  const target = useSelector(builder, selectNotationTarget, shallowEqual)
  const exercises = useSelector(library, selectLibraryExercises)
  const resolve = useMemo(() => libraryResolver(exercises), [exercises])
  const [text, setText] = useState("")
  const [used, setUsed] = useState<string | null>(null)
  // Read once per text (and unit, and library): a render for anything else reuses it.
  const view = useMemo(() => readTypedWorkout(text, target.unit, resolve), [text, target.unit, resolve])
  const canUse = useSelector(builder, (snapshot) => canReplaceExercises(snapshot, view.workout))
  if (!target.offered) return null

  const errorId = (line: number) => `${id}-error-${String(line)}`
  const describedBy = [
    `${id}-hint`,
    ...view.lines.flatMap((line) => (line.error === null ? [] : [errorId(line.line)]))
  ].join(" ")
  const apply = () => {
    if (!canUse || view.workout === undefined) return
    builder.send({ type: "exercises.replace", exercises: view.workout, title: view.title })
    const count = view.workout.length
    const exercises = `the ${String(count)} typed ${count === 1 ? "exercise" : "exercises"}`
    setUsed(
      view.title === undefined
        ? `The workout now holds ${exercises}.`
        : `The workout, ${view.title}, now holds ${exercises}.`
    )
  }
  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key !== "Enter" || !(event.ctrlKey || event.metaKey)) return
    event.preventDefault()
    apply()
  }

  return (
    <section className="builder-notation coach-stack" aria-labelledby={`${id}-heading`}>
      <h3 id={`${id}-heading`}>
        <label htmlFor={`${id}-text`}>Type the workout</label>
      </h3>
      <p id={`${id}-hint`} className="muted notation-hint">
        {NOTATION_HINT}
      </p>
      <textarea
        id={`${id}-text`}
        className="notation-text"
        rows={6}
        spellCheck={false}
        autoCapitalize="off"
        autoComplete="off"
        value={text}
        aria-describedby={describedBy}
        aria-invalid={view.errorCount > 0}
        onChange={(event) => {
          setText(event.target.value)
          setUsed(null)
        }}
        onKeyDown={onKeyDown}
      />
      {view.lines.length === 0 ? null : (
        <ol className="coach-list" aria-label="What each line reads as">
          {view.lines.map((line) => (
            <LineRead key={line.line} line={line} errorId={errorId(line.line)} />
          ))}
        </ol>
      )}
      <div className="coach-actions">
        <button type="button" className="button" disabled={!canUse} onClick={apply}>
          Use these exercises
        </button>
        <p className="muted notation-replaces">They take the place of the exercises below.</p>
        <p className="muted notation-status" role="status">
          {used ??
            (view.errorCount > 0
              ? `${String(view.errorCount)} ${view.errorCount === 1 ? "line needs" : "lines need"} fixing.`
              : null)}
        </p>
      </div>
    </section>
  )
}
