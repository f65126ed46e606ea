import { fromPromise } from "xstate"
import type { VideoId } from "#domain/set-videos.ts"
import type { ClipAdded } from "../video-outbox/video-outbox.types.ts"
import type { ClipProbe, VideoAttachEvent } from "./video-attach.types.ts"

/** What one set's "Add video" needs: the device's reading of a clip, and the app's video outbox. */
export interface VideoAttachPorts {
  /** Reads the clip's length and a poster frame (#device/video-probe.ts). */
  readonly probe: (file: File) => Promise<ClipProbe>
  /** Hands the clip to the video outbox (its `clip.add`). */
  readonly queue: (added: ClipAdded) => void
}

export function videoAttachImplementations(ports: VideoAttachPorts) {
  return {
    actors: {
      probe: fromPromise<ClipProbe, { file: File }>(({ input }) => ports.probe(input.file))
    },
    actions: {
      queue: (_: unknown, added: ClipAdded) => ports.queue(added)
    }
  }
}

/** A clip just chosen: a new id (its upload's address) and the time it was chosen. */
export const clipChosen = (file: File, videoId = crypto.randomUUID() as VideoId): VideoAttachEvent => ({
  type: "clip.choose",
  file,
  videoId,
  chosenAt: new Date().toISOString()
})
