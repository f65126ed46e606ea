import { useSelector } from "@xstate/react"
import { lazy, Suspense, useEffect } from "react"
import { watchPageLeaving } from "#device/visibility.ts"
import { greeting } from "#domain/user.ts"
import { selectShowsServerAnswer } from "#machines/client-schedule/client-schedule.selectors.ts"
import { selectIsLoading, selectUser } from "#machines/session/session.selectors.ts"
import { LogoutButton } from "#ui/account/logout-button.tsx"
import { ClientDashboard } from "#ui/client/client-dashboard.tsx"
import { useServices } from "./-client-actors.ts"
import { useClientSchedule } from "./-client-schedule.ts"
import { keepDashboardSnapshot } from "./-dashboard-snapshot.ts"

/** Invitations from coaches, in a chunk of their own (with the coaching machine), once the dashboard is up. */
const DashboardInvitations = lazy(() => import("./-dashboard-invitations.tsx"))

/** /client and /client/dashboard. */
export function DashboardScreen() {
  const services = useServices()
  const loading = useSelector(services.session, selectIsLoading)
  const name = useSelector(services.session, (snapshot) => selectUser(snapshot).name)
  const userId = useSelector(services.session, (snapshot) => selectUser(snapshot).id)
  const schedule = useClientSchedule({ scope: "upcoming" })
  // Kept each time the card settles on the server's answer, never the device copy's, and
  // again as the lifter leaves: by then the panels that load after the card (the coach's
  // replies) show too, so the next visit paints the whole dashboard they last saw.
  const settled = useSelector(schedule, selectShowsServerAnswer) && !loading && name !== null
  useEffect(() => {
    if (!settled || userId === null) return
    keepDashboardSnapshot(userId)
    return watchPageLeaving(() => keepDashboardSnapshot(userId))
  }, [settled, userId])
  if (loading || name === null) {
    return (
      <main className="page">
        <p role="status">Loading...</p>
      </main>
    )
  }
  return (
    <ClientDashboard
      greeting={greeting(name)}
      schedule={schedule}
      logout={<LogoutButton session={services.session} />}
      invitations={
        <Suspense fallback={null}>
          <DashboardInvitations services={services} />
        </Suspense>
      }
    />
  )
}
