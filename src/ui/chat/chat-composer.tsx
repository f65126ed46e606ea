import { useSelector } from "@xstate/react"
import { useId, type KeyboardEvent } from "react"
import { selectComposer, type ChatActorRef } from "#machines/chat/chat.selectors.ts"

/**
 * The composer: Enter sends, Shift+Enter starts a new line (and Enter while an input
 * method is composing a word does neither). Text the server would refuse is not sent:
 * its reason shows under the box.
 */
export function ChatComposer({
  chat,
  label,
  onSent
}: {
  readonly chat: ChatActorRef
  /** what the box is for, read by screen readers: "Message to your coach" */
  readonly label: string
  /** after the text went to the outbox (the thread scrolls to it) */
  readonly onSent?: () => void
}) {
  const { draft, problem, hidden } = useSelector(chat, selectComposer)
  const problemId = useId()
  const fieldId = useId()
  if (hidden) return null
  const send = () => {
    chat.send({ type: "draft.send" })
    if (selectComposer(chat.getSnapshot()).problem === null) onSent?.()
  }
  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key !== "Enter" || event.shiftKey || event.nativeEvent.isComposing) return
    event.preventDefault()
    send()
  }
  return (
    <form
      className="chat-composer"
      aria-label="New message"
      onSubmit={(event) => {
        event.preventDefault()
        send()
      }}
    >
      <div className="chat-composer__row">
        <label className="visually-hidden" htmlFor={fieldId}>
          {label}
        </label>
        <textarea
          id={fieldId}
          className="chat-composer__field"
          rows={1}
          placeholder="Write a message"
          value={draft}
          enterKeyHint="send"
          aria-invalid={problem !== null}
          aria-describedby={problem === null ? undefined : problemId}
          onChange={(event) => chat.send({ type: "draft.change", text: event.target.value })}
          onKeyDown={onKeyDown}
        />
        <button type="submit" className="button chat-composer__send">
          Send
        </button>
      </div>
      {problem !== null && (
        <p id={problemId} className="chat-composer__problem" role="alert">
          {problem}
        </p>
      )}
    </form>
  )
}
