/**
 * The rest timer's browser alerts, in a runtime that has none of the APIs (Node: no
 * vibration, no Notification, no Web Audio, no document) and with stand-ins for each, so
 * a phone missing any of them still gets a working timer and whatever alert it can give.
 */
import { afterEach, describe, expect, test, vi } from "vitest"
import { browserRestTimerPorts, REST_OVER_BODY, REST_OVER_TITLE } from "#device/rest-timer.browser.ts"

afterEach(() => {
  vi.unstubAllGlobals()
})

/** A Notification stand-in with the permission the test gives it. */
function fakeNotifications(permission: NotificationPermission, construct?: () => void) {
  const shown: Array<{ title: string; options: NotificationOptions | undefined }> = []
  const requestPermission = vi.fn(() => Promise.resolve<NotificationPermission>("granted"))
  class FakeNotification {
    static permission = permission
    static requestPermission = requestPermission
    constructor(
      readonly title: string,
      readonly options?: NotificationOptions
    ) {
      construct?.()
      shown.push({ title, options })
    }
  }
  vi.stubGlobal("Notification", FakeNotification)
  return { shown, requestPermission }
}

/** A Web Audio stand-in that records the tones it is asked to play. */
function fakeAudio(state: AudioContextState) {
  const tones: Array<number> = []
  const resume = vi.fn(() => Promise.resolve())
  const param = { value: 0, setValueAtTime: () => undefined, exponentialRampToValueAtTime: () => undefined }
  class FakeAudioContext {
    state = state
    currentTime = 0
    destination = {}
    resume = resume
    createGain = () => ({ gain: param, connect: (node: unknown) => node })
    createOscillator = () => ({
      frequency: { value: 0 },
      connect: (node: unknown) => node,
      start: (at: number) => void tones.push(at),
      stop: () => undefined
    })
  }
  vi.stubGlobal("AudioContext", FakeAudioContext)
  return { tones, resume }
}

const pageIs = (visibilityState: DocumentVisibilityState) => vi.stubGlobal("document", { visibilityState })

describe("with none of the APIs", () => {
  test("preparing and alerting do nothing and throw nothing", () => {
    expect(globalThis).not.toHaveProperty("Notification")
    expect(globalThis).not.toHaveProperty("AudioContext")
    const ports = browserRestTimerPorts()
    expect(() => {
      ports.prepareAlerts()
      ports.alert()
    }).not.toThrow()
  })
})

describe("vibration", () => {
  test("buzzes twice where the phone can", () => {
    const vibrate = vi.fn(() => true)
    vi.stubGlobal("navigator", { vibrate })
    browserRestTimerPorts().alert()
    expect(vibrate).toHaveBeenCalledWith([200, 100, 200])
  })

  test("a vibration that throws leaves the other alerts to run", () => {
    vi.stubGlobal("navigator", {
      vibrate: () => {
        throw new Error("blocked")
      }
    })
    const { tones } = fakeAudio("running")
    const ports = browserRestTimerPorts()
    ports.prepareAlerts()
    expect(() => ports.alert()).not.toThrow()
    expect(tones).toHaveLength(2)
  })
})

describe("sound", () => {
  test("is unlocked by the tap that starts the rest and beeps twice at its end", () => {
    const { tones, resume } = fakeAudio("suspended")
    const ports = browserRestTimerPorts()
    ports.prepareAlerts()
    expect(resume).toHaveBeenCalled()
    expect(tones).toEqual([])
    ports.alert()
    expect(tones).toHaveLength(2)
  })

  test("stays silent without a tap to unlock it", () => {
    const { tones } = fakeAudio("running")
    browserRestTimerPorts().alert()
    expect(tones).toEqual([])
  })
})

describe("notifications", () => {
  test("asks for permission once, on the first rest, when never asked before", () => {
    const { requestPermission } = fakeNotifications("default")
    const ports = browserRestTimerPorts()
    ports.prepareAlerts()
    ports.prepareAlerts()
    expect(requestPermission).toHaveBeenCalledTimes(1)
  })

  test("does not ask again once the lifter answered", () => {
    const { requestPermission } = fakeNotifications("denied")
    browserRestTimerPorts().prepareAlerts()
    expect(requestPermission).not.toHaveBeenCalled()
  })

  test("says the rest is over while the page is hidden", () => {
    const { shown } = fakeNotifications("granted")
    pageIs("hidden")
    browserRestTimerPorts().alert()
    expect(shown.map(({ title, options }) => [title, options?.body])).toEqual([[REST_OVER_TITLE, REST_OVER_BODY]])
  })

  test("stays quiet while the lifter is looking at the page, or without permission", () => {
    const { shown } = fakeNotifications("granted")
    pageIs("visible")
    browserRestTimerPorts().alert()
    pageIs("hidden")
    fakeNotifications("denied")
    browserRestTimerPorts().alert()
    expect(shown).toEqual([])
  })

  test("goes through the service worker where the page may not make one (Chrome on Android)", async () => {
    fakeNotifications("granted", () => {
      throw new TypeError("Illegal constructor")
    })
    pageIs("hidden")
    const showNotification = vi.fn(() => Promise.resolve())
    vi.stubGlobal("navigator", { serviceWorker: { getRegistration: () => Promise.resolve({ showNotification }) } })
    expect(() => browserRestTimerPorts().alert()).not.toThrow()
    await vi.waitFor(() => {
      expect(showNotification).toHaveBeenCalledWith(REST_OVER_TITLE, expect.objectContaining({ body: REST_OVER_BODY }))
    })
  })

  test("a refused constructor without a service worker is no notification, not an error", () => {
    fakeNotifications("granted", () => {
      throw new TypeError("Illegal constructor")
    })
    pageIs("hidden")
    vi.stubGlobal("navigator", {})
    expect(() => browserRestTimerPorts().alert()).not.toThrow()
  })
})
