import { useSelector } from "@xstate/react"
import { useLayoutEffect, useRef, type ReactNode } from "react"
import { selectPendingMessages, type ChatOutboxActorRef } from "#machines/chat-outbox/chat-outbox.selectors.ts"
import { selectThread, type ChatActorRef, type ShownMessage } from "#machines/chat/chat.selectors.ts"
import type { PendingMessageView } from "#machines/chat-outbox/chat-outbox.selectors.ts"
import { RetryAlert } from "#ui/layout/retry-alert.tsx"
import { ChatComposer } from "./chat-composer.tsx"
import { MessageText, MessageTime } from "./message-text.tsx"
import "./chat.css"

/** Closer than this to the top, the next older page loads; to the bottom, new messages keep it there. */
const NEAR_PX = 80

export interface ChatThreadProps {
  readonly chat: ChatActorRef
  readonly outbox: ChatOutboxActorRef
  readonly title: string
  /** who the other person is: "your coach", "Bo Client" */
  readonly otherName: string
  /** what to say when there is no thread to show (no coach yet, not a client of yours) */
  readonly unavailableText: string
  /** above the title: a way back to the list of chats */
  readonly back?: ReactNode
}

/**
 * One thread: the messages oldest at the top, mine on the right; what this device has not
 * got stored by the server yet below them, never as sent; the composer at the foot. The
 * list stays at the bottom as messages arrive unless the person has scrolled up; scrolling
 * to the top loads older ones and keeps the reading position.
 */
export function ChatThread({ chat, outbox, title, otherName, unavailableText, back }: ChatThreadProps) {
  const thread = useSelector(chat, selectThread)
  const pending = useSelector(outbox, selectPendingMessages)
  const shownIds = new Set(thread.messages.map((message) => message.id))
  const waiting = pending.filter((message) => !shownIds.has(message.id))
  const scroller = useRef<HTMLDivElement>(null)
  const atBottom = useRef(true)
  const before = useRef<{ firstId: string | undefined; height: number; top: number }>({
    firstId: undefined,
    height: 0,
    top: 0
  })

  const firstId = thread.messages[0]?.id
  const lastKey = `${thread.messages.at(-1)?.id ?? ""}/${waiting.length}/${thread.status}`
  useLayoutEffect(() => {
    const element = scroller.current
    if (element === null) return
    const previous = before.current
    if (previous.firstId !== undefined && firstId !== previous.firstId && !atBottom.current) {
      // Older messages went in above: keep what the person was reading where it was.
      element.scrollTop = previous.top + (element.scrollHeight - previous.height)
    } else if (atBottom.current) {
      element.scrollTop = element.scrollHeight
    }
    before.current = { firstId, height: element.scrollHeight, top: element.scrollTop }
  }, [firstId, lastKey])

  const onScroll = () => {
    const element = scroller.current
    if (element === null) return
    atBottom.current = element.scrollHeight - element.scrollTop - element.clientHeight < NEAR_PX
    before.current = { ...before.current, height: element.scrollHeight, top: element.scrollTop }
    if (element.scrollTop < NEAR_PX && thread.older === "more") chat.send({ type: "older.load" })
  }

  return (
    <main className="page chat-page">
      {back}
      <h1 className="chat-page__title">{title}</h1>
      {thread.status === "loading" && (
        <p className="muted chat-page__status" role="status">
          Loading messages…
        </p>
      )}
      {thread.status === "failed" && (
        <RetryAlert
          message={thread.failure ?? "The messages did not load."}
          onRetry={() => chat.send({ type: "thread.retry" })}
        />
      )}
      {thread.status === "unavailable" && <p className="chat-page__empty">{unavailableText}</p>}
      {thread.status !== "unavailable" && (
        <div
          ref={scroller}
          className="chat-thread"
          role="log"
          aria-label={`Messages with ${otherName}`}
          tabIndex={0}
          onScroll={onScroll}
        >
          <OlderMessages
            older={thread.older === "start" && thread.messages.length === 0 ? "none" : thread.older}
            failure={thread.failure}
            onLoad={() => chat.send({ type: "older.load" })}
          />
          {thread.status === "showing" && thread.messages.length === 0 && waiting.length === 0 && (
            <p className="muted chat-thread__empty">No messages yet. Say hello to {otherName}.</p>
          )}
          <ol className="chat-thread__list">
            {thread.messages.map((message) => (
              <SentMessage key={message.id} message={message} otherName={otherName} />
            ))}
            {waiting.map((message) => (
              <WaitingMessage key={message.id} message={message} chat={chat} outbox={outbox} />
            ))}
          </ol>
        </div>
      )}
      <ChatComposer
        chat={chat}
        label={`Message to ${otherName}`}
        onSent={() => {
          atBottom.current = true
        }}
      />
    </main>
  )
}

function OlderMessages({
  older,
  failure,
  onLoad
}: {
  readonly older: ReturnType<typeof selectThread>["older"]
  readonly failure: string | null
  readonly onLoad: () => void
}) {
  if (older === "start") return <p className="muted chat-thread__start">This is the start of your conversation.</p>
  if (older === "loading")
    return (
      <p className="muted chat-thread__start" role="status">
        Loading older messages…
      </p>
    )
  if (older === "failed") return <RetryAlert message={failure ?? "Older messages did not load."} onRetry={onLoad} />
  if (older === "more")
    return (
      <p className="chat-thread__start">
        <button type="button" className="button button--quiet" onClick={onLoad}>
          Show older messages
        </button>
      </p>
    )
  return null
}

function SentMessage({ message, otherName }: { readonly message: ShownMessage; readonly otherName: string }) {
  return (
    <li className={`chat-message ${message.mine ? "chat-message--mine" : "chat-message--theirs"}`}>
      <span className="visually-hidden">{message.mine ? "You" : otherName} said:</span>
      <div className="chat-message__bubble">
        <MessageText text={message.body} />
      </div>
      <p className="chat-message__meta">
        <MessageTime at={message.createdAt} />
        {message.read && <span className="chat-message__read"> · Read</span>}
      </p>
    </li>
  )
}

function WaitingMessage({
  message,
  chat,
  outbox
}: {
  readonly message: PendingMessageView
  readonly chat: ChatActorRef
  readonly outbox: ChatOutboxActorRef
}) {
  return (
    <li className={`chat-message chat-message--mine chat-message--${message.status}`} data-status={message.status}>
      <span className="visually-hidden">You said:</span>
      <div className="chat-message__bubble">
        <MessageText text={message.body} />
      </div>
      <p className="chat-message__meta" role={message.status === "refused" ? "alert" : undefined}>
        {message.note}
      </p>
      {message.status === "refused" && (
        <p className="chat-message__actions">
          <button
            type="button"
            className="button button--quiet"
            onClick={() => {
              chat.send({ type: "draft.change", text: message.body })
              outbox.send({ type: "message.discard", id: message.id })
            }}
          >
            Edit
          </button>
          <button
            type="button"
            className="button button--danger-quiet"
            onClick={() => outbox.send({ type: "message.discard", id: message.id })}
          >
            Discard
          </button>
        </p>
      )}
    </li>
  )
}
