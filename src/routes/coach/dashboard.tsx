import { createFileRoute } from "@tanstack/react-router"
import { LogoutButton } from "#ui/account/logout-button.tsx"
import { Page } from "#ui/layout/page.tsx"

export const Route = createFileRoute("/coach/dashboard")({
  component: CoachDashboard
})

// Temporary: the coach area's own dashboard replaces this; 'Log Out' is here so people can sign out meanwhile.
function CoachDashboard() {
  const { services } = Route.useRouteContext()
  return (
    <Page title="Dashboard">
      <LogoutButton session={services.session} />
    </Page>
  )
}
