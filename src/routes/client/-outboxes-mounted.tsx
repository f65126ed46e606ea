import MountedOutboxDrain from "./-outbox-drain-mounted.tsx"
import MountedVideoOutbox from "./-video-outbox-mounted.tsx"

/**
 * The client area's outboxes in one chunk after the screen paints: the logging outbox's drain
 * (docs/decisions/028) and the form-check clips' (docs/decisions/050), sent from whichever
 * screen the lifter opens.
 */
export default function MountedOutboxes() {
  return (
    <>
      <MountedOutboxDrain />
      <MountedVideoOutbox />
    </>
  )
}
