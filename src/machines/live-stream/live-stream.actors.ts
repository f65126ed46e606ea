import { fromCallback } from "xstate"
import type { LiveEvent } from "#domain/live-events.ts"
import type { LiveStreamEvent, StreamEnd } from "./live-stream.types.ts"

/** One connection to the stream: #gateway/live-stream.ts's readLiveStream in the app. */
export type ConnectPort = (
  after: number | undefined,
  signal: AbortSignal,
  handlers: {
    readonly ready: (cursor: number) => void
    readonly event: (id: number, event: LiveEvent) => void
    readonly retry: (ms: number) => void
  }
) => Promise<StreamEnd>

/** The live stream's real actors, for `liveStreamMachine.provide(...)`. */
export function liveStreamImplementations(connect: ConnectPort) {
  return {
    actors: {
      connection: fromCallback<LiveStreamEvent, { readonly after: number | undefined }>(({ input, sendBack }) => {
        const abort = new AbortController()
        // Nothing is sent back once the machine has left the connection behind.
        const tell = (event: LiveStreamEvent) => {
          if (!abort.signal.aborted) sendBack(event)
        }
        void connect(input.after, abort.signal, {
          ready: (cursor) => tell({ type: "stream.ready", cursor }),
          event: (id, event) => tell({ type: "stream.event", id, event }),
          retry: (ms) => tell({ type: "stream.retry", ms })
        }).then(
          (end) => tell({ type: "stream.end", end }),
          (error: unknown) => tell({ type: "stream.end", end: { kind: "failed", reason: String(error) } })
        )
        return () => abort.abort()
      })
    }
  }
}
