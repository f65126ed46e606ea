import { createFileRoute, Link } from "@tanstack/react-router"
import { useSelector } from "@xstate/react"
import { UserIdFromString, type UserId } from "#domain/ids.ts"
import { chatThreadsImplementations } from "#machines/chat-threads/chat-threads.actors.ts"
import { chatThreadsMachine } from "#machines/chat-threads/chat-threads.machine.ts"
import { selectThreadList } from "#machines/chat-threads/chat-threads.selectors.ts"
import * as Schema from "effect/Schema"
import { ThreadScreen, useServices, useSignedInId } from "../../-chat-thread.tsx"
import { useMountedMachine } from "../../-mount.ts"

// The coach's thread with one client, opened from /coach/chat.
export const Route = createFileRoute("/coach/chat/$clientId")({
  component: CoachThread
})

const readClientId = Schema.decodeUnknownOption(UserIdFromString)

function CoachThread() {
  const coachId = useSignedInId()
  const { clientId: raw } = Route.useParams()
  const clientId = readClientId(raw)
  if (coachId === null) return null
  const back = (
    <Link to="/coach/chat" className="chat-page__back">
      ← All chats
    </Link>
  )
  if (clientId._tag === "None")
    return (
      <main className="page">
        {back}
        <h1>Chat</h1>
        <p>There is no client at this address.</p>
      </main>
    )
  return <MountedThread key={`${coachId}:${clientId.value}`} coachId={coachId} clientId={clientId.value} back={back} />
}

function MountedThread({
  coachId,
  clientId,
  back
}: {
  readonly coachId: UserId
  readonly clientId: UserId
  readonly back: React.ReactNode
}) {
  const services = useServices()
  // The client's name, from the coach's list (live updates are the list screen's job).
  const threads = useMountedMachine(
    chatThreadsMachine,
    () => chatThreadsImplementations({ gateway: services.gateway, chat: services.chat, live: undefined }),
    { input: { coachId } }
  )
  const name = useSelector(
    threads,
    (snapshot) => selectThreadList(snapshot).threads.find((thread) => thread.clientId === clientId)?.name
  )
  return (
    <ThreadScreen
      me={coachId}
      clientId={clientId}
      title={name === undefined ? "Chat" : `Chat with ${name}`}
      otherName={name ?? "your client"}
      unavailableText="This person is not on your client list, so there is no chat with them."
      back={back}
    />
  )
}
