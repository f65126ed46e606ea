import { sql } from "drizzle-orm"
import {
  bigint,
  bigserial,
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
  uuid
} from "drizzle-orm/pg-core"
import type { MessageId } from "#domain/chat.ts"
import type { CommentId } from "#domain/comments.ts"
import type { SetId, UserId } from "#domain/ids.ts"
import type { VideoCommentId, VideoId } from "#domain/set-videos.ts"
import { sets, users, workouts } from "./schema.ts"

/*
 * Chat and comments (docs/decisions/029). Tables of their own file so the
 * schema of the workouts stays as it was; drizzle.config.ts reads both.
 */

/**
 * The server's one order of everything the live stream carries: a message, a read mark
 * moving, a comment written or replied to. Each row names the coach and the client it
 * concerns (every thread and every comment is one coach-client pair), so a stream reads
 * `id > cursor and (coach_id = me or client_id = me)`. Rows of one coach are written one
 * after another (a transaction-scoped advisory lock on the coach), so their ids commit in
 * order and a cursor never steps over a row that commits later.
 */
export const liveEvents = pgTable(
  "live_events",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    coachId: integer("coach_id")
      .$type<UserId>()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    clientId: integer("client_id")
      .$type<UserId>()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    kind: text("kind").$type<"message" | "read" | "comment" | "video" | "videoComment">().notNull(),
    messageId: uuid("message_id").$type<MessageId>(),
    commentId: uuid("comment_id").$type<CommentId>(),
    /** a clip ready (kind video) or commented on (kind videoComment): docs/decisions/050 */
    videoId: uuid("video_id").$type<VideoId>(),
    videoCommentId: uuid("video_comment_id").$type<VideoCommentId>(),
    readerId: integer("reader_id")
      .$type<UserId>()
      .references(() => users.id, { onDelete: "cascade" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow()
  },
  (t) => [
    index("live_events_coach_idx").on(t.coachId, t.id),
    index("live_events_client_idx").on(t.clientId, t.id),
    check("live_events_kind_check", sql`${t.kind} in ('message', 'read', 'comment', 'video', 'videoComment')`)
  ]
)

/** One thread per coach-client pair, made by its first message or read. */
export const chatThreads = pgTable(
  "chat_threads",
  {
    id: serial("id").primaryKey(),
    coachId: integer("coach_id")
      .$type<UserId>()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    clientId: integer("client_id")
      .$type<UserId>()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow()
  },
  (t) => [uniqueIndex("chat_threads_pair_key").on(t.coachId, t.clientId)]
)

/** A message; its id is the one the device made, `seq` the live event that announced it. */
export const chatMessages = pgTable(
  "chat_messages",
  {
    id: uuid("id").$type<MessageId>().primaryKey(),
    threadId: integer("thread_id")
      .notNull()
      .references(() => chatThreads.id, { onDelete: "cascade" }),
    senderId: integer("sender_id")
      .$type<UserId>()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    body: text("body").notNull(),
    seq: bigint("seq", { mode: "number" }).notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow()
  },
  // A page of a thread is `thread_id = ? and seq < before order by seq desc limit n`.
  (t) => [uniqueIndex("chat_messages_thread_seq_key").on(t.threadId, t.seq)]
)

/** How far each of the two has read their thread: up to the message of this seq. */
export const chatReadMarks = pgTable(
  "chat_read_marks",
  {
    threadId: integer("thread_id")
      .notNull()
      .references(() => chatThreads.id, { onDelete: "cascade" }),
    readerId: integer("reader_id")
      .$type<UserId>()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    seq: bigint("seq", { mode: "number" }).notNull(),
    readAt: timestamp("read_at", { withTimezone: true }).notNull().defaultNow()
  },
  (t) => [primaryKey({ columns: [t.threadId, t.readerId] })]
)

/**
 * A lifter's comment on a workout, or on one of its sets, and the coach's reply in place.
 * A set removed by an edit leaves its comment on the workout (set_id null).
 */
export const workoutComments = pgTable(
  "workout_comments",
  {
    id: uuid("id").$type<CommentId>().primaryKey(),
    clientId: integer("client_id")
      .$type<UserId>()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    workoutId: integer("workout_id")
      .notNull()
      .references(() => workouts.id, { onDelete: "cascade" }),
    setId: integer("set_id")
      .$type<SetId>()
      .references(() => sets.id, { onDelete: "set null" }),
    body: text("body").notNull(),
    seq: bigint("seq", { mode: "number" }).notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    replyBody: text("reply_body"),
    replyCoachId: integer("reply_coach_id")
      .$type<UserId>()
      .references(() => users.id, { onDelete: "set null" }),
    repliedAt: timestamp("replied_at", { withTimezone: true })
  },
  (t) => [
    // The coach's recent list and a day's read both start from the client.
    index("workout_comments_client_seq_idx").on(t.clientId, t.seq),
    index("workout_comments_workout_idx").on(t.workoutId)
  ]
)
