import { createFileRoute } from "@tanstack/react-router"
import { useSelector } from "@xstate/react"
import * as Schema from "effect/Schema"
import { lazy, Suspense } from "react"
import { todayIso } from "#domain/calendar.ts"
import { browserUtcOffset } from "#domain/utc-offset.ts"
import { UserIdFromString } from "#domain/ids.ts"
import { clientMaxesImplementations } from "#machines/client-maxes/client-maxes.actors.ts"
import { clientMaxesMachine } from "#machines/client-maxes/client-maxes.machine.ts"
import type { ClientMaxesInput } from "#machines/client-maxes/client-maxes.types.ts"
import { preferencesImplementations } from "#machines/preferences/preferences.actors.ts"
import { preferencesMachine } from "#machines/preferences/preferences.machine.ts"
import { selectUser } from "#machines/session/session.selectors.ts"
import { ClientMaxes } from "#ui/coach/client-maxes.tsx"
import { NotFound } from "#ui/not-found/not-found.tsx"
import { useMountedMachine } from "../../../-mount.ts"

const decodeUserId = Schema.decodeUnknownOption(UserIdFromString)

/** The client's history to download, in a chunk of its own (docs/decisions/049-import-and-export.md). */
const DownloadsCard = lazy(() => import("../../../-downloads-card.tsx"))

/** A client's tested maxes; the coach area's guard (coach/route.tsx) keeps it to signed-in coaches. */
export const Route = createFileRoute("/coach/clients/$userId/maxes")({
  component: ClientMaxesRoute
})

function ClientMaxesRoute() {
  const { services } = Route.useRouteContext()
  const coachId = useSelector(services.session, (snapshot) => selectUser(snapshot).id)
  const clientId = decodeUserId(Route.useParams().userId)
  if (clientId._tag === "None") return <NotFound />
  if (coachId === null) return null
  const now = new Date()
  return (
    <MountedMaxes
      key={`${coachId}:${clientId.value}`}
      input={{ coachId, clientId: clientId.value, today: todayIso(now), utcOffset: browserUtcOffset(now) }}
    />
  )
}

function MountedMaxes({ input }: { input: ClientMaxesInput }) {
  const { services } = Route.useRouteContext()
  const gateway = { gateway: services.gateway }
  const maxes = useMountedMachine(
    clientMaxesMachine,
    () => clientMaxesImplementations({ ...gateway, doneWork: services.doneWork }),
    { input }
  )
  // The client's bar and plates, which the coach sets for them (never their unit).
  const plates = useMountedMachine(preferencesMachine, () => preferencesImplementations(gateway), {
    input: { userId: input.clientId, editor: "coach-of-client" }
  })
  return (
    <ClientMaxes
      maxes={maxes}
      plates={plates}
      downloads={
        <Suspense fallback={null}>
          <DownloadsCard
            services={services}
            card="coach-card"
            title="This client's history"
            detail="Every set this client logged or imported, to keep or to bring to another app."
            choices={[
              {
                request: { kind: "history", clientId: input.clientId, format: "csv" },
                label: "Download CSV",
                detail: "One row per set."
              },
              {
                request: { kind: "history", clientId: input.clientId, format: "strong" },
                label: "Download for other apps",
                detail: "Strong's CSV."
              }
            ]}
          />
        </Suspense>
      }
    />
  )
}
