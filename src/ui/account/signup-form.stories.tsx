import type { Meta, StoryObj } from "@storybook/react-vite"
import { expect, within } from "storybook/test"
import { PublicPage } from "#ui/layout/public-page.tsx"
import { awaitingSignup, inState, SeededSession, type SeedArgs } from "./session-story.tsx"
import { COMPLETION_TEXT, SignupForm, USER_TYPE_HINT } from "./signup-form.tsx"

function SignupScreen(seed: SeedArgs) {
  return (
    <SeededSession {...seed}>
      {(session) => (
        <PublicPage title="Sign Up">
          <SignupForm session={session} />
        </PublicPage>
      )}
    </SeededSession>
  )
}

const meta = {
  title: "Account/SignupForm",
  component: SignupScreen,
  parameters: { machine: "session", route: "/signup" }
} satisfies Meta<typeof SignupScreen>

export default meta
type Story = StoryObj<typeof meta>

export const Empty: Story = {
  ...inState("signedOut.idle"),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await expect(canvas.getByLabelText("User type")).toHaveValue("Client")
    await expect(canvas.getByLabelText("User type")).toHaveAccessibleDescription(USER_TYPE_HINT)
    for (const label of ["Name", "Email", "Password", "Password Confirmation"]) {
      await expect(canvas.getByLabelText(label)).toBeInTheDocument()
    }
    await expect(canvas.getByRole("button", { name: "Sign up with Google" })).toBeEnabled()
    await expect(canvas.getByRole("link", { name: "Log In" })).toHaveAttribute("href", "/login")
  }
}

export const PasswordsDoNotMatch: Story = {
  ...inState("signedOut.idle", { message: { scope: "signup", text: "Passwords do not match" } }),
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole("alert")).toHaveTextContent("Passwords do not match")
  }
}

export const EmailAlreadyInUse: Story = inState("signedOut.idle", {
  message: { scope: "signup", text: "That email is already in use. Try logging in instead." }
})

export const CreatingAccount: Story = {
  ...inState("creatingAccount", { pendingSignup: { name: "Cy Newcomer", userType: "Coach" } }),
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole("button", { name: "Signing up…" })).toBeDisabled()
  }
}

export const RegisteringAfterEmailSignup: Story = inState("registering", {
  ...awaitingSignup("email"),
  pendingSignup: { name: "Cy Newcomer", userType: "Coach" }
})

export const NeedsSignupAfterGoogle: Story = {
  ...inState("needsSignup", awaitingSignup("google popup")),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await expect(canvas.getByText(COMPLETION_TEXT)).toBeInTheDocument()
    await expect(canvas.queryByLabelText("Password")).toBeNull()
    await expect(canvas.getByLabelText("User type")).toHaveValue("Client")
    await expect(canvas.getByRole("button", { name: "Finish Sign Up" })).toBeEnabled()
  }
}

export const NeedsSignupAfterFailure: Story = inState("needsSignup", {
  ...awaitingSignup("google redirect"),
  pendingSignup: { name: "Cy Newcomer", userType: "Client" },
  message: { scope: "completion", text: "We couldn't reach the server. Check your connection and try again." }
})

export const CompletingGoogleSignup: Story = {
  ...inState("registering", { ...awaitingSignup("google popup"), pendingSignup: { name: "Cy", userType: "Coach" } }),
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole("button", { name: "Finishing…" })).toBeDisabled()
  }
}
