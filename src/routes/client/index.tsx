import { createFileRoute } from "@tanstack/react-router"
import { Page } from "#ui/layout/page.tsx"

export const Route = createFileRoute("/client/")({
  component: ClientHome
})

function ClientHome() {
  return <Page title="Dashboard" />
}
