import { createFileRoute } from "@tanstack/react-router"
import { SessionStatus } from "#ui/account/session-status.tsx"
import { SignupForm } from "#ui/account/signup-form.tsx"
import { PublicPage } from "#ui/layout/public-page.tsx"
import { leavePublicPage, validatePublicSearch } from "../session-guards.ts"

export const Route = createFileRoute("/signup")({
  validateSearch: validatePublicSearch,
  beforeLoad: leavePublicPage,
  component: Signup
})

function Signup() {
  const { services } = Route.useRouteContext()
  return (
    <PublicPage title="Sign up">
      <SessionStatus session={services.session}>
        <SignupForm session={services.session} />
      </SessionStatus>
    </PublicPage>
  )
}
