import { createFileRoute, useRouter } from "@tanstack/react-router"
import { todayIso } from "#domain/calendar.ts"
import { browserUtcOffset } from "#domain/utc-offset.ts"
import { clientProgressImplementations } from "#machines/client-progress/client-progress.actors.ts"
import { clientProgressMachine } from "#machines/client-progress/client-progress.machine.ts"
import { parseProgressSearch, type ProgressSearch } from "#domain/progress-search.ts"
import type { ClientProgressInput } from "#machines/client-progress/client-progress.types.ts"
import type { UserId } from "#domain/ids.ts"
import { ProgressScreen } from "#ui/client/progress-screen.tsx"
import { useMountedMachine } from "../-mount.ts"
import { useClientId, useServices } from "./-client-actors.ts"

// The picked exercise and range live in the address, so they survive a reload and can be
// shared; an old ?lift=squat link opens the same lift by its catalogue id.
export const Route = createFileRoute("/client/progress")({
  validateSearch: (search: Record<string, unknown>): ProgressSearch => parseProgressSearch(search),
  component: ProgressRoute
})

function ProgressRoute() {
  const clientId = useClientId()
  const { exercise, range } = Route.useSearch()
  if (clientId === null) return null
  const now = new Date()
  return (
    <MountedProgress
      key={clientId}
      input={{
        clientId,
        today: todayIso(now),
        utcOffset: browserUtcOffset(now),
        ...(range === undefined ? {} : { range }),
        ...(exercise === undefined ? {} : { exercise })
      }}
    />
  )
}

function MountedProgress({ input }: { input: ClientProgressInput & { clientId: UserId } }) {
  const services = useServices()
  const router = useRouter()
  const progress = useMountedMachine(
    clientProgressMachine,
    () =>
      clientProgressImplementations({
        gateway: services.gateway,
        doneWork: services.doneWork,
        showAddress: ({ exercise, range }) =>
          void router.navigate({
            to: "/client/progress",
            search: { ...(exercise === null ? {} : { exercise }), range },
            replace: true
          })
      }),
    { input }
  )
  return <ProgressScreen progress={progress} />
}
