import { Link } from "@tanstack/react-router"
import { CLIENT_NOT_FOUND } from "#machines/coach-day/coach-day.selectors.ts"

/**
 * A client day whose client is not on the coach's list: an id that is no id, or another
 * coach's client (the server's 404). Said as "not found", never as a connection problem.
 */
export function ClientNotFound() {
  return (
    <main className="page coach-stack">
      <h1>Client not found</h1>
      <p>{CLIENT_NOT_FOUND}</p>
      <div className="coach-actions">
        <Link className="button button--quiet" to="/coach/calendar">
          Back to calendar
        </Link>
      </div>
    </main>
  )
}
