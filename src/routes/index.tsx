import { createFileRoute } from "@tanstack/react-router"
import { leavePublicPage, validatePublicSearch } from "../session-guards.ts"
import { LoginScreen } from "./-login-screen.tsx"

// docs/product.md: / is the login page too.
export const Route = createFileRoute("/")({
  validateSearch: validatePublicSearch,
  beforeLoad: leavePublicPage,
  component: Home
})

function Home() {
  const { services } = Route.useRouteContext()
  return <LoginScreen session={services.session} heldSignedIn={false} />
}
