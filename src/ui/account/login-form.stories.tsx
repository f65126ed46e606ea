import type { Meta, StoryObj } from "@storybook/react-vite"
import { expect, within } from "storybook/test"
import { PublicPage } from "#ui/layout/public-page.tsx"
import { LoginForm } from "./login-form.tsx"
import { inState, SeededSession, type SeedArgs } from "./session-story.tsx"

function LoginScreen(seed: SeedArgs) {
  return (
    <SeededSession {...seed}>
      {(session) => (
        <PublicPage title="Log In">
          <LoginForm session={session} />
        </PublicPage>
      )}
    </SeededSession>
  )
}

const meta = {
  title: "Account/LoginForm",
  component: LoginScreen,
  parameters: { machine: "session", route: "/login" }
} satisfies Meta<typeof LoginScreen>

export default meta
type Story = StoryObj<typeof meta>

export const SignedOut: Story = {
  ...inState("signedOut.idle"),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await expect(canvas.getByRole("button", { name: "Sign in with Google" })).toBeEnabled()
    await expect(canvas.getByRole("link", { name: "Forgot password?" })).toHaveAttribute("href", "/forgot-password")
    await expect(canvas.getByText("Need an account?", { exact: false })).toHaveTextContent("Need an account? Sign up")
    await expect(canvas.getByRole("button", { name: "Log In" })).toBeEnabled()
  }
}

export const WrongPassword: Story = {
  ...inState("signedOut.idle", { message: { scope: "login", text: "Wrong email or password. Please try again." } }),
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole("alert")).toHaveTextContent("Wrong email or password")
  }
}

export const NetworkDown: Story = inState("signedOut.idle", {
  message: { scope: "login", text: "We couldn't reach the server. Check your connection and try again." }
})

export const SigningInWithEmail: Story = {
  ...inState("signingIn.withEmail"),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await expect(canvas.getByRole("button", { name: "Logging in…" })).toBeDisabled()
    await expect(canvas.getByRole("button", { name: /Google/ })).toBeDisabled()
  }
}

export const SigningInWithGooglePopup: Story = {
  ...inState("signingIn.withGooglePopup"),
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole("button", { name: /Opening Google/ })).toBeDisabled()
  }
}

export const SigningInWithGoogleRedirect: Story = inState("signingIn.withGoogleRedirect", { useRedirect: true })
