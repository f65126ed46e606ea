/**
 * The workout timer keeps timestamps, never a running count: elapsed time is derived
 * from them, so a paused, reloaded or backgrounded timer still shows the right time
 * (DESIGN section 4). All times are epoch milliseconds.
 */
export interface TimerClock {
  /** When the workout first started: its completion's start (ended and reloaded stretches do not move it). */
  readonly workoutStartedAt: number
  /** When the current running stretch began. */
  readonly startedAt: number
  /** When the timer was paused, or null while it runs. */
  readonly pausedAt: number | null
  /** Time run before the current stretch. */
  readonly accumulatedMs: number
}

export const startClock = (at: number): TimerClock => ({
  workoutStartedAt: at,
  startedAt: at,
  pausedAt: null,
  accumulatedMs: 0
})

export const pauseClock = (clock: TimerClock, at: number): TimerClock =>
  clock.pausedAt !== null
    ? clock
    : {
        ...clock,
        pausedAt: at,
        accumulatedMs: clock.accumulatedMs + Math.max(0, at - clock.startedAt)
      }

export const resumeClock = (clock: TimerClock, at: number): TimerClock =>
  clock.pausedAt === null ? clock : { ...clock, startedAt: at, pausedAt: null }

export const elapsedMs = (clock: TimerClock, now: number): number =>
  clock.pausedAt !== null ? clock.accumulatedMs : clock.accumulatedMs + Math.max(0, now - clock.startedAt)

const two = (n: number): string => String(n).padStart(2, "0")

/** docs/product.md: hours:minutes:seconds, e.g. "0:04:09", "1:02:03". */
export const formatElapsed = (ms: number): string => {
  const total = Math.floor(Math.max(0, ms) / 1000)
  return `${Math.floor(total / 3600)}:${two(Math.floor(total / 60) % 60)}:${two(total % 60)}`
}

const isTime = (value: unknown): value is number => typeof value === "number" && Number.isFinite(value)

/**
 * A stored clock, or null. A clock stored before `workoutStartedAt` existed reads as a
 * workout started when its current stretch did: the earliest start it still knows.
 */
const asClock = (value: unknown): TimerClock | null => {
  if (typeof value !== "object" || value === null) return null
  const { workoutStartedAt, startedAt, pausedAt, accumulatedMs } = value as Record<string, unknown>
  const valid =
    isTime(startedAt) &&
    (pausedAt === null || isTime(pausedAt)) &&
    isTime(accumulatedMs) &&
    accumulatedMs >= 0 &&
    (workoutStartedAt === undefined || isTime(workoutStartedAt))
  if (!valid) return null
  return { workoutStartedAt: workoutStartedAt ?? startedAt, startedAt, pausedAt, accumulatedMs }
}

/** Reads a clock written by `serializeClock`; anything else is no clock. */
export const parseClock = (text: string | null): TimerClock | null => {
  if (text === null) return null
  try {
    return asClock(JSON.parse(text))
  } catch {
    return null
  }
}

export const serializeClock = (clock: TimerClock): string => JSON.stringify(clock)
