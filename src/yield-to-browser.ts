/**
 * Lets the browser run input and paint before the caller goes on. On a slow phone the
 * start-up work (module code, Firebase's start, the router, the first render, the API
 * client) blocks the page for a few hundred milliseconds; split into tasks with this
 * between them, none blocks for long.
 */
export const yieldToBrowser = (): Promise<void> => {
  const scheduler = (globalThis as { scheduler?: { yield?: () => Promise<void> } }).scheduler
  if (scheduler?.yield !== undefined) return scheduler.yield()
  return new Promise((resolve) => setTimeout(resolve, 0))
}
