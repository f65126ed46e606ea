import type { ActorRefFrom, SnapshotFrom } from "xstate"
import type { UserId } from "#domain/ids.ts"
import type { UnreadMachine } from "./unread.machine.ts"

export type UnreadSnapshot = SnapshotFrom<UnreadMachine>
export type UnreadActorRef = ActorRefFrom<UnreadMachine>

/**
 * Unread messages for the Chat tab's badge: the client's one thread, or every client's for a
 * coach; null while none are known (first read, or it failed), when the tab shows no badge.
 */
export const selectUnreadTotal = (snapshot: UnreadSnapshot): number | null => snapshot.context.counts?.total ?? null

/** One client's thread's unread messages (a coach's list of chats); 0 when none are known. */
export const selectThreadUnread = (snapshot: UnreadSnapshot, clientId: UserId): number =>
  snapshot.context.counts?.threads.find((thread) => thread.clientId === clientId)?.unread ?? 0
