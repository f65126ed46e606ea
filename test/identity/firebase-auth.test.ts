import "fake-indexeddb/auto"
import { afterAll, describe, expect, test } from "vitest"
import {
  authErrorCode,
  getIdToken,
  onAuthChange,
  onEmailVerified,
  refreshVerifiedToken,
  sendPasswordReset,
  signInWithEmail,
  signOut,
  signUpWithEmail,
  updateEmail,
  updatePassword,
  type IdentityUser
} from "#identity/firebase-auth.ts"

// Runs against the real Auth emulator (VITE_FIREBASE_AUTH_EMULATOR_HOST, set in vitest.config.ts).
const emulator = `http://${import.meta.env.VITE_FIREBASE_AUTH_EMULATOR_HOST ?? "127.0.0.1:9099"}`
const projectId = import.meta.env.VITE_FIREBASE_PROJECT_ID ?? "demo-strength-coach"
const uniqueEmail = (label: string) => `${label}-${crypto.randomUUID()}@example.com`

function tokenClaims(token: string): Record<string, unknown> {
  const payload = token.split(".")[1] ?? ""
  return JSON.parse(Buffer.from(payload, "base64url").toString("utf8")) as Record<string, unknown>
}

/** Marks the account's email verified, as opening the emailed link does (emulator admin call). */
async function verifyInEmulator(uid: string) {
  const response = await fetch(`${emulator}/identitytoolkit.googleapis.com/v1/projects/${projectId}/accounts:update`, {
    method: "POST",
    headers: { "content-type": "application/json", authorization: "Bearer owner" },
    body: JSON.stringify({ localId: uid, emailVerified: true })
  })
  expect(response.ok).toBe(true)
}

afterAll(async () => {
  await signOut()
})

describe("the Firebase Auth adapter, against the emulator,", () => {
  test("signs up a new email user and hands out an ID token for that user", async () => {
    const email = uniqueEmail("signup")
    const user = await signUpWithEmail(email, "secret-1")
    expect(user.email).toBe(email)
    const token = await getIdToken()
    expect(token).not.toBeNull()
    expect(tokenClaims(token ?? "")["user_id"]).toBe(user.uid)
  })

  test("signs in with the right password and refuses a wrong one with a Firebase error code", async () => {
    const email = uniqueEmail("signin")
    const created = await signUpWithEmail(email, "secret-1")
    await signOut()
    expect((await signInWithEmail(email, "secret-1")).uid).toBe(created.uid)
    const refusal: unknown = await signInWithEmail(email, "not-the-password").catch((error: unknown) => error)
    expect(["auth/wrong-password", "auth/invalid-credential"]).toContain(authErrorCode(refusal))
  })

  test("updates the password so that only the new one signs in", async () => {
    const email = uniqueEmail("password")
    await signUpWithEmail(email, "secret-1")
    await updatePassword("secret-2")
    await signOut()
    await expect(signInWithEmail(email, "secret-1")).rejects.toThrow()
    expect((await signInWithEmail(email, "secret-2")).email).toBe(email)
  })

  test("updates the email of the signed-in user", async () => {
    await signUpWithEmail(uniqueEmail("old"), "secret-1")
    const newEmail = uniqueEmail("new")
    await updateEmail(newEmail)
    await signOut()
    expect((await signInWithEmail(newEmail, "secret-1")).email).toBe(newEmail)
  })

  test("sends a password reset that the emulator records for that email", async () => {
    const email = uniqueEmail("reset")
    await signUpWithEmail(email, "secret-1")
    await sendPasswordReset(email)
    const response = await fetch(`${emulator}/emulator/v1/projects/${projectId}/oobCodes`)
    const { oobCodes } = (await response.json()) as { oobCodes: Array<{ email: string; requestType: string }> }
    expect(oobCodes).toContainEqual(expect.objectContaining({ email, requestType: "PASSWORD_RESET" }))
  })

  test("refreshes the ID token only once Firebase says the email is verified and the token does not", async () => {
    const user = await signUpWithEmail(uniqueEmail("verify"), "secret-1")
    // Nothing verified yet: the token stays as it is.
    expect(await refreshVerifiedToken()).toEqual({ verified: false, refreshed: false })
    const before = await getIdToken()

    // The link is opened elsewhere; the page looks again when it is focused.
    await verifyInEmulator(user.uid)
    const seen = new Promise<void>((resolve) => {
      const stop = onEmailVerified(() => {
        stop()
        resolve()
      })
    })
    window.dispatchEvent(new Event("focus"))
    await seen
    // Firebase's user says verified now; the token issued before still says not.
    expect(tokenClaims(await getIdToken() ?? "")["email_verified"]).toBe(false)

    expect(await refreshVerifiedToken()).toEqual({ verified: true, refreshed: true })
    const after = await getIdToken()
    expect(after).not.toBe(before)
    expect(tokenClaims(after ?? "")["email_verified"]).toBe(true)
    // In line now: no new token.
    expect(await refreshVerifiedToken()).toEqual({ verified: true, refreshed: false })
    expect(await getIdToken()).toBe(after)
  })

  test("reports sign-in and sign-out to auth-change listeners, and has no token when signed out", async () => {
    const seen: Array<IdentityUser | null> = []
    const unsubscribe = onAuthChange((user) => seen.push(user))
    const email = uniqueEmail("listener")
    await signUpWithEmail(email, "secret-1")
    await signOut()
    await expect.poll(() => seen.at(-1)).toBeNull()
    unsubscribe()
    expect(seen.some((user) => user?.email === email)).toBe(true)
    expect(await getIdToken()).toBeNull()
  })
})
