import type { ExerciseCoachingView } from "#machines/logging/logging.selectors.ts"

/** What the coach prescribed beyond the sets: tempo, rest and their note, per exercise of the page. */
export function LoggingCoaching({
  coaching,
  single
}: {
  coaching: ReadonlyArray<ExerciseCoachingView>
  single: boolean
}) {
  if (coaching.length === 0) return null
  return (
    <ul className="logging__coaching" aria-label="From your coach">
      {coaching.map((exercise) => (
        <li key={exercise.name}>
          {single ? null : <strong>{exercise.name}: </strong>}
          {exercise.tempoAndRest === "" ? null : <span>{exercise.tempoAndRest}</span>}
          {exercise.note === null ? null : <q className="logging__coach-note">{exercise.note}</q>}
        </li>
      ))}
    </ul>
  )
}
