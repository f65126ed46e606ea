import type { ReactNode } from "react"
import type { CommentView } from "#machines/comments/comment-list.selectors.ts"
import "./comments.css"

/**
 * One comment as text (never HTML): who and what it is on when asked, when, the words,
 * and the coach's reply under it. `children` is what may be done with it (reply in place).
 */
export function CommentEntry({
  comment,
  heading,
  repliedBy = "Coach",
  unrepliedText,
  children
}: {
  comment: CommentView
  /** "Sam Lifter · Squat, set 2", or nothing where the place already says it. */
  heading?: ReactNode
  /** Who the reply is from, as the reader knows them. */
  repliedBy?: string
  /** Shown while there is no reply (the coach's "Not replied yet"); nothing when absent. */
  unrepliedText?: string
  children?: ReactNode
}) {
  return (
    <article className="comment">
      <p className="comment__meta">
        {heading === undefined ? null : <span className="comment__heading">{heading}</span>}
        <time dateTime={comment.createdAt}>{comment.when}</time>
      </p>
      <p className="comment__body">{comment.body}</p>
      {comment.reply === null ? (
        unrepliedText === undefined ? null : (
          <p className="comment__unreplied muted">{unrepliedText}</p>
        )
      ) : (
        <p className="comment__reply">
          <span className="comment__reply-by">{repliedBy} replied:</span> {comment.reply}
        </p>
      )}
      {children}
    </article>
  )
}
