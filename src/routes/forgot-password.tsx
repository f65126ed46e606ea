import { createFileRoute } from "@tanstack/react-router"
import { PublicPage } from "#ui/layout/public-page.tsx"

export const Route = createFileRoute("/forgot-password")({
  component: ForgotPasswordScreen
})

function ForgotPasswordScreen() {
  return <PublicPage title="Forgot password" />
}
