import { createFileRoute, useRouter } from "@tanstack/react-router"
import { useSelector } from "@xstate/react"
import * as Schema from "effect/Schema"
import { todayIso } from "#domain/calendar.ts"
import { UserId } from "#domain/ids.ts"
import { coachCalendarImplementations } from "#machines/coach-calendar/coach-calendar.actors.ts"
import { coachCalendarMachine } from "#machines/coach-calendar/coach-calendar.machine.ts"
import type { CoachCalendarInput } from "#machines/coach-calendar/coach-calendar.types.ts"
import { selectUser } from "#machines/session/session.selectors.ts"
import { CoachCalendar } from "#ui/coach/coach-calendar.tsx"
import { useMountedMachine } from "../-mount.ts"

const decodeClient = Schema.decodeUnknownOption(UserId)

/** ?client=7 keeps the chosen client across visits to a day and back. */
export const Route = createFileRoute("/coach/calendar")({
  validateSearch: (search: Record<string, unknown>): { client?: number } => {
    const raw = Number(search["client"])
    return Number.isSafeInteger(raw) && raw > 0 ? { client: raw } : {}
  },
  component: CoachCalendarRoute
})

function CoachCalendarRoute() {
  const { services } = Route.useRouteContext()
  const { client } = Route.useSearch()
  const coachId = useSelector(services.session, (snapshot) => selectUser(snapshot).id)
  if (coachId === null) return null
  const preferred = decodeClient(client)
  const clientId = preferred._tag === "Some" ? preferred.value : null
  // The address follows the calendar (rememberClient), so only a new coach needs a new actor.
  return <MountedCalendar key={coachId} input={{ coachId, today: todayIso(new Date()), clientId }} />
}

function MountedCalendar({ input }: { input: CoachCalendarInput }) {
  const { services } = Route.useRouteContext()
  const router = useRouter()
  const calendar = useMountedMachine(
    coachCalendarMachine,
    () =>
      coachCalendarImplementations({
        gateway: services.gateway,
        // The client shown goes into the address, so Back and a reload show the same client.
        rememberClient: (client) => {
          if (router.state.location.search.client === client) return
          void router.navigate({ to: "/coach/calendar", search: { client }, replace: true })
        }
      }),
    { input }
  )
  return <CoachCalendar calendar={calendar} />
}
