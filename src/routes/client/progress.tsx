import { createFileRoute, useNavigate } from "@tanstack/react-router"
import { DEFAULT_LIFT, isLift, type Lift } from "#domain/lifts.ts"
import { ProgressScreen } from "#ui/client/progress-screen.tsx"
import { useClientSchedule } from "./-client-schedule.ts"

// The picked lift lives in the address, so it survives a reload and can be shared.
export const Route = createFileRoute("/client/progress")({
  validateSearch: (search: Record<string, unknown>): { lift?: Lift } =>
    isLift(search["lift"]) ? { lift: search["lift"] } : {},
  component: ProgressRoute
})

function ProgressRoute() {
  const { lift } = Route.useSearch()
  const navigate = useNavigate({ from: "/client/progress" })
  const schedule = useClientSchedule({ scope: "progress" })
  return (
    <ProgressScreen
      schedule={schedule}
      lift={lift ?? DEFAULT_LIFT}
      onPickLift={(picked) => void navigate({ search: { lift: picked }, replace: true })}
    />
  )
}
