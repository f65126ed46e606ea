import { coachingImplementations } from "#machines/coaching/coaching.actors.ts"
import { coachingMachine } from "#machines/coaching/coaching.machine.ts"
import { CoachCard } from "#ui/client/client-profile-coach.tsx"
import type { AppServices } from "../../services.ts"
import { useMountedMachine } from "../-mount.ts"

/**
 * The profile's "Your coach": the coaching machine over the coaching contract's client
 * (services.coaching), in a chunk of its own fetched with the profile (docs/decisions/033).
 */
export default function ProfileCoach({ services }: { services: AppServices }) {
  const coaching = useMountedMachine(coachingMachine, () => coachingImplementations({ gateway: services.coaching }))
  return <CoachCard coaching={coaching} />
}
