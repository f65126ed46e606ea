import { createFileRoute } from "@tanstack/react-router"
import { ForgotPasswordForm } from "#ui/account/forgot-password-form.tsx"
import { SessionStatus } from "#ui/account/session-status.tsx"
import { PublicPage } from "#ui/layout/public-page.tsx"
import { leavePublicPage, validatePublicSearch } from "../session-guards.ts"

export const Route = createFileRoute("/forgot-password")({
  validateSearch: validatePublicSearch,
  beforeLoad: leavePublicPage,
  component: ForgotPassword
})

function ForgotPassword() {
  const { services } = Route.useRouteContext()
  return (
    <PublicPage title="Forgot password">
      <SessionStatus session={services.session}>
        <ForgotPasswordForm session={services.session} />
      </SessionStatus>
    </PublicPage>
  )
}
