import { createFileRoute, Outlet } from "@tanstack/react-router"
import { SessionStatus } from "#ui/account/session-status.tsx"
import { AreaLayout } from "#ui/layout/area-layout.tsx"
import { requireSignedIn } from "../../session-guards.ts"
import { useChatBadge } from "../-chat-unread.ts"
import { useDeviceCopyRefresh } from "./-device-copy-refresh.ts"
import { ClientOutboxes } from "./-outboxes.tsx"

export const Route = createFileRoute("/client")({
  beforeLoad: (args) => requireSignedIn("Client", args),
  component: ClientArea
})

function ClientArea() {
  const { services } = Route.useRouteContext()
  const { unread, liveStatus } = useChatBadge(services)
  useDeviceCopyRefresh()
  return (
    <AreaLayout area="client" unread={unread} liveStatus={liveStatus}>
      <SessionStatus session={services.session}>
        <ClientOutboxes />
        <Outlet />
      </SessionStatus>
    </AreaLayout>
  )
}
