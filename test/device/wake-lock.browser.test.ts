/**
 * The wake lock's browser ports, where the API is missing (Node, older Safari) and with a
 * stand-in for the Screen Wake Lock API: a lock the browser drops is reported once, and
 * releasing one twice (or one the browser already dropped) is harmless.
 */
import { afterEach, describe, expect, test, vi } from "vitest"
import { watchPageVisible } from "#device/visibility.ts"
import { browserWakeLockPorts } from "#device/wake-lock.browser.ts"

afterEach(() => {
  vi.unstubAllGlobals()
})

/** A WakeLockSentinel stand-in: an event target that fires "release" once. */
class FakeSentinel extends EventTarget {
  released = false
  readonly release = vi.fn(() => {
    if (!this.released) {
      this.released = true
      this.dispatchEvent(new Event("release"))
    }
    return Promise.resolve()
  })
}

describe("without the Screen Wake Lock API", () => {
  test("says it is unsupported, and a request is refused rather than thrown", async () => {
    const ports = browserWakeLockPorts()
    expect(ports.isSupported()).toBe(false)
    await expect(ports.request()).rejects.toThrow("no screen wake lock")
  })

  test("without a document there is no page to watch, and nothing to stop", () => {
    const onVisible = vi.fn()
    const stop = watchPageVisible(onVisible)
    expect(() => stop()).not.toThrow()
    expect(onVisible).not.toHaveBeenCalled()
  })
})

describe("with the Screen Wake Lock API", () => {
  const withSentinel = () => {
    const sentinel = new FakeSentinel()
    const request = vi.fn(() => Promise.resolve(sentinel))
    vi.stubGlobal("navigator", { wakeLock: { request } })
    return { sentinel, request }
  }

  test("asks for the screen and reports when the browser drops it", async () => {
    const { sentinel, request } = withSentinel()
    const ports = browserWakeLockPorts()
    expect(ports.isSupported()).toBe(true)
    const lock = await ports.request()
    expect(request).toHaveBeenCalledWith("screen")
    const dropped = vi.fn()
    lock.onRelease(dropped)
    sentinel.released = true
    sentinel.dispatchEvent(new Event("release"))
    expect(dropped).toHaveBeenCalledTimes(1)
    // Releasing a lock the browser already dropped does not ask the browser again.
    lock.release()
    expect(sentinel.release).not.toHaveBeenCalled()
  })

  test("releases a held lock once, and stops reporting after the listener is removed", async () => {
    const { sentinel } = withSentinel()
    const lock = await browserWakeLockPorts().request()
    const dropped = vi.fn()
    const stopListening = lock.onRelease(dropped)
    stopListening()
    lock.release()
    lock.release()
    expect(sentinel.release).toHaveBeenCalledTimes(1)
    expect(dropped).not.toHaveBeenCalled()
  })

  test("a refused request (battery saver) rejects", async () => {
    vi.stubGlobal("navigator", {
      wakeLock: { request: () => Promise.reject(new DOMException("Battery saver", "NotAllowedError")) }
    })
    await expect(browserWakeLockPorts().request()).rejects.toThrow("Battery saver")
  })
})

describe("the page coming back", () => {
  test("is reported when it becomes visible, not when it is hidden", () => {
    const page = Object.assign(new EventTarget(), { visibilityState: "hidden" })
    vi.stubGlobal("document", page)
    const onVisible = vi.fn()
    const stop = watchPageVisible(onVisible)
    page.dispatchEvent(new Event("visibilitychange"))
    expect(onVisible).not.toHaveBeenCalled()
    page.visibilityState = "visible"
    page.dispatchEvent(new Event("visibilitychange"))
    expect(onVisible).toHaveBeenCalledTimes(1)
    stop()
    page.dispatchEvent(new Event("visibilitychange"))
    expect(onVisible).toHaveBeenCalledTimes(1)
  })
})
