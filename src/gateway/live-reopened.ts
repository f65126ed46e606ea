import type { LiveConnection } from "#gateway/live-feed.ts"

/**
 * Calls `reopened` each time the live stream becomes "open" again after being anything
 * else. The status at subscribing is the caller's own first read's time, so it is no news;
 * a stream that reopens may have missed events, so whoever keeps what it updates reads
 * again (ADR 029). Returns the stop.
 */
export function watchReopened(live: LiveConnection, reopened: () => void): () => void {
  let first = true
  let previous: string | undefined
  return live.subscribeStatus((status) => {
    if (!first && status === "open" && previous !== "open") reopened()
    first = false
    previous = status
  })
}
