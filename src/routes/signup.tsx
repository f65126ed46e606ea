import { createFileRoute } from "@tanstack/react-router"
import { PublicPage } from "#ui/layout/public-page.tsx"

export const Route = createFileRoute("/signup")({
  component: SignupScreen
})

function SignupScreen() {
  return <PublicPage title="Sign up" />
}
