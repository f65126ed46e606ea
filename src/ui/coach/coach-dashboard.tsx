import type { ReactNode } from "react"
import type { CoachClientsActorRef } from "#machines/coach-clients/coach-clients.selectors.ts"
import { AddClientForm } from "./add-client-form.tsx"
import { ClientList } from "./client-list.tsx"
import "./coach.css"

/** /coach and /coach/dashboard: clients, adding one, and two panels still to be filled (SPEC section 2). */
export function CoachDashboard({ clients, footer }: { clients: CoachClientsActorRef; footer?: ReactNode }) {
  return (
    <main className="page coach-stack">
      <h1>Dashboard</h1>
      <section className="coach-card coach-stack" aria-labelledby="clients-heading">
        <h2 id="clients-heading">Clients</h2>
        <ClientList clients={clients} />
        <AddClientForm clients={clients} />
      </section>
      <div className="coach-panels">
        <section className="coach-card" aria-labelledby="upcoming-heading">
          <h2 id="upcoming-heading">Upcoming workouts</h2>
          <p className="muted">Nothing to show here yet.</p>
        </section>
        <section className="coach-card" aria-labelledby="comments-heading">
          <h2 id="comments-heading">Comments</h2>
          <p className="muted">No comments yet.</p>
        </section>
      </div>
      {footer}
    </main>
  )
}
