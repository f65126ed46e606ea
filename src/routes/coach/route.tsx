import { createFileRoute, Outlet } from "@tanstack/react-router"
import { SessionStatus } from "#ui/account/session-status.tsx"
import { AreaLayout } from "#ui/layout/area-layout.tsx"
import { requireSignedIn } from "../../session-guards.ts"
import { useChatBadge } from "../-chat-unread.ts"

export const Route = createFileRoute("/coach")({
  beforeLoad: (args) => requireSignedIn("Coach", args),
  component: CoachArea
})

function CoachArea() {
  const { services } = Route.useRouteContext()
  const { unread, liveStatus } = useChatBadge(services)
  return (
    <AreaLayout area="coach" unread={unread} liveStatus={liveStatus}>
      <SessionStatus session={services.session}>
        <Outlet />
      </SessionStatus>
    </AreaLayout>
  )
}
