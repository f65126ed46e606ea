import { createFileRoute, useNavigate } from "@tanstack/react-router"
import { useSelector } from "@xstate/react"
import { useEffect } from "react"
import { selectProfileView } from "#machines/session/session.selectors.ts"
import { ProfileForm } from "#ui/account/profile-form.tsx"
import { Page } from "#ui/layout/page.tsx"

export const Route = createFileRoute("/coach/profile")({
  component: CoachProfile
})

const selectSaved = (snapshot: Parameters<typeof selectProfileView>[0]) => selectProfileView(snapshot).saved

function CoachProfile() {
  const { services } = Route.useRouteContext()
  const saved = useSelector(services.session, selectSaved)
  const navigate = useNavigate()

  // SPEC section 2: a successful update navigates to / (which sends a coach on to the dashboard).
  useEffect(() => {
    if (!saved) return
    services.session.send({ type: "profile.acknowledge" })
    void navigate({ to: "/" })
  }, [saved, services.session, navigate])

  return (
    <Page title="Profile">
      <ProfileForm session={services.session} />
    </Page>
  )
}
