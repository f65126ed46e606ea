import { Link } from "@tanstack/react-router"
import { useSelector } from "@xstate/react"
import { selectThreadList, type ChatThreadsActorRef } from "#machines/chat-threads/chat-threads.selectors.ts"
import { RetryAlert } from "#ui/layout/retry-alert.tsx"
import { MessageTime } from "./message-text.tsx"
import "./chat.css"

/** /coach/chat: a chat per client on the coach's list, newest conversation first, each with its unread count. */
export function ChatThreads({ threads }: { readonly threads: ChatThreadsActorRef }) {
  const list = useSelector(threads, selectThreadList)
  return (
    <main className="page">
      <h1>Chat</h1>
      {list.loading && (
        <p className="muted" role="status">
          Loading your chats…
        </p>
      )}
      {list.failure !== null && (
        <RetryAlert message={list.failure} onRetry={() => threads.send({ type: "threads.retry" })} />
      )}
      {!list.loading && list.failure === null && list.threads.length === 0 && (
        <p>
          No clients yet. Add a client on your <Link to="/coach/dashboard">dashboard</Link> to chat with them.
        </p>
      )}
      {list.threads.length > 0 && (
        <ul className="chat-threads" aria-label="Chats with your clients">
          {list.threads.map((thread) => (
            <li key={thread.clientId}>
              <Link to="/coach/chat/$clientId" params={{ clientId: String(thread.clientId) }}>
                <span className="chat-threads__name">{thread.name}</span>
                {thread.lastMessageAt === null ? (
                  <span className="chat-threads__when">No messages yet</span>
                ) : (
                  <span className="chat-threads__when">
                    <MessageTime at={thread.lastMessageAt} />
                  </span>
                )}
                {thread.unread > 0 && (
                  <span className="chat-threads__unread">
                    {thread.unread}
                    <span className="visually-hidden"> unread</span>
                  </span>
                )}
              </Link>
            </li>
          ))}
        </ul>
      )}
    </main>
  )
}
