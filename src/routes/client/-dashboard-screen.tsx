import { useSelector } from "@xstate/react"
import { greeting } from "#domain/user.ts"
import { selectIsLoading, selectUser } from "#machines/session/session.selectors.ts"
import { LogoutButton } from "#ui/account/logout-button.tsx"
import { ClientDashboard } from "#ui/client/client-dashboard.tsx"
import { useServices } from "./-client-actors.ts"
import { useClientSchedule } from "./-client-schedule.ts"

/** /client and /client/dashboard. */
export function DashboardScreen() {
  const services = useServices()
  const loading = useSelector(services.session, selectIsLoading)
  const name = useSelector(services.session, (snapshot) => selectUser(snapshot).name)
  const schedule = useClientSchedule({ scope: "upcoming" })
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
    />
  )
}
