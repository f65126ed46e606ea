import "./client.css"

const icon = (d: string) => (
  <svg viewBox="0 0 24 24" width="22" height="22" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden="true">
    <path d={d} strokeLinecap="round" strokeLinejoin="round" />
  </svg>
)

/** /client/chat: a static placeholder; nothing is sent (SPEC section 2). */
export function ChatPlaceholder() {
  return (
    <main className="page chat">
      <h1>Chat</h1>
      <p className="muted">Messages with your coach will appear here.</p>
      <form className="chat__composer" onSubmit={(event) => event.preventDefault()} aria-label="New message">
        <button type="button" className="icon-button" aria-label="Attach a file">
          {icon("M21 12.5l-8.5 8.5a5 5 0 0 1-7-7L14 5.5a3.5 3.5 0 0 1 5 5L10.5 19a2 2 0 0 1-3-3L15 8.5")}
        </button>
        <label className="visually-hidden" htmlFor="chat-message">
          Message
        </label>
        <input id="chat-message" type="text" placeholder="Message" />
        <button type="button" className="icon-button" aria-label="Record a voice message">
          {icon("M12 3a3 3 0 0 1 3 3v6a3 3 0 0 1-6 0V6a3 3 0 0 1 3-3zM5 11a7 7 0 0 0 14 0M12 18v3")}
        </button>
        <button type="button" className="icon-button" aria-label="Take a photo">
          {icon("M4 8h3l2-3h6l2 3h3v11H4zM12 17a4 4 0 1 0 0-8 4 4 0 0 0 0 8z")}
        </button>
        <button type="submit" className="icon-button icon-button--accent" aria-label="Send">
          {icon("M4 12l16-8-6 16-2-7z")}
        </button>
      </form>
    </main>
  )
}
