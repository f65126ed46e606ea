import { videoAttachImplementations } from "#machines/video-attach/video-attach.actors.ts"
import { videoAttachMachine } from "#machines/video-attach/video-attach.machine.ts"
import type { VideoAttachActorRef } from "#machines/video-attach/video-attach.selectors.ts"
import type { ClipSet } from "#machines/video-attach/video-attach.types.ts"
import { videoOutboxOf } from "#machines/video-outbox/video-outbox.registry.ts"
import { useMountedMachine } from "../-mount.ts"
import { useServices } from "./-client-actors.ts"

/** Reads a clip on the device; its code comes when the first clip is chosen. */
const probe = async (file: File) => (await import("#device/video-probe.ts")).probeVideo(file)

/**
 * One set's "Add video" (`SetVideoButton`), wired to the device's reading of a clip and to
 * the lifter's video outbox. A screen that shows several sets gives each its own.
 */
export function useVideoAttach(set: ClipSet): VideoAttachActorRef {
  const services = useServices()
  return useMountedMachine(
    videoAttachMachine,
    () =>
      videoAttachImplementations({
        probe,
        queue: (added) => videoOutboxOf(services, set.clientId).send({ type: "clip.add", ...added })
      }),
    { input: { set } }
  )
}
