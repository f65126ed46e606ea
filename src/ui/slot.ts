import { useSyncExternalStore, type ReactNode } from "react"

/*
 * A screen's part that comes in a chunk of its own after the screen paints (the logging page
 * is at its size budget): the route mounts it there and hands it over with `attach`; the
 * screen's pieces show once it is in.
 */
export interface Slot<Port> {
  readonly current: () => Port | undefined
  readonly subscribe: (changed: () => void) => () => void
  readonly attach: (port: Port) => void
}

export function makeSlot<Port>(): Slot<Port> {
  let port: Port | undefined
  const listeners = new Set<() => void>()
  return {
    current: () => port,
    subscribe: (changed) => {
      listeners.add(changed)
      return () => void listeners.delete(changed)
    },
    attach: (attached) => {
      if (port === attached) return
      port = attached
      for (const changed of listeners) changed()
    }
  }
}

/** The slot's port once attached; undefined before. */
export const useSlot = <Port>(slot: Slot<Port>): Port | undefined => useSyncExternalStore(slot.subscribe, slot.current)

/** What `children` draws from the slot's port, once attached; nothing before. */
export function InSlot<Port>({ slot, children }: { slot: Slot<Port>; children: (port: Port) => ReactNode }) {
  const port = useSlot(slot)
  return port === undefined ? null : children(port)
}
