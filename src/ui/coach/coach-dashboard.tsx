import { lazy, Suspense, type ReactNode } from "react"
import type { CoachClientsActorRef } from "#machines/coach-clients/coach-clients.selectors.ts"
import type { CoachOverviewActorRef } from "#machines/coach-overview/coach-overview.selectors.ts"
import type { RosterImportActorRef } from "#machines/roster-import/roster-import.selectors.ts"
import type { CommentsSlot } from "#ui/comments/comments-slot.ts"
import type { VideosSlot } from "#ui/videos/videos-slot.ts"
import { AddClientForm } from "./add-client-form.tsx"
import { ClientList } from "./client-list.tsx"
import { DashboardOverview } from "./dashboard-overview.tsx"
import { RosterImport } from "./roster-import.tsx"
import "./coach.css"

// The 'Comments' panel comes with the chat client, in a chunk of its own, once the dashboard is up.
const coachComments = () => import("#ui/comments/coach-comments.tsx")
const RecentCommentsPanel = lazy(() => coachComments().then((module) => ({ default: module.RecentCommentsPanel })))
// The clients' form checks beside their comments, in a chunk of their own (docs/decisions/050).
const RecentVideosPanel = lazy(() =>
  import("#ui/videos/recent-videos.tsx").then((module) => ({ default: module.RecentVideosPanel }))
)

/** The 'Comments' panel before its own code is in (or in a story without comments). */
function CommentsPanel({ text }: { text: string }) {
  return (
    <section className="coach-card" aria-labelledby="comments-heading">
      <h2 id="comments-heading">Comments</h2>
      <p className="muted">{text}</p>
    </section>
  )
}

/**
 * /coach and /coach/dashboard: clients and adding one (docs/product.md), who needs attention
 * under SPEC's 'Upcoming workouts', and 'Comments': the clients' latest notes on their
 * workouts and sets, newest first, each with a link to the day and a reply (docs/decisions/029).
 */
export function CoachDashboard({
  clients,
  overview,
  comments,
  videos,
  canInvite = true,
  roster,
  footer
}: {
  clients: CoachClientsActorRef
  overview: CoachOverviewActorRef
  /** The clients' latest comments; without them (a story of the other panels) the panel says there are none. */
  comments?: CommentsSlot | undefined
  /** The clients' newest form checks, to watch and comment on at a moment. */
  videos?: VideosSlot | undefined
  /** Whether the coach's email is verified, so the server lets them invite (docs/decisions/033). */
  canInvite?: boolean
  /** Bringing a roster from a file (docs/decisions/049); invitations too, so only once the coach may invite. */
  roster?: RosterImportActorRef | undefined
  footer?: ReactNode
}) {
  return (
    <main className="page coach-stack">
      <h1>Dashboard</h1>
      <section className="coach-card coach-stack" aria-labelledby="clients-heading">
        <h2 id="clients-heading">Clients</h2>
        <ClientList clients={clients} overview={overview} />
        <AddClientForm clients={clients} canInvite={canInvite} />
        {roster !== undefined && canInvite ? <RosterImport roster={roster} /> : null}
      </section>
      <div className="dashboard-panels">
        <DashboardOverview overview={overview} />
        {comments === undefined ? (
          <CommentsPanel text="No comments yet." />
        ) : (
          <Suspense fallback={<CommentsPanel text="Loading comments…" />}>
            <RecentCommentsPanel slot={comments} />
          </Suspense>
        )}
        {videos === undefined ? null : (
          <Suspense fallback={null}>
            <RecentVideosPanel slot={videos} />
          </Suspense>
        )}
      </div>
      {footer}
    </main>
  )
}
