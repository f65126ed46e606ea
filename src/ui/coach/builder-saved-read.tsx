import { Link } from "@tanstack/react-router"
import { useSelector } from "@xstate/react"
import { selectLoadError, type BuilderActorRef, type BuilderHeaderView } from "#machines/builder/builder.selectors.ts"

/** Before the steps of an edit (docs/decisions/024): the saved workout unreadable, or not there. */
export function SavedWorkoutRead({
  builder,
  step,
  header
}: {
  readonly builder: BuilderActorRef
  readonly step: "loadFailed" | "notFound"
  readonly header: BuilderHeaderView
}) {
  const loadError = useSelector(builder, selectLoadError)
  const backToDay = (
    <Link to="/coach/workouts/$userId/$date" params={{ userId: header.userId, date: header.routeDate }}>
      Back to the day
    </Link>
  )
  if (step === "notFound")
    return (
      <section className="coach-card coach-stack" aria-labelledby="builder-step">
        <h2 id="builder-step" tabIndex={-1}>
          Workout not found
        </h2>
        <p>This day has no such workout: it may have been removed.</p>
        {backToDay}
      </section>
    )
  return (
    <div className="coach-card coach-stack" role="alert">
      <p className="coach-error">{loadError}</p>
      <button type="button" className="button" onClick={() => builder.send({ type: "load.retry" })}>
        Try again
      </button>
      {backToDay}
    </div>
  )
}
