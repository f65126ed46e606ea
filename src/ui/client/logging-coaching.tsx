import type { ExerciseCoachingView } from "#machines/logging/logging.selectors.ts"
import { DemoLink } from "#ui/layout/demo-link.tsx"

/** What the coach prescribed beyond the sets: tempo, rest, their note and demo, per exercise of the page. */
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
          {exercise.demoUrl === null ? null : <DemoLink url={exercise.demoUrl} name={exercise.name} />}
        </li>
      ))}
    </ul>
  )
}
