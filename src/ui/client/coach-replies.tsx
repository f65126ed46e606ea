import { lazy, Suspense } from "react"
import { useSignedInId, useTalkServices, type TalkServices } from "./talk-services.ts"

/** The machine and the chat client come in a chunk of their own, after the dashboard paints. */
const MountedCoachReplies = lazy(() => import("./coach-replies-mounted.tsx"))

function SignedInReplies({ services }: { services: TalkServices }) {
  const me = useSignedInId(services)
  if (me === null) return null
  return (
    <Suspense fallback={null}>
      <MountedCoachReplies services={services} me={me} />
    </Suspense>
  )
}

/** The dashboard's replies from the coach, with their unread badge (docs/decisions/041). */
export function CoachReplies() {
  const services = useTalkServices()
  return services === undefined ? null : <SignedInReplies services={services} />
}
