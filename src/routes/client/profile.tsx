import { createFileRoute } from "@tanstack/react-router"
import { useSelector } from "@xstate/react"
import { selectUser } from "#machines/session/session.selectors.ts"
import { ClientProfile } from "#ui/client/client-profile.tsx"
import { useServices } from "./-client-actors.ts"

export const Route = createFileRoute("/client/profile")({
  component: ProfileRoute
})

function ProfileRoute() {
  const services = useServices()
  const name = useSelector(services.session, (snapshot) => selectUser(snapshot).name)
  return <ClientProfile name={name ?? ""} />
}
