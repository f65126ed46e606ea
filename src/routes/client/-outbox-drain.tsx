import { Suspense } from "react"
import { lazyWhenOnline } from "#ui/client/logging-lazy.tsx"
import { useClientId } from "./-client-actors.ts"

/*
 * Mounted once for the whole client area (route.tsx): what the logging page left on the
 * device is sent from whichever screen the lifter opens (docs/decisions/028). It comes in
 * its own chunk after the screen paints, so no screen's first load grows.
 */
const MountedOutboxDrain = lazyWhenOnline(() => import("./-outbox-drain-mounted.tsx"))

export function OutboxDrain() {
  const clientId = useClientId()
  if (clientId === null) return null
  return (
    <Suspense fallback={null}>
      <MountedOutboxDrain key={clientId} clientId={clientId} />
    </Suspense>
  )
}
