import type { Server } from "node:http"

/**
 * Counts the requests a server is answering, from the moment Node parsed one until its
 * response was written out (or the client went away), so shutdown can wait for them
 * instead of cutting them off mid-answer.
 */
export function trackInFlight(server: Pick<Server, "on">) {
  let count = 0
  let waiters: Array<() => void> = []
  server.on("request", (_request, response) => {
    count++
    response.once("close", () => {
      count--
      if (count > 0) return
      for (const wake of waiters) wake()
      waiters = []
    })
  })
  /** Resolves when nothing is in flight, or after `ms` at the latest. */
  const drained = (ms: number) =>
    new Promise<void>((done) => {
      if (count === 0) {
        done()
        return
      }
      const timer = setTimeout(done, ms)
      waiters.push(() => {
        clearTimeout(timer)
        done()
      })
    })
  return { drained }
}
