import type { MiddlewareHandler } from "hono"

/** Counts the requests being answered, so shutdown can wait for them instead of cutting them off. */
export function trackInFlight() {
  let count = 0
  let waiters: Array<() => void> = []
  const settle = () => {
    if (count > 0) return
    for (const wake of waiters) wake()
    waiters = []
  }
  const middleware: MiddlewareHandler = async (_, next) => {
    count++
    try {
      await next()
    } finally {
      count--
      settle()
    }
  }
  /** Resolves when nothing is in flight, or after `ms` at the latest. */
  const drained = (ms: number) =>
    new Promise<void>((done) => {
      if (count === 0) return done()
      const timer = setTimeout(done, ms)
      waiters.push(() => {
        clearTimeout(timer)
        done()
      })
    })
  return { middleware, drained, current: () => count }
}
