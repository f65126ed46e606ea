import { Link } from "@tanstack/react-router"
import { useSelector } from "@xstate/react"
import { selectCategories, selectHeader, type BuilderActorRef } from "#machines/builder/builder.selectors.ts"

/** Step 1: Strength, HIIT or Timed, with a way back to the day's workouts. */
export function BuilderCategories({ builder }: { builder: BuilderActorRef }) {
  const { categories } = useSelector(builder, selectCategories)
  const header = useSelector(builder, selectHeader)
  return (
    <section className="coach-card coach-stack" aria-labelledby="builder-step">
      <h2 id="builder-step" tabIndex={-1}>
        Workout Categories
      </h2>
      <div className="coach-category-grid">
        {categories.map(({ name, chosen, note }) => (
          <div key={name} className="builder-category">
            <button
              type="button"
              className={chosen ? "button" : "button button--quiet"}
              aria-pressed={chosen}
              aria-describedby={note === null ? undefined : `builder-category-${name}`}
              onClick={() => builder.send({ type: "category.select", category: name })}
            >
              {name}
            </button>
            {note === null ? null : (
              <p id={`builder-category-${name}`} className="muted builder-category-note">
                {note}
              </p>
            )}
          </div>
        ))}
      </div>
      <Link to="/coach/workouts/$userId/$date" params={{ userId: header.userId, date: header.routeDate }}>
        Back to workouts
      </Link>
    </section>
  )
}
