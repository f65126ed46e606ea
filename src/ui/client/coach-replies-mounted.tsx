import { useActorRef } from "@xstate/react"
import { useEffect, useState } from "react"
import type { UserId } from "#domain/ids.ts"
import { coachRepliesImplementations } from "#machines/coach-replies/coach-replies.actors.ts"
import { coachRepliesMachine } from "#machines/coach-replies/coach-replies.machine.ts"
import { notesOutboxOf } from "#machines/comments/notes-outbox.registry.ts"
import { CoachRepliesPanel } from "./coach-replies-panel.tsx"
import type { TalkServices } from "./talk-services.ts"

/** Mounts the replies machine for the signed-in lifter, as long as the dashboard. */
export default function MountedCoachReplies({ services, me }: { services: TalkServices; me: UserId }) {
  const [logic] = useState(() =>
    coachRepliesMachine.provide(coachRepliesImplementations({ chat: services.chat, live: services.live }))
  )
  const replies = useActorRef(logic, { input: { me } })
  // Notes a reload left on the device are sent from the dashboard too, the logging page unopened.
  useEffect(() => void notesOutboxOf(services, me), [services, me])
  return <CoachRepliesPanel replies={replies} />
}
