import type { UserId } from "#domain/ids.ts"
import { onBackOnline } from "#device/network.ts"
import { createIndexedDbOutbox, sendingExclusively } from "#device/autosave.outbox.ts"
import { createOutboxRecords, onOutboxChange } from "#device/autosave.records.ts"
import { outboxDrainImplementations } from "#machines/outbox-drain/outbox-drain.actors.ts"
import { outboxDrainMachine } from "#machines/outbox-drain/outbox-drain.machine.ts"
import { OutboxNotices } from "#ui/client/logging-outbox.tsx"
import { useMountedMachine } from "../-mount.ts"
import { useClientId, useServices } from "./-client-actors.ts"

/** The app-wide drain of the signed-in client's outbox, once the client is known. */
export default function MountedOutboxDrain() {
  const clientId = useClientId()
  // A browser without IndexedDB (some private modes) has no outbox to drain.
  if (clientId === null || typeof indexedDB === "undefined") return null
  return <ClientOutboxDrain key={clientId} clientId={clientId} />
}

/** The drain of one client's outbox, with what it has to tell them. */
function ClientOutboxDrain({ clientId }: { clientId: UserId }) {
  const { gateway } = useServices()
  const drain = useMountedMachine(outboxDrainMachine, () =>
    outboxDrainImplementations({
      gateway,
      outbox: createIndexedDbOutbox(clientId),
      records: createOutboxRecords(clientId),
      exclusively: (work) => sendingExclusively(clientId, work),
      watch: ({ online, changed }) => {
        const stopOnline = onBackOnline(online)
        const stopChanges = onOutboxChange(clientId, changed)
        return () => {
          stopOnline()
          stopChanges()
        }
      }
    })
  )
  return <OutboxNotices drain={drain} />
}
