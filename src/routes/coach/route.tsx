import { createFileRoute, Outlet } from "@tanstack/react-router"
import { AreaLayout } from "#ui/layout/area-layout.tsx"

export const Route = createFileRoute("/coach")({
  component: CoachArea
})

function CoachArea() {
  return (
    <AreaLayout area="coach">
      <Outlet />
    </AreaLayout>
  )
}
