import { Suspense } from "react"
import { lazyWhenOnline } from "#ui/client/logging-lazy.tsx"

/*
 * Mounted once for the whole client area (route.tsx): what the logging page left on the
 * device is sent from whichever screen the lifter opens (docs/decisions/028). All of it,
 * the signed-in client's id included, comes in its own chunk after the screen paints, so
 * no screen's first load grows.
 */
const MountedOutboxDrain = lazyWhenOnline(() => import("./-outbox-drain-mounted.tsx"))

export function OutboxDrain() {
  return (
    <Suspense fallback={null}>
      <MountedOutboxDrain />
    </Suspense>
  )
}
