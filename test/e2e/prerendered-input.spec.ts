/**
 * /login, /signup and /forgot-password arrive prerendered (scripts/prerender-public.ts) and
 * the app takes them over later (src/prerendered.tsx, docs/decisions/036). Whatever a person
 * does on them before that (a chosen user type, typed text, Enter or a button pressed) is
 * what the app ends up doing: on a slow phone (Chromium's CPU slowed 4x, 150 ms round
 * trips), acting the moment each control shows.
 *
 * Most tests hold the app's scripts until the person is done, so that everything they do
 * certainly happens on the prerendered page; one signs up with the scripts arriving as they
 * come, so the takeover may land anywhere in between.
 */
import { expect, test, type Page } from "@playwright/test"
import { at } from "./support/screens.ts"
import { createAccount, EMULATOR_HOST, passwordResetCodesFor, uniqueEmail } from "./support/stack.ts"
import { PHONE, screenshot } from "./support/viewports.ts"

test.use({ viewport: PHONE, serviceWorkers: "block" })

const APP_SCRIPTS = /\/assets\/.*\.js$/
const PASSWORD = "first-Secret-1"
const root = (page: Page) => page.locator("#root")

/** The lab's slow phone: CPU 4x slower, 150 ms round trips (scripts/bench-web.ts's figures). */
async function slowPhone(page: Page) {
  const cdp = await page.context().newCDPSession(page)
  await cdp.send("Network.enable")
  await cdp.send("Network.emulateNetworkConditions", {
    offline: false,
    latency: 150,
    downloadThroughput: (1.6 * 1_000_000) / 8,
    uploadThroughput: (750 * 1_000) / 8
  })
  await cdp.send("Emulation.setCPUThrottlingRate", { rate: 4 })
}

/** Holds back the app's scripts; answers the function that lets them through. */
async function holdTheApp(page: Page): Promise<() => void> {
  let letThrough = () => {}
  const arrived = new Promise<void>((resolve) => (letThrough = resolve))
  await page.route(APP_SCRIPTS, async (route) => {
    await arrived
    await route.continue()
  })
  return letThrough
}

/** The user record our server holds for an account made through the screens (GET /api/user/check). */
async function serverRecord(baseURL: string, email: string): Promise<{ user_type: string | null; name: string }> {
  const signIn = await fetch(
    `http://${EMULATOR_HOST}/identitytoolkit.googleapis.com/v1/accounts:signInWithPassword?key=fake`,
    {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ email, password: PASSWORD, returnSecureToken: true })
    }
  )
  const { idToken, localId } = (await signIn.json()) as { idToken: string; localId: string }
  const query = new URLSearchParams({ email, firebaseId: localId })
  const answer = await fetch(`${baseURL}/beta/api/user/check?${query.toString()}`, {
    headers: { authorization: `Bearer ${idToken}` }
  })
  const [record] = (await answer.json()) as Array<{ user_type: string | null; name: string }>
  if (record === undefined) throw new Error(`the server holds no user for ${email}`)
  return record
}

/** Signup's fields, filled in the order they show, each the moment it does. */
async function fillSignup(page: Page, name: string, email: string) {
  await page.getByLabel("User type").selectOption("Coach")
  await page.getByLabel("Name").fill(name)
  await page.getByLabel("Email").fill(email)
  await page.getByLabel("Password", { exact: true }).fill(PASSWORD)
  await page.getByLabel("Password Confirmation").fill(PASSWORD)
}

test.beforeEach(async ({ page }) => {
  await slowPhone(page)
})

test("/signup: Coach chosen, the fields filled and Enter pressed before the app is in: a Coach lands on the coach dashboard", async ({
  page,
  baseURL
}) => {
  const email = uniqueEmail("early-coach")
  const letTheAppIn = await holdTheApp(page)
  await page.goto("/signup", { waitUntil: "commit" })
  await fillSignup(page, "Early Coach", email)
  await page.getByLabel("Password Confirmation").press("Enter")

  // Still the prerendered page, the sign-up held and saying what comes next.
  await expect(root(page)).toHaveAttribute("data-prerendered", "/signup")
  await expect(root(page)).toHaveAttribute("data-held", "submit")
  await expect(root(page)).toHaveAttribute("aria-busy", "true")
  await expect(page.getByLabel("User type")).toHaveValue("Coach")
  const word = await page
    .getByRole("button", { name: /^Sign Up/ })
    .evaluate((button) => getComputedStyle(button, "::after").content)
  expect(word).toBe('"Signing up…"')
  await screenshot(page, "signup-coach-sent-before-the-app")

  letTheAppIn()
  await expect(page).toHaveURL(at("/coach/dashboard"))
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible()
  expect(await serverRecord(baseURL ?? "", email)).toMatchObject({ user_type: "Coach", name: "Early Coach" })
})

test("/signup: Coach chosen before the app is in stays chosen once it is, and the rest typed after signs up a Coach", async ({
  page,
  baseURL
}) => {
  const email = uniqueEmail("chosen-coach")
  const letTheAppIn = await holdTheApp(page)
  await page.goto("/signup", { waitUntil: "commit" })
  await page.getByLabel("User type").selectOption("Coach")
  await expect(root(page)).toHaveAttribute("data-prerendered", "/signup")
  await screenshot(page, "signup-coach-chosen-before-the-app")

  letTheAppIn()
  await expect(root(page)).not.toHaveAttribute("data-prerendered")
  await expect(page.getByLabel("User type")).toHaveValue("Coach")
  // Typing re-renders the form from the app's state: the choice must be in it, not only on screen.
  await page.getByLabel("Name").fill("Later Coach")
  await page.getByLabel("Email").fill(email)
  await page.getByLabel("Password", { exact: true }).fill(PASSWORD)
  await page.getByLabel("Password Confirmation").fill(PASSWORD)
  await expect(page.getByLabel("User type")).toHaveValue("Coach")
  await screenshot(page, "signup-coach-chosen-after-the-app")
  await page.getByRole("button", { name: "Sign Up", exact: true }).click()

  await expect(page).toHaveURL(at("/coach/dashboard"))
  expect(await serverRecord(baseURL ?? "", email)).toMatchObject({ user_type: "Coach", name: "Later Coach" })
})

test("/signup: acting the moment each control shows, with the app arriving whenever it does, signs up a Coach", async ({
  page,
  baseURL
}) => {
  const email = uniqueEmail("racing-coach")
  await page.goto("/signup", { waitUntil: "commit" })
  await fillSignup(page, "Racing Coach", email)
  await page.getByLabel("Password Confirmation").press("Enter")

  await expect(page).toHaveURL(at("/coach/dashboard"))
  expect(await serverRecord(baseURL ?? "", email)).toMatchObject({ user_type: "Coach", name: "Racing Coach" })
})

test("/login: email and password typed and Log In pressed before the app is in sign the person in", async ({
  page,
  baseURL
}) => {
  const coach = await createAccount(baseURL ?? "", "Coach")
  const letTheAppIn = await holdTheApp(page)
  await page.goto("/login", { waitUntil: "commit" })
  await page.getByLabel("Email").fill(coach.email)
  await page.getByLabel("Password", { exact: true }).fill(coach.password)
  await page.getByRole("button", { name: /^Log In/ }).click()
  await expect(root(page)).toHaveAttribute("data-prerendered", "/login")
  await expect(root(page)).toHaveAttribute("data-held", "submit")

  letTheAppIn()
  await expect(page).toHaveURL(at("/coach/dashboard"))
})

test("/forgot-password: the email typed and Enter pressed before the app is in get the reset email sent to it", async ({
  page,
  baseURL
}) => {
  const client = await createAccount(baseURL ?? "", "Client")
  const letTheAppIn = await holdTheApp(page)
  await page.goto("/forgot-password", { waitUntil: "commit" })
  await page.getByLabel("Email").fill(client.email)
  await page.getByLabel("Email").press("Enter")
  await expect(root(page)).toHaveAttribute("data-prerendered", "/forgot-password")
  await expect(root(page)).toHaveAttribute("data-held", "submit")

  letTheAppIn()
  await expect(page.getByRole("status")).toHaveText("Check your inbox for further instructions")
  await expect(page.getByLabel("Email")).toHaveValue(client.email)
  expect(await passwordResetCodesFor(client.email)).toHaveLength(1)
})
