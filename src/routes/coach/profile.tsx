import { createFileRoute } from "@tanstack/react-router"
import { ProfileForm } from "#ui/account/profile-form.tsx"
import { Page } from "#ui/layout/page.tsx"

// SPEC section 2: a successful update navigates to /, which sends a coach on to the
// dashboard; the session machine does that itself (its showHome action, bound in router.tsx).
export const Route = createFileRoute("/coach/profile")({
  component: CoachProfile
})

function CoachProfile() {
  const { services } = Route.useRouteContext()
  return (
    <Page title="Profile">
      <ProfileForm session={services.session} />
    </Page>
  )
}
