import { createFileRoute, Outlet } from "@tanstack/react-router"
import { SessionStatus } from "#ui/account/session-status.tsx"
import { AreaLayout } from "#ui/layout/area-layout.tsx"
import { requireSignedIn } from "../../session-guards.ts"

export const Route = createFileRoute("/coach")({
  beforeLoad: (args) => requireSignedIn("Coach", args),
  component: CoachArea
})

function CoachArea() {
  const { services } = Route.useRouteContext()
  return (
    <AreaLayout area="coach">
      <SessionStatus session={services.session}>
        <Outlet />
      </SessionStatus>
    </AreaLayout>
  )
}
