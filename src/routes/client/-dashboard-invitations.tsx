import { useSelector } from "@xstate/react"
import { coachingImplementations } from "#machines/coaching/coaching.actors.ts"
import { coachingMachine } from "#machines/coaching/coaching.machine.ts"
import { selectVerificationNotice } from "#machines/session/session.selectors.ts"
import { InvitationsPanel } from "#ui/client/client-dashboard-invitations.tsx"
import type { AppServices } from "../../services.ts"
import { useMountedMachine } from "../-mount.ts"

/**
 * The dashboard's invitations from coaches: the coaching machine over the coaching
 * contract's client, both in this chunk, fetched after the dashboard paints so the
 * dashboard's first load does not carry them (docs/decisions/033).
 */
export default function DashboardInvitations({ services }: { services: AppServices }) {
  const coaching = useMountedMachine(coachingMachine, () => coachingImplementations({ gateway: services.coaching }))
  const verifyNoticeShown = useSelector(services.session, (snapshot) => selectVerificationNotice(snapshot) !== null)
  return <InvitationsPanel coaching={coaching} verifyNoticeShown={verifyNoticeShown} />
}
