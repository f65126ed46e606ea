import { and, asc, desc, eq, isNotNull, sql, type SQL } from "drizzle-orm"
import type {
  CoachReplies,
  CommentId,
  CommentTarget,
  NewComment,
  RecentComment,
  WorkoutComment
} from "#domain/comments.ts"
import type { IsoDate } from "#domain/calendar.ts"
import type { SetId, UserId } from "#domain/ids.ts"
import type { Db } from "../db/client.ts"
import { currentLink } from "../clients/current-link.ts"
import { workoutComments } from "../db/chat-schema.ts"
import { isoInstant } from "../db/iso-instant.ts"
import { coachClients, commentReadMarks, exercises, sets, users, workouts } from "../db/schema.ts"
import { isUniqueViolation } from "../db/unique-violation.ts"
import { lockPair, recordLiveEvent, type Pair, type Tx } from "../live/record.ts"
import { notRemoved } from "../workouts/row-queries.ts"

/*
 * A lifter's comments on their workouts and sets, and their coach's replies
 * (docs/decisions/029, 041). Comments on a removed workout are in no read, as the workout is not.
 */

const columns = {
  id: workoutComments.id,
  clientId: workoutComments.clientId,
  workoutId: workoutComments.workoutId,
  date: workouts.date,
  workoutOrder: workouts.workoutOrder,
  setId: workoutComments.setId,
  exercise: exercises.name,
  setIndex: sets.setIndex,
  body: workoutComments.body,
  createdAt: isoInstant(workoutComments.createdAt),
  replyBody: workoutComments.replyBody,
  replyCoachId: workoutComments.replyCoachId,
  repliedAt: sql<
    string | null
  >`case when ${workoutComments.repliedAt} is null then null else ${isoInstant(workoutComments.repliedAt)} end`,
  seq: workoutComments.seq
}

const commentRows = (db: Db | Tx, where: SQL | undefined) =>
  db
    .select(columns)
    .from(workoutComments)
    .innerJoin(workouts, eq(workouts.id, workoutComments.workoutId))
    .leftJoin(sets, eq(sets.id, workoutComments.setId))
    .leftJoin(exercises, eq(exercises.id, sets.exerciseId))
    .where(and(notRemoved, where))

type Row = Awaited<ReturnType<typeof commentRows>>[number]

// The contract names the coach of every reply: one whose coach's record is gone (only a
// provisional record is ever removed, and it coaches nobody) is left out.
const asComment = ({ replyBody, replyCoachId, repliedAt, workoutId: _workoutId, ...row }: Row): WorkoutComment => ({
  ...row,
  reply:
    replyBody === null || repliedAt === null || replyCoachId === null
      ? null
      : { body: replyBody, coachId: replyCoachId, repliedAt }
})

/** The workout (and set) a target names among the client's own, present workouts. */
async function resolveTarget(
  tx: Tx,
  clientId: UserId,
  target: CommentTarget
): Promise<{ readonly workoutId: number; readonly setId: SetId | null } | undefined> {
  if (target.kind === "workout") {
    const [workout] = await tx
      .select({ id: workouts.id })
      .from(workouts)
      .where(
        and(
          eq(workouts.clientId, clientId),
          eq(workouts.date, target.date),
          eq(workouts.workoutOrder, target.workoutOrder),
          notRemoved
        )
      )
    return workout === undefined ? undefined : { workoutId: workout.id, setId: null }
  }
  const [set] = await tx
    .select({ workoutId: workouts.id })
    .from(sets)
    .innerJoin(exercises, eq(exercises.id, sets.exerciseId))
    .innerJoin(workouts, eq(workouts.id, exercises.workoutId))
    .where(and(eq(sets.id, target.setId), eq(workouts.clientId, clientId), notRemoved))
  return set === undefined ? undefined : { workoutId: set.workoutId, setId: target.setId }
}

export type AddCommentOutcome =
  | { readonly _tag: "Added"; readonly comment: WorkoutComment }
  | { readonly _tag: "NoSuchTarget" }
  | { readonly _tag: "IdTaken" }

/** Stores the client's comment once; the same id with the same comment answers it again. */
export async function addComment(db: Db, pair: Pair, comment: NewComment): Promise<AddCommentOutcome> {
  try {
    return await db.transaction(async (tx) => {
      await lockPair(tx, pair)
      const target = await resolveTarget(tx, pair.clientId, comment.target)
      const [stored] = await tx.select().from(workoutComments).where(eq(workoutComments.id, comment.id))
      if (target === undefined) return { _tag: "NoSuchTarget" } as const
      if (stored !== undefined) {
        const same =
          stored.clientId === pair.clientId &&
          stored.workoutId === target.workoutId &&
          stored.setId === target.setId &&
          stored.body === comment.body
        if (!same) return { _tag: "IdTaken" } as const
      } else {
        const seq = await recordLiveEvent(tx, { ...pair, kind: "comment", commentId: comment.id })
        await tx
          .insert(workoutComments)
          .values({ id: comment.id, clientId: pair.clientId, ...target, body: comment.body, seq })
      }
      const [row] = await commentRows(tx, eq(workoutComments.id, comment.id))
      if (row === undefined) throw new Error("comment not stored")
      return { _tag: "Added", comment: asComment(row) } as const
    })
  } catch (error) {
    if (isUniqueViolation(error)) return addComment(db, pair, comment)
    throw error
  }
}

/** The comment's client when the coach is their coach now, else undefined. */
export async function commentPairFor(db: Db, coachId: UserId, commentId: CommentId): Promise<Pair | undefined> {
  const [row] = await db
    .select({ clientId: workoutComments.clientId })
    .from(workoutComments)
    .innerJoin(coachClients, eq(coachClients.clientId, workoutComments.clientId))
    .innerJoin(workouts, eq(workouts.id, workoutComments.workoutId))
    .where(and(eq(workoutComments.id, commentId), eq(coachClients.coachId, coachId), currentLink, notRemoved))
  return row === undefined ? undefined : { coachId, clientId: row.clientId }
}

/** The coach's reply, in place of any earlier one; the same reply again changes nothing. */
export async function replyToComment(db: Db, pair: Pair, commentId: CommentId, body: string): Promise<WorkoutComment> {
  return db.transaction(async (tx) => {
    await lockPair(tx, pair)
    const changed = await tx
      .update(workoutComments)
      .set({ replyBody: body, replyCoachId: pair.coachId, repliedAt: sql`now()` })
      .where(
        and(
          eq(workoutComments.id, commentId),
          sql`(${workoutComments.replyBody} is distinct from ${body} or ${workoutComments.replyCoachId} is distinct from ${pair.coachId})`
        )
      )
      .returning({ id: workoutComments.id })
    if (changed.length > 0) await recordLiveEvent(tx, { ...pair, kind: "comment", commentId })
    const [row] = await commentRows(tx, eq(workoutComments.id, commentId))
    if (row === undefined) throw new Error("comment not found")
    return asComment(row)
  })
}

/** The comments on the client's workouts of one day, in the order they were written. */
export async function dayComments(db: Db, clientId: UserId, date: IsoDate): Promise<ReadonlyArray<WorkoutComment>> {
  const rows = await commentRows(db, and(eq(workoutComments.clientId, clientId), eq(workouts.date, date))).orderBy(
    asc(workoutComments.seq)
  )
  return rows.map(asComment)
}

/** The coach's linked clients' comments, newest first, each with the client's name. */
export async function recentComments(db: Db, coachId: UserId, limit: number): Promise<ReadonlyArray<RecentComment>> {
  const rows = await db
    .select({ ...columns, clientName: users.name })
    .from(workoutComments)
    .innerJoin(coachClients, eq(coachClients.clientId, workoutComments.clientId))
    .innerJoin(users, eq(users.id, workoutComments.clientId))
    .innerJoin(workouts, eq(workouts.id, workoutComments.workoutId))
    .leftJoin(sets, eq(sets.id, workoutComments.setId))
    .leftJoin(exercises, eq(exercises.id, sets.exerciseId))
    .where(and(eq(coachClients.coachId, coachId), currentLink, notRemoved))
    .orderBy(desc(workoutComments.seq))
    .limit(limit)
  return rows.map(({ clientName, ...row }) => ({ ...asComment(row), clientName }))
}

/** Comments by id, for the live stream. */
export const commentsByIds = async (db: Db, ids: ReadonlyArray<CommentId>): Promise<ReadonlyArray<WorkoutComment>> =>
  ids.length === 0
    ? []
    : (
        await commentRows(
          db,
          sql`${workoutComments.id} in (${sql.join(
            ids.map((id) => sql`${id}::uuid`),
            sql`, `
          )})`
        )
      ).map(asComment)

/** The lifter's read mark on their coach's replies (docs/decisions/041), as an ISO instant; null before any. */
async function repliesReadUpTo(db: Db | Tx, clientId: UserId): Promise<string | null> {
  const [mark] = await db
    .select({ upTo: isoInstant(commentReadMarks.repliesReadUpTo) })
    .from(commentReadMarks)
    .where(eq(commentReadMarks.clientId, clientId))
  return mark?.upTo ?? null
}

const repliedAfterMark = (clientId: UserId) =>
  sql`${workoutComments.repliedAt} > coalesce((select ${commentReadMarks.repliesReadUpTo} from ${commentReadMarks} where ${commentReadMarks.clientId} = ${clientId}), '-infinity'::timestamptz)`

/** The lifter's replied comments, newest reply first, and how many replies are past their mark. */
export async function coachReplies(db: Db | Tx, clientId: UserId, limit: number): Promise<CoachReplies> {
  const mine = and(eq(workoutComments.clientId, clientId), isNotNull(workoutComments.repliedAt))
  const rows = await commentRows(db, mine).orderBy(desc(workoutComments.repliedAt)).limit(limit)
  const [counted] = await db
    .select({ unread: sql<number>`count(*)::int` })
    .from(workoutComments)
    .innerJoin(workouts, eq(workouts.id, workoutComments.workoutId))
    .where(and(notRemoved, mine, repliedAfterMark(clientId)))
  return { replies: rows.map(asComment), unread: counted?.unread ?? 0, readUpTo: await repliesReadUpTo(db, clientId) }
}

export type MarkRepliesReadOutcome =
  { readonly _tag: "Marked"; readonly replies: CoachReplies } | { readonly _tag: "NoSuchReply" }

/**
 * Moves the lifter's mark to the reply on `upTo`, one of their own replied comments; a mark
 * already past it stays (another device read further).
 */
export async function markRepliesRead(
  db: Db,
  clientId: UserId,
  upTo: CommentId,
  limit: number
): Promise<MarkRepliesReadOutcome> {
  return db.transaction(async (tx) => {
    const [comment] = await tx
      .select({ repliedAt: workoutComments.repliedAt })
      .from(workoutComments)
      .innerJoin(workouts, eq(workouts.id, workoutComments.workoutId))
      .where(and(eq(workoutComments.id, upTo), eq(workoutComments.clientId, clientId), notRemoved))
    if (comment?.repliedAt == null) return { _tag: "NoSuchReply" } as const
    // Read in SQL, not through a JS Date: the database's microseconds would be cut to
    // milliseconds, leaving the very reply marked read just after the mark.
    const at = sql`(select ${workoutComments.repliedAt} from ${workoutComments} where ${workoutComments.id} = ${upTo})`
    await tx
      .insert(commentReadMarks)
      .values({ clientId, repliesReadUpTo: at })
      .onConflictDoUpdate({
        target: commentReadMarks.clientId,
        set: {
          repliesReadUpTo: sql`greatest(${commentReadMarks.repliesReadUpTo}, excluded.replies_read_up_to)`,
          readAt: sql`now()`
        }
      })
    return { _tag: "Marked", replies: await coachReplies(tx, clientId, limit) } as const
  })
}
