import { createFileRoute, useNavigate } from "@tanstack/react-router"
import { useActorRef, useSelector } from "@xstate/react"
import * as Schema from "effect/Schema"
import { useEffect, useState } from "react"
import { todayIso } from "#domain/calendar.ts"
import { UserId } from "#domain/ids.ts"
import { createCoachCalendarActors, gatewayCoachCalendarPort } from "#machines/coach-calendar/coach-calendar.actors.ts"
import { coachCalendarMachine } from "#machines/coach-calendar/coach-calendar.machine.ts"
import { selectCalendar } from "#machines/coach-calendar/coach-calendar.selectors.ts"
import { selectUser } from "#machines/session/session.selectors.ts"
import { CoachCalendar } from "#ui/coach/coach-calendar.tsx"
import type { AppServices } from "../../services.ts"

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
  return (
    <MountedCalendar
      key={coachId}
      coachId={coachId}
      clientId={preferred._tag === "Some" ? preferred.value : null}
      services={services}
    />
  )
}

function MountedCalendar({ coachId, clientId, services }: { coachId: UserId; clientId: UserId | null; services: AppServices }) {
  const [today] = useState(() => todayIso(new Date()))
  const calendar = useActorRef(
    coachCalendarMachine.provide({ actors: createCoachCalendarActors(gatewayCoachCalendarPort(services.gateway)) }),
    { input: { coachId, today, clientId } }
  )
  // The picked client goes into the address, so Back and a reload show the same client.
  const shown = useSelector(calendar, (snapshot) => selectCalendar(snapshot).clientId)
  const navigate = useNavigate()
  useEffect(() => {
    if (shown !== null && shown !== (clientId === null ? null : String(clientId))) {
      void navigate({ to: "/coach/calendar", search: { client: Number(shown) }, replace: true })
    }
  }, [shown, clientId, navigate])
  return <CoachCalendar calendar={calendar} />
}
