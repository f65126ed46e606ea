import { createFileRoute } from "@tanstack/react-router"
import { useSelector } from "@xstate/react"
import { lazy, Suspense } from "react"
import type { UserId } from "#domain/ids.ts"
import { preferencesImplementations } from "#machines/preferences/preferences.actors.ts"
import { preferencesMachine } from "#machines/preferences/preferences.machine.ts"
import { selectUser } from "#machines/session/session.selectors.ts"
import { PreferencesForm } from "#ui/account/preferences-form.tsx"
import { ProfileForm } from "#ui/account/profile-form.tsx"
import { Page } from "#ui/layout/page.tsx"
import { useMountedMachine } from "../-mount.ts"

/** The account's download, in a chunk of its own (docs/decisions/049-import-and-export.md). */
const DownloadsCard = lazy(() => import("../-downloads-card.tsx"))

// docs/product.md: a successful update navigates to /, which sends a coach on to the
// dashboard; the session machine does that itself (its showHome action, bound in router.tsx).
// Under it, the unit the coach reads and enters loads in (docs/decisions/018).
export const Route = createFileRoute("/coach/profile")({
  component: CoachProfile
})

function CoachProfile() {
  const { services } = Route.useRouteContext()
  const coachId = useSelector(services.session, (snapshot) => selectUser(snapshot).id)
  return (
    <Page title="Profile">
      <ProfileForm session={services.session} />
      {coachId === null ? null : <CoachUnits key={coachId} coachId={coachId} />}
      <Suspense fallback={null}>
        <DownloadsCard
          services={services}
          title="Take your data"
          detail="Your whole account as one zip: your clients, your templates, every client's history and your chats."
          choices={[{ request: { kind: "account" }, label: "Download your account", detail: "A .zip file." }]}
        />
      </Suspense>
    </Page>
  )
}

function CoachUnits({ coachId }: { coachId: UserId }) {
  const { services } = Route.useRouteContext()
  const preferences = useMountedMachine(
    preferencesMachine,
    () => preferencesImplementations({ gateway: services.gateway }),
    {
      input: { userId: coachId, editor: "coach" }
    }
  )
  return <PreferencesForm preferences={preferences} />
}
