import { createFileRoute, useRouter } from "@tanstack/react-router"
import { useSelector } from "@xstate/react"
import * as Schema from "effect/Schema"
import { todayIso } from "#domain/calendar.ts"
import { UserId } from "#domain/ids.ts"
import { coachCalendarImplementations } from "#machines/coach-calendar/coach-calendar.actors.ts"
import { coachCalendarMachine } from "#machines/coach-calendar/coach-calendar.machine.ts"
import type { CoachCalendarInput } from "#machines/coach-calendar/coach-calendar.types.ts"
import { parseWeek } from "#domain/calendar-week.ts"
import { selectUser } from "#machines/session/session.selectors.ts"
import { CoachCalendar } from "#ui/coach/coach-calendar.tsx"
import { useMountedMachine } from "../-mount.ts"

const decodeClient = Schema.decodeUnknownOption(UserId)
const WEEK_SHAPE = /^\d{4}-\d{2}-\d{2}$/

/**
 * ?client=7&week=2026-03-01 keeps the client and the grid's first day (YYYY-MM-DD, a
 * Sunday) across a reload, a visit to a day and Back. A week that is not a real day is
 * dropped (today's week); any other day stands for its week.
 */
export const Route = createFileRoute("/coach/calendar")({
  validateSearch: (search: Record<string, unknown>): { client?: number; week?: string } => {
    const raw = Number(search["client"])
    // Only the text's shape here: this runs in the first chunk of every screen, which must
    // not load Effect (#domain/calendar.ts); the component reads the week with parseWeek.
    const rawWeek = search["week"]
    const week = typeof rawWeek === "string" && WEEK_SHAPE.test(rawWeek) ? rawWeek : undefined
    return {
      ...(Number.isSafeInteger(raw) && raw > 0 ? { client: raw } : {}),
      ...(week === undefined ? {} : { week })
    }
  },
  component: CoachCalendarRoute
})

function CoachCalendarRoute() {
  const { services } = Route.useRouteContext()
  const { client, week } = Route.useSearch()
  const coachId = useSelector(services.session, (snapshot) => selectUser(snapshot).id)
  if (coachId === null) return null
  const preferred = decodeClient(client)
  const clientId = preferred._tag === "Some" ? preferred.value : null
  // The address follows the calendar (rememberPlace), so only a new coach needs a new actor.
  return (
    <MountedCalendar
      key={coachId}
      input={{ coachId, today: todayIso(new Date()), clientId, week: parseWeek(week) ?? null }}
    />
  )
}

function MountedCalendar({ input }: { input: CoachCalendarInput }) {
  const { services } = Route.useRouteContext()
  const router = useRouter()
  const calendar = useMountedMachine(
    coachCalendarMachine,
    () =>
      coachCalendarImplementations({
        gateway: services.gateway,
        // Replaced, not pushed: the arrows do not fill the history, and Back from a day returns here.
        rememberPlace: ({ clientId, week }) => {
          // Once the coach has gone elsewhere (a tab tapped while the days load), the calendar keeps nothing.
          if (router.latestLocation.pathname !== "/coach/calendar") return
          const shown = router.state.location.search
          if (shown.client === clientId && shown.week === week) return
          void router.navigate({ to: "/coach/calendar", search: { client: clientId, week }, replace: true })
        }
      }),
    { input }
  )
  return <CoachCalendar calendar={calendar} />
}
