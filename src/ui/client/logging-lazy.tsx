import { lazy } from "react"

/*
 * The logging page's late chunks are fetched after it paints, and a lifter may be offline
 * by then (a gym's basement): a failed fetch waits for the connection and tries again,
 * instead of failing the page's render. Until it comes, the part is simply not there.
 */

const whenOnline = <T,>(load: () => Promise<T>): Promise<T> =>
  load().catch(
    () =>
      new Promise<T>((resolve) => {
        window.addEventListener("online", () => void whenOnline(load).then(resolve), { once: true })
      })
  )

/** React.lazy for a chunk the page can do without for a while: offline, it comes once back online. */
export const lazyWhenOnline: typeof lazy = (load) => lazy(() => whenOnline(load))
