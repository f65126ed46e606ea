import { videoOutboxOf } from "#machines/video-outbox/video-outbox.registry.ts"
import { VideoUploads } from "#ui/client/video-uploads.tsx"
import { useClientId, useServices } from "./-client-actors.ts"

/** The signed-in lifter's video outbox, running on every screen of the client area, with its status line. */
export default function MountedVideoOutbox() {
  const services = useServices()
  const clientId = useClientId()
  if (clientId === null) return null
  return <VideoUploads outbox={videoOutboxOf(services, clientId)} />
}
