import type { ReactNode } from "react"
import type { CoachClientsActorRef } from "#machines/coach-clients/coach-clients.selectors.ts"
import type { CoachOverviewActorRef } from "#machines/coach-overview/coach-overview.selectors.ts"
import { AddClientForm } from "./add-client-form.tsx"
import { ClientList } from "./client-list.tsx"
import { DashboardOverview } from "./dashboard-overview.tsx"
import "./coach.css"

/**
 * /coach and /coach/dashboard: clients and adding one (SPEC section 2), who needs attention
 * under SPEC's 'Upcoming workouts', and 'Comments', which has none until chat (ADR 021).
 */
export function CoachDashboard({
  clients,
  overview,
  footer
}: {
  clients: CoachClientsActorRef
  overview: CoachOverviewActorRef
  footer?: ReactNode
}) {
  return (
    <main className="page coach-stack">
      <h1>Dashboard</h1>
      <section className="coach-card coach-stack" aria-labelledby="clients-heading">
        <h2 id="clients-heading">Clients</h2>
        <ClientList clients={clients} />
        <AddClientForm clients={clients} />
      </section>
      <div className="dashboard-panels">
        <DashboardOverview overview={overview} />
        <section className="coach-card" aria-labelledby="comments-heading">
          <h2 id="comments-heading">Comments</h2>
          <p className="muted">No comments yet.</p>
          <p className="muted">Your clients&apos; comments on their workouts will arrive here with chat.</p>
        </section>
      </div>
      {footer}
    </main>
  )
}
