import type { RestTimerActorRef } from "#machines/rest-timer/rest-timer.selectors.ts"
import type { RestTimerEvent } from "#machines/rest-timer/rest-timer.types.ts"

/*
 * The rest timer is not needed to paint the first exercise: the route mounts it from its own
 * chunk once the page is up (and hands it over with `attach`). A set marked done before then
 * is remembered, and its rest starts from the tap's time as soon as the timer is in.
 */

export interface RestSlot {
  /** The mounted rest timer, once its chunk is in. */
  readonly current: () => RestTimerActorRef | undefined
  readonly subscribe: (changed: () => void) => () => void
  /** The route's rest timer is mounted (the same actor again is a no-op). */
  readonly attach: (rest: RestTimerActorRef) => void
  /**
   * A set was marked done at `at`: its rest starts now, or as soon as the timer is in;
   * `seconds` is the coach's rest for it (null: the lifter's own).
   */
  readonly start: (at: number, seconds: number | null) => void
}

export function restSlot(): RestSlot {
  let rest: RestTimerActorRef | undefined
  let waiting: RestTimerEvent | undefined
  const listeners = new Set<() => void>()
  return {
    current: () => rest,
    subscribe: (changed) => {
      listeners.add(changed)
      return () => {
        listeners.delete(changed)
      }
    },
    attach: (mounted) => {
      if (rest === mounted) return
      rest = mounted
      if (waiting !== undefined) mounted.send(waiting)
      waiting = undefined
      for (const changed of listeners) changed()
    },
    start: (at, seconds) => {
      const event: RestTimerEvent = { type: "rest.start", at, ...(seconds === null ? {} : { seconds }) }
      if (rest === undefined) waiting = event
      else rest.send(event)
    }
  }
}
