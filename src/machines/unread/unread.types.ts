import type { ChatMessage, ReadMark, UnreadCounts } from "#domain/chat.ts"
import type { UserId } from "#domain/ids.ts"

export interface UnreadInput {
  /** Who is signed in: a message from anyone else counts, a read mark of theirs clears. */
  readonly me: UserId
}

export interface UnreadContext {
  readonly me: UserId
  /** The counts last read and kept up to date since; null until the first read. */
  readonly counts: UnreadCounts | null
  /** Something arrived while a read was under way: its answer may be out of date. */
  readonly changedMeanwhile: boolean
}

export type UnreadEvent =
  /** A message in one of the person's threads (their own too, from another device). */
  | { readonly type: "live.message"; readonly message: ChatMessage }
  /** Someone moved their read mark in one of the person's threads. */
  | { readonly type: "live.read"; readonly mark: ReadMark }
  /** The live stream (re)opened: what happened while it was away is not replayed to a fresh stream. */
  | { readonly type: "live.ready" }
