import { parseClock, serializeClock, type TimerClock } from "#domain/timer-clock.ts"

/*
 * The timer's clock lives in sessionStorage: it survives a reload of the tab, and its
 * presence is the "workout started" flag Submit clears (docs/product.md).
 */

const keyFor = (workoutKey: string) => `strength-coach:workout-timer:${workoutKey}`

const storage = (): Storage | null => {
  try {
    return typeof sessionStorage === "undefined" ? null : sessionStorage
  } catch {
    return null
  }
}

export const loadClock = (workoutKey: string): TimerClock | null =>
  parseClock(storage()?.getItem(keyFor(workoutKey)) ?? null)

export const saveClock = (workoutKey: string, clock: TimerClock): void => {
  storage()?.setItem(keyFor(workoutKey), serializeClock(clock))
}

export const clearClock = (workoutKey: string): void => {
  storage()?.removeItem(keyFor(workoutKey))
}

/** One workout's stored clock, as the logging machine's ports take it. */
export const sessionClock = (workoutKey: string) => ({
  load: () => loadClock(workoutKey),
  save: (clock: TimerClock) => saveClock(workoutKey, clock),
  clear: () => clearClock(workoutKey)
})
