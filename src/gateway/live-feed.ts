import type { LiveEvent } from "#domain/live-events.ts"

/**
 * The signed-in person's live events (GET /beta/api/events, #domain/live-events.ts) as
 * the screens see them: one stream per signed-in tab, shared by every screen that listens.
 * The stream resumes from the last event it saw, so a listener gets each event once, in
 * the server's order, across reconnects.
 */
export interface LiveFeed {
  /** Calls `listener` with every event from now on; returns the call that stops it. */
  readonly subscribe: (listener: (event: LiveEvent) => void) => () => void
}

/**
 * The stream's connection: "open" once the server's `ready` arrived; "connecting" the first
 * time; "reconnecting" while it waits or tries again after a drop; "offline" while the
 * device has no network; "stopped" when nobody is signed in (or the server refused them).
 */
export type LiveStatus = "connecting" | "open" | "reconnecting" | "offline" | "stopped"

export interface LiveConnection {
  /**
   * Calls `listener` with the status now and on every change; returns the call that stops
   * it. Each change to "open" follows the server's `ready`: a screen that keeps something
   * the stream updates (unread counts, a thread) reads it again then, since whatever came
   * while the stream was away may have happened before the screen's own read.
   */
  readonly subscribeStatus: (listener: (status: LiveStatus) => void) => () => void
}

/** The Chat tab's count: unread messages over the person's threads (the unread machine). */
export interface UnreadFeed {
  /** Calls `listener` with the count now (null: none known) and on every change; returns the call that stops it. */
  readonly subscribeUnread: (listener: (total: number | null) => void) => () => void
}

/** What the app hands the signed-in screens: the events, the connection's status and the unread count. */
export type LiveService = LiveFeed & LiveConnection & UnreadFeed

/** A feed that never connects: for builds, tests and stories with no server. */
export const silentLive: LiveService = {
  subscribe: () => () => undefined,
  subscribeStatus: (listener) => {
    listener("stopped")
    return () => undefined
  },
  subscribeUnread: (listener) => {
    listener(null)
    return () => undefined
  }
}
