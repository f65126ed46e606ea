import { fromCallback, fromPromise } from "xstate"
import type { VideoId } from "#domain/set-videos.ts"
import type { KeptClip, KeptVideos } from "#domain/video-outbox.ts"
import type { UploadVideoInput } from "#gateway/video-upload.ts"
import type { UploadInput, VideoOutboxEvent } from "./video-outbox.types.ts"

/** What the video outbox needs from outside: the device's store, the tus upload, and the browser's word on the network. */
export interface VideoOutboxPorts {
  readonly kept: KeptVideos
  /** Uploads (or resumes) one clip: #gateway/video-upload.ts `uploadVideo` with the sign-in bound. */
  readonly upload: (input: Omit<UploadVideoInput, "getIdToken" | "baseUrl" | "retryDelays">) => Promise<void>
  /** Deletes a clip's upload on the server: `terminateUpload` with the sign-in bound. */
  readonly terminate: (videoId: VideoId) => Promise<void>
  /** Calls `listener(true)` when the browser goes online, `listener(false)` when offline; returns the stop. */
  readonly watchNetwork: (listener: (online: boolean) => void) => () => void
}

// The device's store or the server's delete failing leaves the queue as the lifter sees it: said in the console, not on screen.
const logged = (what: string) => (error: unknown) => console.error(`video outbox: ${what}`, error)

/** The outbox's real actors and effects, for `videoOutboxMachine.provide(...)`. */
export function videoOutboxImplementations(ports: VideoOutboxPorts) {
  // Each clip's latest write to the device: its upload starts once the clip is kept (or could not be).
  const writes = new Map<VideoId, Promise<void>>()
  const write = (videoId: VideoId, work: Promise<void>) => {
    const settled = work.catch(logged("the device's store failed"))
    writes.set(videoId, settled)
    void settled.then(() => {
      if (writes.get(videoId) === settled) writes.delete(videoId)
    })
  }
  return {
    actors: {
      loadKept: fromPromise<ReadonlyArray<KeptClip>>(() =>
        ports.kept.list().catch((error: unknown) => {
          logged("the device's store could not be read")(error)
          throw error
        })
      ),
      upload: fromPromise<undefined, UploadInput>(async ({ input, signal }) => {
        const { clip, file, report } = input
        await writes.get(clip.videoId)
        let shown = -1
        await ports.upload({
          videoId: clip.videoId,
          file,
          metadata: {
            videoId: clip.videoId,
            setId: clip.setId,
            durationMs: clip.durationMs,
            filename: clip.fileName
          },
          onProgress: (sent, total) => {
            const percent = total > 0 ? Math.floor((sent * 100) / total) : 0
            if (percent === shown) return
            shown = percent
            report({ type: "upload.progress", videoId: clip.videoId, percent })
          },
          onCreated: () => report({ type: "upload.created", videoId: clip.videoId }),
          signal
        })
        return undefined
      }),
      watchNetwork: fromCallback<VideoOutboxEvent>(({ sendBack }) =>
        ports.watchNetwork((online) => sendBack({ type: online ? "network.online" : "network.offline" }))
      )
    },
    actions: {
      keep: (_: unknown, { kept }: { kept: KeptClip | undefined }) => {
        if (kept !== undefined) write(kept.clip.videoId, ports.kept.put(kept))
      },
      forget: (_: unknown, { videoId }: { videoId: VideoId }) => write(videoId, ports.kept.remove(videoId)),
      terminate: (_: unknown, { kept }: { kept: KeptClip | undefined }) => {
        if (kept?.created === true)
          ports.terminate(kept.clip.videoId).catch(logged("the server's copy of a cancelled clip was not deleted"))
      }
    }
  }
}

/** Keeps nothing (a browser without IndexedDB, some private modes): clips still upload while the page is open. */
export const keptNowhere: KeptVideos = {
  list: () => Promise.resolve([]),
  put: () => Promise.resolve(),
  remove: () => Promise.resolve(),
  clear: () => Promise.resolve()
}
