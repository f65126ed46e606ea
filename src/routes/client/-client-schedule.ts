import { todayIso } from "#domain/calendar.ts"
import { clientScheduleImplementations } from "#machines/client-schedule/client-schedule.actors.ts"
import { clientScheduleMachine } from "#machines/client-schedule/client-schedule.machine.ts"
import type { ScheduleInput } from "#machines/client-schedule/client-schedule.types.ts"
import { deviceCopyOf } from "#device/device-copy.lazy.ts"
import { onBackOnline } from "#device/network.ts"
import { useMountedMachine } from "../-mount.ts"
import { requireId, useClientId, useServices } from "./-client-actors.ts"

/** The client's schedule for one screen, loaded through the gateway, with the device copy beside it. */
export function useClientSchedule(input: Omit<ScheduleInput, "today">) {
  const services = useServices()
  const clientId = useClientId()
  return useMountedMachine(
    clientScheduleMachine,
    () =>
      clientScheduleImplementations({
        gateway: services.gateway,
        clientId: () => requireId(clientId),
        ...(clientId === null ? {} : { deviceCopy: deviceCopyOf(clientId) }),
        onBackOnline
      }),
    { input: { ...input, today: todayIso(new Date()) } }
  )
}
