import { createFileRoute, Outlet } from "@tanstack/react-router"
import { AreaLayout } from "#ui/layout/area-layout.tsx"

export const Route = createFileRoute("/client")({
  component: ClientArea
})

function ClientArea() {
  return (
    <AreaLayout area="client">
      <Outlet />
    </AreaLayout>
  )
}
