import { Link } from "@tanstack/react-router"
import { useSelector } from "@xstate/react"
import { useState } from "react"
import {
  NO_REPLIES,
  REPLIES_LOADING,
  sameCoachReplies,
  selectCoachReplies,
  type CoachRepliesActorRef
} from "#machines/coach-replies/coach-replies.selectors.ts"
import "#ui/comments/comments.css"
import "./coach-replies.css"

/**
 * The dashboard's "Replies from your coach" (docs/decisions/041): a badge with the replies
 * the lifter has not read (the server's count, so a reply read on another device is read
 * here), and the replies, newest first, once opened. Opening them marks them read on the
 * server; the badge goes when it answers.
 */
export function CoachRepliesPanel({ replies }: { replies: CoachRepliesActorRef }) {
  const view = useSelector(replies, selectCoachReplies, sameCoachReplies)
  const [open, setOpen] = useState(false)
  const count = view.unread === 1 ? "1 new reply" : `${view.unread} new replies`
  return (
    <section className="card coach-replies" aria-labelledby="coach-replies-title" data-unread={view.unread}>
      <div className="coach-replies__head">
        <h2 id="coach-replies-title">Replies from your coach</h2>
        {view.unread > 0 ? (
          <span className="replies-badge" data-count={view.unread}>
            {count}
          </span>
        ) : null}
      </div>
      {view.status === "loading" ? <p role="status">{REPLIES_LOADING}</p> : null}
      {view.status === "failed" ? (
        <>
          <p role="alert">{view.error}</p>
          <button
            type="button"
            className="button button--quiet"
            onClick={() => replies.send({ type: "replies.retry" })}
          >
            Try again
          </button>
        </>
      ) : null}
      {view.status === "ready" && view.replies.length === 0 ? <p className="muted">{NO_REPLIES}</p> : null}
      {view.status === "ready" && view.replies.length > 0 ? (
        <>
          <button
            type="button"
            className="button button--quiet"
            aria-expanded={open}
            aria-controls="coach-replies-list"
            onClick={() => {
              if (!open) replies.send({ type: "replies.open" })
              setOpen(!open)
            }}
          >
            {open ? "Hide replies" : view.unread > 0 ? `Read ${count}` : "Show replies"}
          </button>
          {view.markError === null ? null : <p role="alert">{view.markError}</p>}
          {open ? (
            <ul id="coach-replies-list" className="comment-list" aria-label="Replies, newest first">
              {view.replies.map((reply) => (
                <li key={reply.id}>
                  <article className="comment">
                    <p className="comment__meta">
                      <span className="comment__heading">
                        {reply.on} · {reply.day}
                      </span>
                      {reply.unread ? <span className="coach-replies__new">New</span> : null}
                    </p>
                    <p className="comment__body">
                      <span className="comment__reply-by">You wrote:</span> {reply.body}
                    </p>
                    <p className="comment__reply">
                      <span className="comment__reply-by">Coach replied:</span> {reply.reply}
                    </p>
                    <Link
                      to="/client/workouts/$date"
                      params={{ date: reply.routeDate }}
                      className="coach-replies__link"
                    >
                      Open the workout of {reply.day}
                    </Link>
                  </article>
                </li>
              ))}
            </ul>
          ) : null}
        </>
      ) : null}
    </section>
  )
}
