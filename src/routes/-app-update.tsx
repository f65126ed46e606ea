import { useActorRef } from "@xstate/react"
import { useState } from "react"
import { appUpdateImplementations } from "#machines/app-update/app-update.actors.ts"
import { browserAppUpdatePorts } from "#device/app-update.browser.ts"
import { appUpdateMachine } from "#machines/app-update/app-update.machine.ts"
import { UpdateOffer } from "#ui/layout/update-offer.tsx"

/**
 * The service worker and its "Update" offer (docs/decisions/026), for the app's whole life:
 * a chunk of their own that the root fetches once the first screen is up, so workbox-window
 * is on no screen's first load. Mounted as `useMountedMachine` (./-mount.ts) does, without
 * importing it: the build puts that module in the gateway chunk, which /login never loads.
 */
export default function AppUpdate() {
  const [logic] = useState(() => appUpdateMachine.provide(appUpdateImplementations(browserAppUpdatePorts())))
  return <UpdateOffer appUpdate={useActorRef(logic)} />
}
