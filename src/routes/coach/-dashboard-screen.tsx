import { useSelector } from "@xstate/react"
import type { UserId } from "#domain/ids.ts"
import { coachClientsImplementations } from "#machines/coach-clients/coach-clients.actors.ts"
import { coachClientsMachine } from "#machines/coach-clients/coach-clients.machine.ts"
import { selectUser } from "#machines/session/session.selectors.ts"
import { LogoutButton } from "#ui/account/logout-button.tsx"
import { CoachDashboard } from "#ui/coach/coach-dashboard.tsx"
import type { AppServices } from "../../services.ts"
import { useMountedMachine } from "../-mount.ts"

/** Shared by /coach and /coach/dashboard: mounts the client list for the signed-in coach. */
export function DashboardScreen({ services }: { services: AppServices }) {
  const coachId = useSelector(services.session, (snapshot) => selectUser(snapshot).id)
  // The area's guard only renders this for a signed-in coach, so the id is there.
  if (coachId === null) return null
  return <MountedDashboard key={coachId} coachId={coachId} services={services} />
}

function MountedDashboard({ coachId, services }: { coachId: UserId; services: AppServices }) {
  const clients = useMountedMachine(
    coachClientsMachine,
    () => coachClientsImplementations({ gateway: services.gateway }),
    { input: { coachId } }
  )
  return <CoachDashboard clients={clients} footer={<LogoutButton session={services.session} />} />
}
