import { lazy, Suspense, useState } from "react"
import { useSelector } from "@xstate/react"
import { todayIso } from "#domain/calendar.ts"
import { browserUtcOffset } from "#domain/utc-offset.ts"
import type { CommentId } from "#domain/comments.ts"
import type { UserId } from "#domain/ids.ts"
import { coachClientsImplementations } from "#machines/coach-clients/coach-clients.actors.ts"
import { coachClientsMachine } from "#machines/coach-clients/coach-clients.machine.ts"
import type { CoachClientsActorRef, CoachClientsSnapshot } from "#machines/coach-clients/coach-clients.selectors.ts"
import { coachOverviewImplementations } from "#machines/coach-overview/coach-overview.actors.ts"
import { clientsAddedTo } from "#machines/coach-overview/coach-overview.clients.ts"
import { coachOverviewMachine } from "#machines/coach-overview/coach-overview.machine.ts"
import { rosterImportImplementations } from "#machines/roster-import/roster-import.actors.ts"
import { rosterImportMachine } from "#machines/roster-import/roster-import.machine.ts"
import { selectUser, selectVerificationNotice } from "#machines/session/session.selectors.ts"
import { LogoutButton } from "#ui/account/logout-button.tsx"
import { CoachDashboard } from "#ui/coach/coach-dashboard.tsx"
import { commentsSlot } from "#ui/comments/comments-slot.ts"
import { videosSlot } from "#ui/videos/videos-slot.ts"
import type { AppServices } from "../../services.ts"
import { useMountedMachine } from "../-mount.ts"

/** A screen's comments, mounted from a chunk of their own (with the chat client) once it is up. */
const CommentsHost = lazy(() => import("#ui/comments/comments-host.tsx"))
/** The clients' form checks, likewise (docs/decisions/050). */
const VideosHost = lazy(() => import("#ui/videos/videos-host.tsx"))

/**
 * The overview reads again each time the list changes on the server: an add answered
 * (clientsAddedTo), an entry removed (`ready.removed`: an ended link leaves the overview),
 * or a client archived or restored (an archived client is left out of it).
 */
const listChanged =
  (clients: CoachClientsActorRef) =>
  (onChanged: () => void): (() => void) => {
    const stopAdded = clientsAddedTo(clients)(onChanged)
    const changed = (snapshot: CoachClientsSnapshot) =>
      snapshot.matches({ ready: "removed" }) ||
      snapshot.matches({ ready: "archived" }) ||
      snapshot.matches({ ready: "restored" })
    let wasChanged = changed(clients.getSnapshot())
    const subscription = clients.subscribe((snapshot) => {
      const now = changed(snapshot)
      if (now && !wasChanged) onChanged()
      wasChanged = now
    })
    return () => {
      stopAdded()
      subscription.unsubscribe()
    }
  }

const overviewNow = (now: Date) => ({ today: todayIso(now), utcOffset: browserUtcOffset(now) })

/** Shared by /coach and /coach/dashboard: mounts the client list and the overview for the signed-in coach. */
export function DashboardScreen({ services }: { services: AppServices }) {
  const coachId = useSelector(services.session, (snapshot) => selectUser(snapshot).id)
  // The area's guard only renders this for a signed-in coach, so the id is there.
  if (coachId === null) return null
  return <MountedDashboard key={coachId} coachId={coachId} services={services} />
}

function MountedDashboard({ coachId, services }: { coachId: UserId; services: AppServices }) {
  const clients = useMountedMachine(
    coachClientsMachine,
    () => coachClientsImplementations({ gateway: services.gateway, coaching: services.coaching }),
    { input: { coachId } }
  )
  const overview = useMountedMachine(
    coachOverviewMachine,
    () => coachOverviewImplementations({ gateway: services.gateway, watchClientsAdded: listChanged(clients) }),
    // The coach's own day and calendar: the server's clock may be in another time zone.
    { input: overviewNow(new Date()) }
  )
  // A roster import's answer is the coach's list: the client list shows it (docs/decisions/049).
  const roster = useMountedMachine(rosterImportMachine, () =>
    rosterImportImplementations({
      data: services.data,
      showClients: (list) => clients.send({ type: "clients.imported", clients: list })
    })
  )
  // The server refuses invitations from an unverified email: the form waits for it.
  const canInvite = useSelector(services.session, (snapshot) => selectVerificationNotice(snapshot) === null)
  // The clients' latest comments, kept live (mounted from their own chunk, with the chat client): a live comment is named from the client list.
  const [comments] = useState(() => commentsSlot())
  const [videos] = useState(videosSlot)
  return (
    <>
      <Suspense fallback={null}>
        <VideosHost
          slot={videos}
          read={{
            kind: "recent",
            videos: services.videos,
            live: services.live,
            nameOf: (clientId) => clients.getSnapshot().context.clients[String(clientId)]?.name
          }}
          videos={services.videos}
        />
      </Suspense>
      <Suspense fallback={null}>
        <CommentsHost
          slot={comments}
          read={{
            kind: "recent",
            chat: services.chat,
            live: services.live,
            nameOf: (clientId) => clients.getSnapshot().context.clients[String(clientId)]?.name
          }}
          what="reply"
          deliverFor={(commentId) => async (delivery) =>
            services.chat.replyToComment(commentId as CommentId, delivery.text)
          }
        />
      </Suspense>
      <CoachDashboard
        clients={clients}
        overview={overview}
        comments={comments}
        videos={videos}
        canInvite={canInvite}
        roster={roster}
        footer={<LogoutButton session={services.session} />}
      />
    </>
  )
}
