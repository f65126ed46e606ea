import { useNavigate } from "@tanstack/react-router"
import { useSelector } from "@xstate/react"
import { useCallback } from "react"
import { greeting } from "#domain/user.ts"
import { selectIsLoading, selectUser } from "#machines/session/session.selectors.ts"
import { LogoutButton } from "#ui/account/logout-button.tsx"
import { ClientDashboard } from "#ui/client/client-dashboard.tsx"
import { useClientSchedule, useLeaveWhenSignedOut, useServices } from "./-client-actors.ts"

/** /client and /client/dashboard. */
export function DashboardScreen() {
  const services = useServices()
  const navigate = useNavigate()
  const loading = useSelector(services.session, selectIsLoading)
  const name = useSelector(services.session, (snapshot) => selectUser(snapshot).name)
  const schedule = useClientSchedule({ scope: "upcoming" })
  useLeaveWhenSignedOut(useCallback(() => void navigate({ to: "/login" }), [navigate]))
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
