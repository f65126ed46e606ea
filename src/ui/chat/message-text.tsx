import { messageParts } from "#domain/message-links.ts"

/** A message's text as text (React escapes it; never HTML), each http/https address a link opening in a new tab. */
export function MessageText({ text }: { readonly text: string }) {
  return (
    <p className="chat-message__text">
      {messageParts(text).map((part, index) =>
        part.kind === "link" ? (
          <a key={index} href={part.href} target="_blank" rel="noopener noreferrer">
            {part.text}
          </a>
        ) : (
          part.text
        )
      )}
    </p>
  )
}

const TIME = new Intl.DateTimeFormat(undefined, { hour: "numeric", minute: "2-digit" })
const DAY_AND_TIME = new Intl.DateTimeFormat(undefined, {
  month: "short",
  day: "numeric",
  hour: "numeric",
  minute: "2-digit"
})

/** "5:14 PM" today, "Nov 23, 5:14 PM" another day. */
export function MessageTime({ at, now = new Date() }: { readonly at: string; readonly now?: Date }) {
  const date = new Date(at)
  const today = date.toDateString() === now.toDateString()
  return <time dateTime={at}>{(today ? TIME : DAY_AND_TIME).format(date)}</time>
}
