import type { UnreadCounts } from "#domain/chat.ts"
import { UserId } from "#domain/ids.ts"
import { clientOptions, type ClientLookup } from "#domain/workout.ts"

/** One of a coach's threads, as the list shows it. */
export interface ThreadSummary {
  readonly clientId: UserId
  readonly name: string
  /** messages from the client the coach has not read */
  readonly unread: number
  /** when the newest message was written; null for a thread with none yet */
  readonly lastMessageAt: string | null
}

/**
 * A thread per client on the coach's list (invitations not yet accepted have no account to
 * write to): the newest conversation first, then the clients without messages by name.
 */
export function threadSummaries(clients: ClientLookup, unread: UnreadCounts): ReadonlyArray<ThreadSummary> {
  const counts = new Map(unread.threads.map((thread) => [thread.clientId, thread] as const))
  const threads = clientOptions(clients)
    .filter((client) => !client.pending && /^\d+$/.test(client.key))
    .map((client) => {
      const clientId = UserId.make(Number(client.key))
      const count = counts.get(clientId)
      return { clientId, name: client.name, unread: count?.unread ?? 0, lastMessageAt: count?.lastMessageAt ?? null }
    })
  const newestFirst = (a: ThreadSummary, b: ThreadSummary) =>
    a.lastMessageAt === b.lastMessageAt
      ? 0
      : a.lastMessageAt === null
        ? 1
        : b.lastMessageAt === null
          ? -1
          : a.lastMessageAt < b.lastMessageAt
            ? 1
            : -1
  return [...threads].sort(newestFirst)
}
