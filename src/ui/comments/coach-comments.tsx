import { Link } from "@tanstack/react-router"
import { useSelector } from "@xstate/react"
import type { ReactNode } from "react"
import type { SetId } from "#domain/ids.ts"
import type { WorkoutOrder } from "#domain/workout-edits.ts"
import {
  COMMENTS_LOADING,
  commentsOnSet,
  commentsOnWorkout,
  NO_COMMENTS,
  sameCommentList,
  selectCommentList,
  selectRecentComments,
  type CommentView
} from "#machines/comments/comment-list.selectors.ts"
import { RetryAlert } from "#ui/layout/retry-alert.tsx"
import { CommentComposer } from "./comment-composer.tsx"
import { CommentEntry } from "./comment-entry.tsx"
import type { CommentsPort, CommentsSlot } from "./comments-slot.ts"
import { useSlot } from "#ui/slot.ts"

/*
 * What a coach sees of their clients' comments (docs/decisions/029): beside a set in the day view,
 * on a workout, and in the dashboard's 'Comments' panel, each with a reply in place. They
 * come in a chunk of their own (with the chat client they talk through) once the screen
 * is up, and show once the route has mounted the comments into the screen's slot.
 */

const usePort = (slot: CommentsSlot): CommentsPort | undefined => useSlot(slot)

/** `Component` once the slot holds the comments; nothing (or `fallback`) before. */
const withPort =
  <P extends { port: CommentsPort }>(Component: (props: P) => ReactNode, fallback: ReactNode = null) =>
  (props: Omit<P, "port"> & { slot: CommentsSlot }) => {
    const port = usePort(props.slot)
    return port === undefined ? fallback : <Component {...(props as unknown as P)} port={port} />
  }

export const NOT_REPLIED = "Not replied yet"

const shortened = (text: string): string => (text.length > 40 ? `${text.slice(0, 37)}…` : text)

/** A comment with its reply in place. */
function Replyable({ port, comment, heading }: { port: CommentsPort; comment: CommentView; heading?: string }) {
  return (
    <CommentEntry comment={comment} heading={heading} repliedBy="You" unrepliedText={NOT_REPLIED}>
      <CommentComposer
        composer={port.composerFor(comment.id)}
        labels={{
          open: comment.reply === null ? "Reply" : "Change reply",
          openName: `${comment.reply === null ? "Reply to" : "Change reply to"} “${shortened(comment.body)}”`,
          again: "Change reply",
          field: "Your reply"
        }}
      />
    </CommentEntry>
  )
}

function CommentItems({
  port,
  comments,
  label
}: {
  port: CommentsPort
  comments: ReadonlyArray<CommentView>
  label: string
}) {
  return (
    <ul className="comment-list" aria-label={label}>
      {comments.map((comment) => (
        <li key={comment.id}>
          <Replyable port={port} comment={comment} />
        </li>
      ))}
    </ul>
  )
}

/** Under a set's row in the day view: the client's notes on it, when there are any. */
function SetCommentsRowOf({ port, setId, setLabel }: { port: CommentsPort; setId: SetId; setLabel: string }) {
  const view = useSelector(port.list, selectCommentList, sameCommentList)
  const comments = commentsOnSet(view, setId)
  if (comments.length === 0) return null
  return (
    <tr className="day-set-comments">
      <td colSpan={3}>
        <CommentItems port={port} comments={comments} label={`Client notes on ${setLabel.toLowerCase()}`} />
      </td>
    </tr>
  )
}

/** At a workout's end in the day view: the client's comments on the workout itself. */
function WorkoutCommentsOf({ port, workoutOrder }: { port: CommentsPort; workoutOrder: WorkoutOrder }) {
  const view = useSelector(port.list, selectCommentList, sameCommentList)
  const comments = commentsOnWorkout(view, workoutOrder)
  if (comments.length === 0) return null
  return (
    <section className="comment-notes" aria-label="Client comments on this workout">
      <h3>Client comments</h3>
      <CommentItems port={port} comments={comments} label="Comments on this workout" />
    </section>
  )
}

/** The day view's word on its comments: loading, or a failed read with a retry. */
function DayCommentsStatusOf({ port }: { port: CommentsPort }) {
  const view = useSelector(port.list, selectCommentList, sameCommentList)
  if (view.status === "loading")
    return (
      <p className="muted" role="status">
        {COMMENTS_LOADING}
      </p>
    )
  if (view.error === null) return null
  return (
    <div className="coach-card">
      <RetryAlert
        message={`The client's comments could not be loaded. ${view.error}`}
        onRetry={() => port.list.send({ type: "comments.retry" })}
      />
    </div>
  )
}

/** The dashboard's 'Comments' panel: newest first, each with its client, its place, a link to the day and a reply. */
function RecentCommentsPanelOf({ port }: { port: CommentsPort }) {
  const view = useSelector(port.list, selectRecentComments, sameCommentList)
  return (
    <section
      className="coach-card recent-comments"
      aria-labelledby="comments-heading"
      aria-busy={view.status === "loading"}
    >
      <h2 id="comments-heading">Comments</h2>
      {view.status === "loading" ? <p role="status">{COMMENTS_LOADING}</p> : null}
      {view.error === null ? null : (
        <RetryAlert message={view.error} onRetry={() => port.list.send({ type: "comments.retry" })} />
      )}
      {view.status === "empty" ? <p className="muted">{NO_COMMENTS}</p> : null}
      {view.comments.length === 0 ? null : (
        <ul className="comment-list" aria-label="Latest comments, newest first">
          {view.comments.map((comment) => (
            <li key={comment.id}>
              <Replyable
                port={port}
                comment={comment}
                heading={`${comment.clientName ?? "A client"} · ${comment.on}`}
              />
              <Link className="recent-comments__day" to="/coach/workouts/$userId/$date" params={comment.dayParams}>
                Open {comment.clientName ?? "the client"}&apos;s {comment.day}
              </Link>
            </li>
          ))}
        </ul>
      )}
    </section>
  )
}

export const SetCommentsRow = withPort(SetCommentsRowOf)
export const WorkoutComments = withPort(WorkoutCommentsOf)
export const DayCommentsStatus = withPort(DayCommentsStatusOf)

/** The panel while the comments are mounted: the heading, and that they are loading. */
function RecentCommentsLoading() {
  return (
    <section className="coach-card" aria-labelledby="comments-heading" aria-busy="true">
      <h2 id="comments-heading">Comments</h2>
      <p role="status">{COMMENTS_LOADING}</p>
    </section>
  )
}

export const RecentCommentsPanel = withPort(RecentCommentsPanelOf, <RecentCommentsLoading />)
