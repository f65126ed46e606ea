import { expect, test } from "@playwright/test"
import { expectNoSeriousViolations } from "./support/accessibility.ts"
import { serveGoogleIframesOffline } from "./support/google-iframes.ts"
import { at, logIn, openLogin, signUp } from "./support/screens.ts"
import { createAccount, deleteIdentity, passwordResetCodesFor, uniqueEmail } from "./support/stack.ts"

// Accounts end to end (docs/decisions/002): real Chromium, the real Auth emulator, the real API
// server on a fresh database. Nothing is mocked. Every account is new, so reruns
// against the same emulator never collide.

const dashboard = (area: "coach" | "client") => at(`/${area}/dashboard`)

test.describe("signing up", () => {
  for (const userType of ["Coach", "Client"] as const) {
    const area = userType === "Coach" ? "coach" : "client"
    test(`a new ${userType} signs up with email and lands on the ${area} dashboard`, async ({ page }) => {
      await page.goto("/signup")
      await expect(page.getByRole("heading", { level: 1, name: "Sign up" })).toBeVisible()
      await expect(page.getByLabel("User type")).toHaveValue("Client")
      await expectNoSeriousViolations(page)

      await signUp(page, { userType, name: `New ${userType}`, email: uniqueEmail(area), password: "first-Secret-1" })

      await expect(page).toHaveURL(dashboard(area))
      await expect(page.getByRole("heading", { level: 1 })).toBeVisible()
      await expectNoSeriousViolations(page)
    })
  }

  test("someone new signs in with Google through the emulator's account chooser, then finishes signing up", async ({
    page,
    context
  }) => {
    await serveGoogleIframesOffline(context)
    await openLogin(page)
    const popupOpened = page.waitForEvent("popup")
    await page.getByRole("button", { name: "Sign in with Google" }).click()
    const chooser = await popupOpened
    await chooser.getByText("Add new account").click()
    const email = uniqueEmail("google")
    await chooser.locator("#email-input").fill(email)
    await chooser.locator("#display-name-input").fill("Gee Oogle")
    await chooser.locator("#sign-in").click()

    await expect(page).toHaveURL(at("/signup"))
    await expect(
      page.getByText("Thanks for signing up! We just need the following information to finish setting up your account.")
    ).toBeVisible()
    await expect(page.getByLabel("Password", { exact: true })).toHaveCount(0)
    await expectNoSeriousViolations(page)

    await page.getByLabel("User type").selectOption("Client")
    await page.getByLabel("Name").fill("Gee Oogle")
    await page.getByRole("button", { name: "Finish Sign Up" }).click()

    await expect(page).toHaveURL(dashboard("client"))
  })
})

test.describe("on a phone", () => {
  test.use({
    userAgent:
      "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0 Mobile Safari/537.36",
    viewport: { width: 390, height: 844 }
  })

  test("Google sign-in goes by redirect through the emulator's account chooser and comes back to finish signing up", async ({
    page,
    context
  }) => {
    await serveGoogleIframesOffline(context)
    await openLogin(page)
    await page.getByRole("button", { name: "Sign in with Google" }).click()

    // The same tab leaves for the emulator's chooser (no popup) and returns to the app.
    await page.getByText("Add new account").click()
    await page.locator("#email-input").fill(uniqueEmail("redirect"))
    await page.locator("#display-name-input").fill("Rita Redirect")
    await page.locator("#sign-in").click()

    await expect(page).toHaveURL(at("/signup"))
    await page.getByLabel("User type").selectOption("Coach")
    await page.getByLabel("Name").fill("Rita Redirect")
    await page.getByRole("button", { name: "Finish Sign Up" }).click()
    await expect(page).toHaveURL(dashboard("coach"))
  })
})

test.describe("signing in", () => {
  test("a Client signs in, logs out from the dashboard and is back on /login", async ({ page, baseURL }) => {
    const client = await createAccount(baseURL ?? "", "Client")
    await openLogin(page)
    await expectNoSeriousViolations(page)

    await logIn(page, client.email, client.password)
    await expect(page).toHaveURL(dashboard("client"))

    await page.getByRole("button", { name: "Log Out" }).click()
    await expect(page).toHaveURL(at("/login"))
    await expect(page.getByRole("button", { name: "Log In" })).toBeVisible()

    // Signed out for real: the dashboard now sends them to sign in.
    await page.goto("/client/dashboard")
    await expect(page).toHaveURL(at("/login?redirect=%2Fclient%2Fdashboard"))
  })

  test("a returning Client's dashboard opens on reload; once their account is deleted, a reload lands on /login", async ({
    page,
    baseURL
  }) => {
    const client = await createAccount(baseURL ?? "", "Client")
    await openLogin(page)
    await logIn(page, client.email, client.password)
    await expect(page).toHaveURL(dashboard("client"))

    // The device remembers who was signed in (docs/decisions/010) ...
    await page.reload()
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Hello, Client!")
    await expect(page.getByRole("button", { name: "Log Out" })).toBeVisible()

    // ... but the identity service has the last word: the session ends, as a logout would.
    await deleteIdentity(client)
    await page.reload()
    await expect(page).toHaveURL(at("/login"))
    await expect(page.getByRole("button", { name: "Log In" })).toBeVisible()
    await page.reload()
    await expect(page.getByRole("button", { name: "Log In" })).toBeVisible()
  })

  test("a wrong password shows a message and stays on /login", async ({ page, baseURL }) => {
    const coach = await createAccount(baseURL ?? "", "Coach")
    await openLogin(page)
    await logIn(page, coach.email, "not-the-password")

    await expect(page.getByRole("alert")).toHaveText("Wrong email or password. Please try again.")
    await expect(page).toHaveURL(at("/login"))
    await expect(page.getByRole("button", { name: "Log In" })).toBeEnabled()
    await expectNoSeriousViolations(page)
  })

  test("/ is the login page too, and a signed-in person there goes to their dashboard", async ({ page, baseURL }) => {
    const coach = await createAccount(baseURL ?? "", "Coach")
    await openLogin(page, "/")
    await logIn(page, coach.email, coach.password)
    await expect(page).toHaveURL(dashboard("coach"))

    await page.goto("/login")
    await expect(page).toHaveURL(dashboard("coach"))
  })

  test("a deep link survives signing in: a signed-out coach opening /coach/calendar ends there", async ({
    page,
    baseURL
  }) => {
    const coach = await createAccount(baseURL ?? "", "Coach")
    await page.goto("/coach/calendar")
    await expect(page).toHaveURL(at("/login?redirect=%2Fcoach%2Fcalendar"))

    await logIn(page, coach.email, coach.password)
    await expect(page).toHaveURL(at("/coach/calendar"))
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible()
    await expectNoSeriousViolations(page)
  })

  test("a Client opening /coach/calendar lands on /login, which says who is signed in", async ({ page, baseURL }) => {
    const client = await createAccount(baseURL ?? "", "Client")
    await openLogin(page)
    await logIn(page, client.email, client.password)
    await expect(page).toHaveURL(dashboard("client"))

    await page.goto("/coach/calendar")
    await expect(page).toHaveURL(at("/login?redirect=%2Fcoach%2Fcalendar"))
    await expect(page.getByRole("status")).toContainText(`signed in as ${client.email} (Client)`)
    await expectNoSeriousViolations(page)
  })
})

test.describe("passwords", () => {
  test("forgot-password confirms, and the emulator holds a reset code for that email", async ({ page, baseURL }) => {
    const client = await createAccount(baseURL ?? "", "Client")
    await page.goto("/forgot-password")
    await expect(page.getByRole("button", { name: "Reset Password" })).toBeVisible()
    await expectNoSeriousViolations(page)

    await page.getByLabel("Email").fill(client.email)
    await page.getByRole("button", { name: "Reset Password" }).click()

    await expect(page.getByRole("status")).toHaveText("Check your inbox for further instructions")
    await expect.poll(async () => (await passwordResetCodesFor(client.email)).length).toBeGreaterThan(0)
    await expectNoSeriousViolations(page)
  })

  test("a coach changes their password on /coach/profile, then signs in with the new one only", async ({
    page,
    browser,
    baseURL
  }) => {
    const coach = await createAccount(baseURL ?? "", "Coach")
    await openLogin(page)
    await logIn(page, coach.email, coach.password)
    await expect(page).toHaveURL(dashboard("coach"))

    await page.goto("/coach/profile")
    await expect(page.getByLabel("Email")).toHaveValue(coach.email)
    await expectNoSeriousViolations(page)
    await page.getByLabel("New password").fill("second-Secret-2")
    await page.getByLabel("Password Confirmation").fill("second-Secret-2")
    await page.getByRole("button", { name: "Update" }).click()
    // Success navigates to /, which sends a signed-in coach on to the dashboard.
    await expect(page).toHaveURL(dashboard("coach"))

    const fresh = await browser.newPage({ baseURL: baseURL ?? "" })
    try {
      await openLogin(fresh)
      await logIn(fresh, coach.email, coach.password)
      await expect(fresh.getByRole("alert")).toHaveText("Wrong email or password. Please try again.")
      await logIn(fresh, coach.email, "second-Secret-2")
      await expect(fresh).toHaveURL(dashboard("coach"))
    } finally {
      await fresh.close()
    }
  })

  test("mismatched passwords on /coach/profile say so and change nothing", async ({ page, baseURL }) => {
    const coach = await createAccount(baseURL ?? "", "Coach")
    await openLogin(page)
    await logIn(page, coach.email, coach.password)
    await expect(page).toHaveURL(dashboard("coach"))

    await page.goto("/coach/profile")
    await page.getByLabel("New password").fill("second-Secret-2")
    await page.getByLabel("Password Confirmation").fill("something-else")
    await page.getByRole("button", { name: "Update" }).click()
    await expect(page.getByRole("alert")).toHaveText("Passwords do not match")
    await expect(page).toHaveURL(at("/coach/profile"))

    await page.getByRole("link", { name: "Cancel" }).click()
    await expect(page).toHaveURL(dashboard("coach"))
  })
})

test("an unknown path shows the not-found message", async ({ page }) => {
  await page.goto("/no/such/page")
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("There's nothing here: 404!")
  await expectNoSeriousViolations(page)
})
