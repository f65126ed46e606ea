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
