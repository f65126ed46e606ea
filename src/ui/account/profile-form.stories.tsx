import type { Meta, StoryObj } from "@storybook/react-vite"
import { expect, within } from "storybook/test"
import { Page } from "#ui/layout/page.tsx"
import { ProfileForm } from "./profile-form.tsx"
import { inState, SeededSession, signedInAs, type SeedArgs } from "./session-story.tsx"

function ProfileScreen(seed: SeedArgs) {
  return (
    <SeededSession {...seed}>
      {(session) => (
        <Page title="Update Profile">
          <ProfileForm session={session} />
        </Page>
      )}
    </SeededSession>
  )
}

const meta = {
  title: "Account/ProfileForm",
  component: ProfileScreen,
  parameters: { machine: "session", route: "/coach/profile" }
} satisfies Meta<typeof ProfileScreen>

export default meta
type Story = StoryObj<typeof meta>

export const SignedIn: Story = {
  ...inState("signedIn.idle", signedInAs()),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await expect(canvas.getByLabelText("Email")).toHaveValue("ada@example.com")
    await expect(canvas.getByLabelText("New password")).toHaveValue("")
    await expect(canvas.getByRole("link", { name: "Cancel" })).toHaveAttribute("href", "/coach/dashboard")
  }
}

export const PasswordsDoNotMatch: Story = {
  ...inState("signedIn.idle", { ...signedInAs(), message: { scope: "profile", text: "Passwords do not match" } }),
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole("alert")).toHaveTextContent("Passwords do not match")
  }
}

export const UpdatingEmail: Story = {
  ...inState("signedIn.updatingEmail", {
    ...signedInAs(),
    profileDraft: { email: "ada.new@example.com", password: "" }
  }),
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole("button", { name: "Updating…" })).toBeDisabled()
  }
}

export const UpdatingPassword: Story = inState("signedIn.updatingPassword", {
  ...signedInAs(),
  profileDraft: { email: "", password: "n3w-pass" }
})

export const ProfileSaved: Story = {
  ...inState("signedIn.profileSaved", signedInAs()),
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole("status")).toHaveTextContent("Profile updated")
  }
}
