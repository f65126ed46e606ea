import { addDays, todayIso } from "#domain/calendar.ts"
import type { UserId } from "#domain/ids.ts"
import type { Gateway } from "#gateway/gateway.ts"
import { deviceCopyOf } from "#device/device-copy.lazy.ts"
import type { LifterCopyStore } from "#device/device-copy.types.ts"

/** The days the client area refreshes as it starts: last week's and the next two (the week strip either way). */
export const refreshedDays = (now: Date) => {
  const today = todayIso(now)
  return { from: addDays(today, -7), to: addDays(today, 14) }
}

/**
 * Reads the client's days around today and their preferences, and keeps them on the device,
 * so a screen not yet opened (the calendar, a workout, its record, the logging page in the
 * lifter's own unit) can be shown offline later.
 */
export async function refreshDeviceCopy(ports: {
  readonly gateway: Pick<Gateway, "workouts" | "workoutResults" | "workoutCompletions" | "preferences">
  readonly clientId: UserId
  /** The client's own copy unless given. */
  readonly deviceCopy?: () => Promise<LifterCopyStore>
  readonly now?: Date
}): Promise<void> {
  const range = refreshedDays(ports.now ?? new Date())
  const gateway = ports.gateway
  // The preferences are kept on their own: the days are worth keeping even if they are not read.
  const preferences = gateway.preferences(ports.clientId).catch(() => null)
  const [workouts, results, completions] = await Promise.all([
    gateway.workouts(ports.clientId, range),
    gateway.workoutResults(ports.clientId, range),
    gateway.workoutCompletions(ports.clientId, range)
  ])
  const copy = await (ports.deviceCopy ?? deviceCopyOf(ports.clientId))()
  await copy.keep({ ...range, workouts, results, completions })
  const answered = await preferences
  if (answered !== null) await copy.keepPreferences(answered)
}
