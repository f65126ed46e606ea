import { isPageVisible } from "./visibility.ts"

/*
 * The browser's side of the rest timer's alerts. Every API is looked up when used and may
 * be missing (no vibration on iOS, no Notification on many phones, no Web Audio in old
 * engines, none of them under Node): a missing or refusing API is skipped, never thrown,
 * so the timer works everywhere and alerts with whatever the device has.
 */

const VIBRATION_PATTERN = [200, 100, 200]
const BEEP_HZ = 880
const BEEP_SECONDS = 0.18
/** Two short beeps, this far apart. */
const BEEP_GAP_SECONDS = 0.3

export const REST_OVER_TITLE = "Rest is over"
export const REST_OVER_BODY = "Time for your next set"

type AudioContextClass = new () => AudioContext

/** Runs `effect`, swallowing what a refusing browser throws: an alert is a nicety, never a failure. */
const attempt = (effect: () => void): void => {
  try {
    effect()
  } catch {
    // The device cannot do this one; the others still run.
  }
}

const audioContextClass = (): AudioContextClass | undefined => {
  const scope = globalThis as { AudioContext?: AudioContextClass; webkitAudioContext?: AudioContextClass }
  return scope.AudioContext ?? scope.webkitAudioContext
}

const notificationApi = (): typeof Notification | undefined =>
  typeof Notification === "function" ? Notification : undefined

const vibrate = (): void => {
  const device = typeof navigator === "undefined" ? undefined : navigator
  if (typeof device?.vibrate === "function") device.vibrate(VIBRATION_PATTERN)
}

const beep = (audio: AudioContext | undefined): void => {
  if (audio === undefined) return
  // A context that was suspended (the tab was backgrounded) may resume now; if it does not, no sound.
  if (audio.state === "suspended") void audio.resume().catch(() => undefined)
  for (const offset of [0, BEEP_GAP_SECONDS]) {
    const start = audio.currentTime + offset
    const oscillator = audio.createOscillator()
    const gain = audio.createGain()
    oscillator.frequency.value = BEEP_HZ
    // A quick fade in and out: no click at either end.
    gain.gain.setValueAtTime(0.0001, start)
    gain.gain.exponentialRampToValueAtTime(0.4, start + 0.02)
    gain.gain.exponentialRampToValueAtTime(0.0001, start + BEEP_SECONDS)
    oscillator.connect(gain).connect(audio.destination)
    oscillator.start(start)
    oscillator.stop(start + BEEP_SECONDS)
  }
}

/**
 * Shows "Rest is over" while the page is hidden and permission was granted. Phones that
 * refuse `new Notification` (Chrome on Android wants a service worker) go through the
 * page's service worker registration when there is one.
 */
const notify = (): void => {
  const api = notificationApi()
  if (api === undefined || api.permission !== "granted" || isPageVisible()) return
  const options = { body: REST_OVER_BODY, tag: "rest-over" }
  try {
    new api(REST_OVER_TITLE, options)
  } catch {
    const workers = typeof navigator === "undefined" ? undefined : navigator.serviceWorker
    void workers
      ?.getRegistration()
      .then((registration) => registration?.showNotification(REST_OVER_TITLE, options))
      .catch(() => undefined)
  }
}

/** Asks for notifications the first time a rest starts, only if the lifter was never asked. */
const askForNotifications = (): void => {
  const api = notificationApi()
  if (api === undefined || api.permission !== "default" || typeof api.requestPermission !== "function") return
  // Older Safari answers through a callback and returns undefined; newer browsers return a promise.
  void Promise.resolve(api.requestPermission()).catch(() => undefined)
}

/** The rest timer's alerts in this browser; one audio context for the page's life. */
export function browserRestTimerPorts(): { readonly prepareAlerts: () => void; readonly alert: () => void } {
  let audio: AudioContext | undefined
  let askedForNotifications = false
  return {
    prepareAlerts: () => {
      attempt(() => {
        const AudioContextClass = audioContextClass()
        if (audio === undefined && AudioContextClass !== undefined) audio = new AudioContextClass()
        // Browsers start audio suspended until a tap: this is the tap.
        if (audio?.state === "suspended") void audio.resume().catch(() => undefined)
      })
      if (!askedForNotifications) {
        askedForNotifications = true
        attempt(askForNotifications)
      }
    },
    alert: () => {
      attempt(vibrate)
      attempt(() => beep(audio))
      attempt(notify)
    }
  }
}
