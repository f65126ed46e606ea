import { createFileRoute } from "@tanstack/react-router"
import { leavePublicPage, validatePublicSearch } from "../session-guards.ts"
import { LoginScreen } from "./-login-screen.tsx"

export const Route = createFileRoute("/login")({
  validateSearch: validatePublicSearch,
  beforeLoad: leavePublicPage,
  component: Login
})

function Login() {
  const { services, heldSignedIn } = Route.useRouteContext()
  return <LoginScreen session={services.session} heldSignedIn={heldSignedIn} />
}
