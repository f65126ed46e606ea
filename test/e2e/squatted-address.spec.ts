/**
 * An address squatted before its owner arrives (docs/decisions/035): someone signs up with
 * another person's email and a password, never verifies it, and picks Coach. When the
 * address's owner signs in with Google, Firebase drops the unverified password; our server
 * then gives the owner a clean account (no inherited role or name) and stops answering the
 * squatter's session, in real Chromium against the Auth emulator.
 */
import { expect, test } from "@playwright/test"
import { expectNoSeriousViolations } from "./support/accessibility.ts"
import { serveGoogleIframesOffline } from "./support/google-iframes.ts"
import { at, openLogin, signUp } from "./support/screens.ts"
import { uniqueEmail } from "./support/stack.ts"
import { screenshot } from "./support/viewports.ts"

test("the verified owner of a squatted address starts afresh, and the squatter's session stops", async ({
  browser
}) => {
  const email = uniqueEmail("squatted")

  const squatterContext = await browser.newContext()
  const squatter = await squatterContext.newPage()
  await squatter.goto("/signup")
  await signUp(squatter, { email, password: "squat-Secret-1", name: "Mallory Squatter", userType: "Coach" })
  await expect(squatter).toHaveURL(at("/coach/dashboard"))
  await expect(squatter.getByText("Verify your email address to invite clients")).toBeVisible()

  // The owner signs in with Google at the same address, through the emulator's chooser.
  const ownerContext = await browser.newContext()
  await serveGoogleIframesOffline(ownerContext)
  const owner = await ownerContext.newPage()
  await openLogin(owner)
  const popupOpened = owner.waitForEvent("popup")
  await owner.getByRole("button", { name: "Sign in with Google" }).click()
  const chooser = await popupOpened
  await chooser.getByText("Add new account").click()
  await chooser.locator("#email-input").fill(email)
  await chooser.locator("#display-name-input").fill("Olivia Owner")
  await chooser.locator("#sign-in").click()

  // No Coach role, no squatter's name: the owner is asked who they are, as anyone new is.
  await expect(owner).toHaveURL(at("/signup"))
  await expect(
    owner.getByText("Thanks for signing up! We just need the following information to finish setting up your account.")
  ).toBeVisible()
  await expect(owner.getByText("Mallory Squatter")).toHaveCount(0)
  await expectNoSeriousViolations(owner)
  await owner.getByLabel("User type").selectOption("Client")
  await owner.getByLabel("Name").fill("Olivia Owner")
  await owner.getByRole("button", { name: "Finish Sign Up" }).click()
  await expect(owner).toHaveURL(at("/client/dashboard"))
  await expect(owner.getByText("Hello, Olivia!")).toBeVisible()
  await screenshot(owner, "owner-fresh-account")

  // The squatter's tab, opened again: its session is over (Firebase refuses it, and our
  // server refuses its tokens: test/server/provisional-accounts.test.ts). Back to sign in.
  await squatter.goto("/client/dashboard")
  await expect(squatter).toHaveURL(/\/login(\?|$)/)
  await expect(squatter.getByRole("button", { name: "Log In" })).toBeVisible()
  await expect(squatter.getByText("Hello, Olivia!")).toHaveCount(0)
  await screenshot(squatter, "squatter-after")

  await squatterContext.close()
  await ownerContext.close()
})
