import type { Meta, StoryObj } from "@storybook/react-vite"
import { expect, within } from "storybook/test"
import { PublicPage } from "#ui/layout/public-page.tsx"
import { ForgotPasswordForm } from "./forgot-password-form.tsx"
import { inState, SeededSession, type SeedArgs } from "./session-story.tsx"

function ForgotPasswordScreen(seed: SeedArgs) {
  return (
    <SeededSession {...seed}>
      {(session) => (
        <PublicPage title="Password Reset">
          <ForgotPasswordForm session={session} />
        </PublicPage>
      )}
    </SeededSession>
  )
}

const meta = {
  title: "Account/ForgotPasswordForm",
  component: ForgotPasswordScreen,
  parameters: { machine: "session", route: "/forgot-password" }
} satisfies Meta<typeof ForgotPasswordScreen>

export default meta
type Story = StoryObj<typeof meta>

export const Ready: Story = {
  ...inState("signedOut.idle"),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await expect(canvas.getByRole("button", { name: "Reset Password" })).toBeEnabled()
    await expect(canvas.getByRole("link", { name: "Log In" })).toHaveAttribute("href", "/login")
    await expect(canvas.getByRole("link", { name: "Sign up" })).toHaveAttribute("href", "/signup")
  }
}

export const ResettingPassword: Story = {
  ...inState("signedOut.resettingPassword"),
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole("button", { name: "Sending…" })).toBeDisabled()
  }
}

export const ResetSent: Story = {
  ...inState("signedOut.resetSent"),
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole("status")).toHaveTextContent(
      "Check your inbox for further instructions"
    )
  }
}

export const ResetFailed: Story = {
  ...inState("signedOut.resetFailed"),
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole("alert")).toHaveTextContent(
      "Error, please check the format and spelling of your email"
    )
  }
}
