import { lazy, Suspense } from "react"
import type { IsoDate } from "#domain/calendar.ts"
import type { WorkoutOrder } from "#domain/workout-edits.ts"
import { useSignedInId, useTalkServices, type TalkServices } from "./talk-services.ts"

/** The list's machine and the chat client come in a chunk of their own, after the page paints. */
const MountedWorkoutNotes = lazy(() => import("./workout-notes-mounted.tsx"))

interface Place {
  readonly date: IsoDate
  readonly workoutOrder: WorkoutOrder
}

function SignedInNotes({ services, place }: { services: TalkServices; place: Place }) {
  const me = useSignedInId(services)
  if (me === null) return null
  return (
    <Suspense fallback={null}>
      <MountedWorkoutNotes services={services} me={me} {...place} />
    </Suspense>
  )
}

/** A workout's notes with the coach's replies, on the workout page (docs/decisions/041). */
export function WorkoutNotes(place: Place) {
  const services = useTalkServices()
  return services === undefined ? null : <SignedInNotes services={services} place={place} />
}
