import { Suspense } from "react"
import { lazyWhenOnline } from "#ui/client/logging-lazy.tsx"

/*
 * Mounted once for the whole client area (route.tsx): what the logging page left on the
 * device (docs/decisions/028) and the form-check clips kept there (docs/decisions/050) are
 * sent from whichever screen the lifter opens. All of it, the signed-in client's id included,
 * comes in one chunk after the screen paints, so no screen's first load grows.
 */
const MountedOutboxes = lazyWhenOnline(() => import("./-outboxes-mounted.tsx"))

export function ClientOutboxes() {
  return (
    <Suspense fallback={null}>
      <MountedOutboxes />
    </Suspense>
  )
}
