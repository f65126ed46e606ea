import type { Meta, StoryObj } from "@storybook/react-vite"
import { expect, within } from "storybook/test"
import { clientRecord } from "#machines/session/session.fixtures.ts"
import { LogoutButton } from "./logout-button.tsx"
import { inState, SeededSession, signedInAs, type SeedArgs } from "./session-story.tsx"

function LogoutScreen(seed: SeedArgs) {
  return <SeededSession {...seed}>{(session) => <LogoutButton session={session} />}</SeededSession>
}

const meta = {
  title: "Account/LogoutButton",
  component: LogoutScreen,
  parameters: { machine: "session", route: "/client/dashboard" }
} satisfies Meta<typeof LogoutScreen>

export default meta
type Story = StoryObj<typeof meta>

export const SignedIn: Story = {
  ...inState("signedIn.idle", signedInAs(clientRecord)),
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole("button", { name: "Log Out" })).toBeEnabled()
  }
}

export const LoggingOut: Story = {
  ...inState("loggingOut", signedInAs(clientRecord)),
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole("button", { name: "Logging out…" })).toBeDisabled()
  }
}

export const LogoutFailed: Story = {
  ...inState("signedIn.idle", { ...signedInAs(clientRecord), logoutError: "Logging out failed. Please try again." }),
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole("alert")).toHaveTextContent("Logging out failed")
  }
}

// Offline while resuming (docs/decisions/027): still the remembered person, free to log out.
export const ResumingOffline: Story = {
  ...inState("resuming.offline", signedInAs(clientRecord, "refresh")),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await expect(canvas.getByRole("button", { name: "Log Out" })).toBeEnabled()
    await expect(canvas.queryByRole("alert")).toBeNull()
  }
}

export const CountingUnsent: Story = {
  ...inState("leaving.countingUnsent", signedInAs(clientRecord)),
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole("button", { name: "Logging out…" })).toBeDisabled()
  }
}

export const AskingAboutUnsentSets: Story = {
  ...inState("leaving.confirming", { ...signedInAs(clientRecord), unsentSets: 2 }),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await expect(canvas.getByRole("alertdialog")).toHaveTextContent(
      "2 logged sets have not reached your coach yet. Signing out deletes them from this device."
    )
    await expect(canvas.getByRole("button", { name: "Stay signed in" })).toBeEnabled()
    await expect(canvas.getByRole("button", { name: "Sign out anyway" })).toBeEnabled()
  }
}

export const ErasingTheDevice: Story = {
  ...inState("erasing", signedInAs(clientRecord)),
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole("button", { name: "Logging out…" })).toBeDisabled()
  }
}
