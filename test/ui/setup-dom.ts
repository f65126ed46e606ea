import { cleanup } from "@testing-library/react"
import { afterEach } from "vitest"

// jsdom has no scrolling; the router resets scroll on every navigation.
window.scrollTo = () => undefined

// React 19 reports errors thrown while rendering through window "error" events rather
// than by throwing, and jsdom only prints them: collect them so the test fails.
const uncaughtErrors: Array<unknown> = []
window.addEventListener("error", (event) => {
  uncaughtErrors.push(event.error ?? event.message)
  event.preventDefault()
})

afterEach(() => {
  // Vitest runs without globals, so Testing Library cannot register its own cleanup.
  cleanup()
  const errors = uncaughtErrors.splice(0)
  if (errors.length > 0) {
    throw new AggregateError(errors, `Uncaught error while the test ran: ${String(errors[0])}`)
  }
})
