import { createFileRoute } from "@tanstack/react-router"
import { useSelector } from "@xstate/react"
import { lazy, Suspense } from "react"
import type { UserId } from "#domain/ids.ts"
import { preferencesImplementations } from "#machines/preferences/preferences.actors.ts"
import { preferencesMachine } from "#machines/preferences/preferences.machine.ts"
import { selectUser } from "#machines/session/session.selectors.ts"
import { LogoutButton } from "#ui/account/logout-button.tsx"
import { ClientProfile } from "#ui/client/client-profile.tsx"
import { useMountedMachine } from "../-mount.ts"
import { useClientId, useServices } from "./-client-actors.ts"

/** "Your coach", with the coaching machine, in a chunk of its own: the profile's first load stays within budget. */
const ProfileCoach = lazy(() => import("./-profile-coach.tsx"))
/** "Your data" (imports and exports), in a chunk of its own too: it carries the exercise catalogue and the readers. */
const ProfileData = lazy(() => import("./-profile-data.tsx"))

export const Route = createFileRoute("/client/profile")({
  component: ProfileRoute
})

function ProfileRoute() {
  const clientId = useClientId()
  if (clientId === null) return null
  return <MountedProfile key={clientId} clientId={clientId} />
}

function MountedProfile({ clientId }: { clientId: UserId }) {
  const services = useServices()
  const name = useSelector(services.session, (snapshot) => selectUser(snapshot).name)
  const preferences = useMountedMachine(
    preferencesMachine,
    () => preferencesImplementations({ gateway: services.gateway }),
    { input: { userId: clientId, editor: "lifter" } }
  )
  return (
    <ClientProfile
      name={name ?? ""}
      preferences={preferences}
      coach={
        <Suspense fallback={null}>
          <ProfileCoach services={services} />
        </Suspense>
      }
      data={
        <Suspense fallback={null}>
          <ProfileData services={services} clientId={clientId} />
        </Suspense>
      }
      logout={<LogoutButton session={services.session} />}
    />
  )
}
