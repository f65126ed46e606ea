import { createFileRoute } from "@tanstack/react-router"
import { PublicPage } from "#ui/layout/public-page.tsx"

export const Route = createFileRoute("/")({
  component: LoginScreen
})

function LoginScreen() {
  return <PublicPage title="Sign in" />
}
