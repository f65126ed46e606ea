import * as Schema from "effect/Schema"
import { IsoDate } from "./calendar.ts"
import { deviceId, Instant, Sequence, writtenText } from "./chat.ts"
import { SetId, UserId } from "./ids.ts"
import { WorkoutOrder } from "./workout-edits.ts"

/*
 * Comments where the work is (docs/decisions/029): a lifter's note on one of
 * their workouts or on one set ("left knee, stopped at 3"), and their coach's reply in
 * place. Like a message, a comment's id is made on the device so a retry stores it once.
 */

/** Comments in the coach's recent list when the read names no limit, and the most it may ask. */
export const RECENT_COMMENTS_SIZE = 20
export const RECENT_COMMENTS_MAX = 50

export const CommentId = deviceId("comment id").pipe(Schema.brand("CommentId"))
export type CommentId = typeof CommentId.Type

/** What a comment is on: a workout by its address (the caller's own), or one of its sets. */
export const CommentTarget = Schema.Union([
  Schema.Struct({ kind: Schema.Literal("workout"), date: IsoDate, workoutOrder: WorkoutOrder }),
  Schema.Struct({ kind: Schema.Literal("set"), setId: SetId })
])
export type CommentTarget = typeof CommentTarget.Type

/** Body of POST /api/comments (a client, on their own workout or set). */
export const NewComment = Schema.Struct({ id: CommentId, target: CommentTarget, body: writtenText("body") })
export type NewComment = typeof NewComment.Type

/** Body of PUT /api/comments/{commentId}/reply (the client's coach); a second reply replaces the first. */
export const CommentReplyPayload = Schema.Struct({ body: writtenText("body") })
export type CommentReplyPayload = typeof CommentReplyPayload.Type

export const CommentReply = Schema.Struct({ body: Schema.String, coachId: UserId, repliedAt: Instant })

/**
 * A comment with where it stands: the client, the day and the workout (a set's comment
 * names them too, so the day view and the dashboard link without a second read), the set
 * with its exercise and position when it is on one.
 */
export const WorkoutComment = Schema.Struct({
  id: CommentId,
  clientId: UserId,
  date: IsoDate,
  workoutOrder: WorkoutOrder,
  setId: Schema.NullOr(SetId),
  /** the set's exercise as the coach named it, and the set's index within it (from 0) */
  exercise: Schema.NullOr(Schema.String),
  setIndex: Schema.NullOr(Schema.Number),
  body: Schema.String,
  createdAt: Instant,
  reply: Schema.NullOr(CommentReply),
  /** when it was written, in the server's one sequence: newest first is highest first */
  seq: Sequence
})
export type WorkoutComment = typeof WorkoutComment.Type

export const WorkoutComments = Schema.Array(WorkoutComment)

/** Query of a day's comments (GET /api/comments/{clientId}). */
export const DayCommentsQuery = { date: IsoDate }

const recentLimit = Schema.Number.annotate({ message: "limit must be a number" }).check(
  Schema.isInt({ message: "limit must be a whole number" }),
  Schema.isBetween(
    { minimum: 1, maximum: RECENT_COMMENTS_MAX },
    { message: `limit must be between 1 and ${RECENT_COMMENTS_MAX}` }
  )
)

export const RecentCommentsQuery = { limit: Schema.optionalKey(recentLimit) }

/** A comment in the coach's dashboard panel: the client's name beside it. */
export const RecentComment = Schema.Struct({ ...WorkoutComment.fields, clientName: Schema.String })
export type RecentComment = typeof RecentComment.Type

export const RecentComments = Schema.Array(RecentComment)

/** How many of the lifter's replied comments GET /api/commentReplies answers, newest reply first. */
export const COACH_REPLIES_SIZE = 20

/**
 * Body of PUT /api/comments/read (docs/decisions/041): the lifter has read their coach's
 * replies up to the one on this comment of theirs (its reply's time is the mark). The mark
 * is the server's, so a reply read on one device is read on every other.
 */
export const CommentsReadPayload = Schema.Struct({ upTo: CommentId })
export type CommentsReadPayload = typeof CommentsReadPayload.Type

/** The lifter's comments with their coach's reply, newest reply first, and how many are unread. */
export const CoachReplies = Schema.Struct({
  replies: WorkoutComments,
  /** replies given after the lifter's read mark, counting those past the list's limit */
  unread: Schema.Number,
  /** the lifter's read mark: every reply given at or before it is read; null before any */
  readUpTo: Schema.NullOr(Instant)
})
export type CoachReplies = typeof CoachReplies.Type
