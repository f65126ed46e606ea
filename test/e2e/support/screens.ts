import { expect, type Page } from "@playwright/test"
import type { Account } from "./stack.ts"

// How a person works the account screens, in their words (labels and button names).

export async function logIn(page: Page, email: string, password: string): Promise<void> {
  await page.getByLabel("Email").fill(email)
  await page.getByLabel("Password", { exact: true }).fill(password)
  await page.getByRole("button", { name: "Log In" }).click()
}

export async function openLogin(page: Page, path = "/login"): Promise<void> {
  await page.goto(path)
  await expect(page.getByRole("button", { name: "Log In" })).toBeVisible()
}

export async function signUp(page: Page, account: Omit<Account, "name"> & { name: string }): Promise<void> {
  await page.getByLabel("User type").selectOption(account.userType)
  await page.getByLabel("Name").fill(account.name)
  await page.getByLabel("Email").fill(account.email)
  await page.getByLabel("Password", { exact: true }).fill(account.password)
  await page.getByLabel("Password Confirmation").fill(account.password)
  await page.getByRole("button", { name: "Sign Up", exact: true }).click()
}

/** The address bar ends with this path (and search), ignoring the origin. */
export const at = (pathAndSearch: string): RegExp =>
  new RegExp(`^https?://[^/]+${pathAndSearch.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}$`)
