import { useEffect } from "react"
import { useClientId, useServices } from "./-client-actors.ts"

/**
 * Once the client area has painted, its days around today are read and kept on the device
 * (docs/decisions/027): the copy then holds the week strip and the workouts a lifter opens
 * offline, not only the screens they happened to visit. Offline, nothing is done.
 */
export function useDeviceCopyRefresh() {
  // The gateway is made once; the services' object may not be the same from render to render.
  const { gateway } = useServices()
  const clientId = useClientId()
  useEffect(() => {
    if (clientId === null) return
    const timer = window.setTimeout(() => {
      void import("./-refresh-device-copy.ts")
        .then(({ refreshDeviceCopy }) => refreshDeviceCopy({ gateway, clientId }))
        .catch(() => undefined)
    }, REFRESH_AFTER_MS)
    return () => window.clearTimeout(timer)
  }, [gateway, clientId])
}

/** After the dashboard's own read and its paint, so the refresh never competes with them. */
const REFRESH_AFTER_MS = 1500
