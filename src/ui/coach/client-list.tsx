import { Link } from "@tanstack/react-router"
import { useSelector } from "@xstate/react"
import { selectClientList, type CoachClientsActorRef } from "#machines/coach-clients/coach-clients.selectors.ts"
import { RetryAlert } from "#ui/layout/retry-alert.tsx"

/** The coach's clients; an invitation to someone without an account yet is marked as pending. */
export function ClientList({ clients: actor }: { clients: CoachClientsActorRef }) {
  const view = useSelector(actor, selectClientList)
  if (view.loading) return <p role="status">Loading clients…</p>
  if (view.loadError !== null) {
    return <RetryAlert message={view.loadError} onRetry={() => actor.send({ type: "clients.retry" })} />
  }
  if (view.clients.length === 0) return <p className="muted">No clients yet! Add some to get started!</p>
  return (
    <ul className="coach-list" aria-label="Clients">
      {view.clients.map((client) => (
        <li key={client.key} className="coach-row">
          <span className="coach-row-main">
            {client.pending ? (
              <span className="coach-row-title">{client.name}</span>
            ) : (
              <Link className="coach-row-title" to="/coach/calendar" search={{ client: Number(client.key) }}>
                {client.name}
              </Link>
            )}
            {client.pending ? <span className="coach-row-detail">Waiting for them to sign up</span> : null}
          </span>
          {client.pending ? <span className="coach-badge">Invitation pending</span> : null}
        </li>
      ))}
    </ul>
  )
}
