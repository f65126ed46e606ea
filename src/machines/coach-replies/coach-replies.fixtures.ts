import type { CoachReplies } from "#domain/comments.ts"
import { coachIdOfSam, onWorkout, repliedOnSet } from "../comments/comments.fixtures.ts"

/* Sam's replies from his coach, for stories and tests. */

export const repliedOnWorkout = {
  ...onWorkout,
  reply: { body: "Rest as long as you need.", coachId: coachIdOfSam, repliedAt: "2026-11-23T19:00:00.000Z" }
}

/** Two replies Sam has not read, newest first. */
export const twoUnreadReplies: CoachReplies = { replies: [repliedOnWorkout, repliedOnSet], unread: 2, readUpTo: null }

/** The same two, read. */
export const allRead: CoachReplies = { ...twoUnreadReplies, unread: 0, readUpTo: "2026-11-23T19:00:00.000Z" }

export const noReplies: CoachReplies = { replies: [], unread: 0, readUpTo: null }
