import { describe, expect, test } from "vitest"
import { firebaseConfigFromEnv } from "#identity/firebase-config.ts"
import { isMobileBrowser } from "#identity/is-mobile-browser.ts"

describe("the Firebase settings", () => {
  test("default to the local demo project without the emulator", () => {
    expect(firebaseConfigFromEnv({})).toEqual({
      apiKey: "demo-api-key",
      authDomain: "demo-strength-coach.firebaseapp.com",
      projectId: "demo-strength-coach",
      emulatorUrl: null
    })
  })

  test("take the production values from the VITE_FIREBASE_* variables", () => {
    const config = firebaseConfigFromEnv({
      VITE_FIREBASE_API_KEY: "key-123",
      VITE_FIREBASE_AUTH_DOMAIN: "coach.example.com",
      VITE_FIREBASE_PROJECT_ID: "strength-prod"
    })
    expect(config).toEqual({
      apiKey: "key-123",
      authDomain: "coach.example.com",
      projectId: "strength-prod",
      emulatorUrl: null
    })
  })

  test("point at the emulator when its host is set, and treat blank values as unset", () => {
    const config = firebaseConfigFromEnv({
      VITE_FIREBASE_AUTH_EMULATOR_HOST: "127.0.0.1:9099",
      VITE_FIREBASE_API_KEY: " "
    })
    expect(config.emulatorUrl).toBe("http://127.0.0.1:9099")
    expect(config.apiKey).toBe("demo-api-key")
  })
})

describe("Google sign-in uses a redirect", () => {
  test.each([
    "Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1",
    "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0 Mobile Safari/537.36"
  ])("on a phone browser: %s", (userAgent) => {
    expect(isMobileBrowser(userAgent)).toBe(true)
  })

  test.each([
    "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0 Safari/537.36",
    "Mozilla/5.0 (Macintosh; Intel Mac OS X 14_4) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Safari/605.1.15"
  ])("but not on a desktop browser: %s", (userAgent) => {
    expect(isMobileBrowser(userAgent)).toBe(false)
  })
})
