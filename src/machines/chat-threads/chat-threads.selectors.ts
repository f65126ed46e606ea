import type { ActorRefFrom, SnapshotFrom } from "xstate"
import type { ChatThreadsMachine } from "./chat-threads.machine.ts"
import type { ThreadSummary } from "#domain/thread-summaries.ts"

export type ChatThreadsSnapshot = SnapshotFrom<ChatThreadsMachine>
export type ChatThreadsActorRef = ActorRefFrom<ChatThreadsMachine>

export interface ThreadListView {
  readonly loading: boolean
  readonly failure: string | null
  readonly threads: ReadonlyArray<ThreadSummary>
  /** the list is being read again (after a live event): shown as it was meanwhile */
  readonly refreshing: boolean
}

export const selectThreadList = (snapshot: ChatThreadsSnapshot): ThreadListView => ({
  loading: snapshot.matches("loading"),
  failure: snapshot.matches("failed") ? snapshot.context.failure : null,
  threads: snapshot.context.threads,
  refreshing: snapshot.matches({ ready: "refreshing" })
})
