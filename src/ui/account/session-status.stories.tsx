import type { Meta, StoryObj } from "@storybook/react-vite"
import { expect, userEvent, within } from "storybook/test"
import { SOMETHING_WENT_WRONG } from "#machines/failure-text.ts"
import { clientIdentity, clientRecord } from "#machines/session/session.fixtures.ts"
import { inState, SeededSession, signedInAs, type SeedArgs } from "./session-story.tsx"
import { SessionStatus } from "./session-status.tsx"

function StatusScreen(seed: SeedArgs) {
  return (
    <SeededSession {...seed}>
      {(session) => (
        <SessionStatus session={session}>
          <p>Signed-in content</p>
        </SessionStatus>
      )}
    </SeededSession>
  )
}

const meta = {
  title: "Account/SessionStatus",
  component: StatusScreen,
  parameters: { machine: "session", route: "/client/dashboard" }
} satisfies Meta<typeof StatusScreen>

export default meta
type Story = StoryObj<typeof meta>

const showsLoading: Story["play"] = async ({ canvasElement }) => {
  await expect(within(canvasElement).getByRole("status")).toHaveTextContent("Loading...")
}

export const ReadingRedirect: Story = { ...inState("loading.readingRedirect"), play: showsLoading }

export const AwaitingAuth: Story = { ...inState("loading.awaitingAuth"), play: showsLoading }

// A returning person (docs/decisions/010): their page shows at once, no 'Loading...'.
const showsTheArea: Story["play"] = async ({ canvasElement }) => {
  const canvas = within(canvasElement)
  await expect(canvas.getByText("Signed-in content")).toBeVisible()
  await expect(canvas.queryByRole("status")).toBeNull()
}

export const ResumingAwaitingAuth: Story = {
  ...inState("resuming.awaitingAuth", signedInAs(clientRecord, "refresh")),
  play: showsTheArea
}

// Firebase restored the sign-in; the ID token is brought in line before our server is asked.
export const ResumingRefreshingToken: Story = {
  ...inState("resuming.refreshingToken", signedInAs(clientRecord, "refresh")),
  play: showsTheArea
}

export const ResumingConfirming: Story = {
  ...inState("resuming.confirming", signedInAs(clientRecord, "refresh")),
  play: showsTheArea
}

// Back from the verification link in this tab (docs/decisions/037): the token was refreshed
// and our server is being asked; until it answers, the client is told no more than that.
export const ResumingConfirmingAfterVerification: Story = {
  ...inState("resuming.confirming", { ...signedInAs(clientRecord, "refresh"), verificationUnconfirmed: true }),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    const notice = canvas.getByRole("status", { name: "Verify your email" })
    await expect(notice).toHaveTextContent("Checking your verification…")
    await expect(notice).toHaveTextContent("Your coach will see you as soon as it is confirmed.")
    await expect(notice).not.toHaveTextContent("We sent a verification link")
    await expect(canvas.getByText("Signed-in content")).toBeVisible()
  }
}

export const CheckingUserRefreshingToken: Story = {
  ...inState("checkingUser.refreshingToken", { user: checkingUserFor() }),
  play: showsLoading
}

export const CheckingUserAsking: Story = {
  ...inState("checkingUser.asking", { user: checkingUserFor() }),
  play: showsLoading
}

// The network, or a server fault: another try may well work, so 'Try again' leads, and
// Log Out stays beside it.
const offersTryAgain: Story["play"] = async ({ canvasElement }) => {
  const canvas = within(canvasElement)
  await expect(canvas.getByRole("button", { name: "Try again" })).toBeEnabled()
  await expect(canvas.getByRole("button", { name: "Log Out" })).toBeEnabled()
  await expect(canvas.queryByRole("button", { name: "Sign in again" })).toBeNull()
}

export const ServerUnreachable: Story = {
  ...inState("serverUnreachable", { user: checkingUserFor() }),
  play: async (context) => {
    await expect(within(context.canvasElement).getByRole("alert")).toHaveTextContent("We couldn't reach the server")
    await offersTryAgain(context)
  }
}

// Our server answered with a fault (a 500): not a refusal, so trying again is the way on.
const serverFault = {
  user: checkingUserFor(),
  message: { scope: "session", text: SOMETHING_WENT_WRONG, refused: false }
} as const

export const ServerFault: Story = {
  ...inState("serverUnreachable", serverFault),
  play: async (context) => {
    await expect(within(context.canvasElement).getByRole("alert")).toHaveTextContent(SOMETHING_WENT_WRONG)
    await offersTryAgain(context)
  }
}

const refusedSession = {
  user: checkingUserFor(),
  message: {
    scope: "session",
    text: "Your account is disabled or your sign-in was revoked; sign in again",
    refused: true
  }
} as const

export const ServerRefusedSession: Story = {
  ...inState("serverUnreachable", refusedSession),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    // Our server answered: it refused the session, and the screen says that, not "unreachable".
    await expect(canvas.getByRole("alert")).toHaveTextContent("your sign-in was revoked; sign in again")
    await expect(canvas.getByRole("alert")).not.toHaveTextContent("couldn't reach")
    // A new try would be refused too: the one way on is signing in again, and it says so.
    await expect(canvas.getByRole("button", { name: "Sign in again" })).toBeEnabled()
    await expect(canvas.queryByRole("button", { name: "Try again" })).toBeNull()
    await expect(canvas.getAllByRole("button")).toHaveLength(1)
  }
}

// 'Sign in again' is Log Out's flow: with nothing unsent (a story's device holds nothing),
// straight to signing out. Seeded refused, it declares the state the click leads to
// (.storybook/machine-state.ts).
export const SigningInAgainAfterRefusal: Story = {
  args: { state: "serverUnreachable", context: refusedSession },
  parameters: { machineState: "loggingOut" },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await userEvent.click(canvas.getByRole("button", { name: "Sign in again" }))
    await expect(canvas.queryByRole("alert")).toBeNull()
    await expect(canvas.queryByRole("button", { name: "Sign in again" })).toBeNull()
  }
}

// 'Try again' after a fault: the screen shows the new try, and the old reason went with it.
// Seeded failed, it declares the state the click leads to (.storybook/machine-state.ts).
export const RetryingAfterFault: Story = {
  args: { state: "serverUnreachable", context: serverFault },
  parameters: { machineState: "checkingUser.refreshingToken" },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await userEvent.click(canvas.getByRole("button", { name: "Try again" }))
    await expect(await canvas.findByRole("status")).toHaveTextContent("Loading...")
    await expect(canvas.queryByRole("alert")).toBeNull()
    await expect(canvas.queryByText(SOMETHING_WENT_WRONG)).toBeNull()
  }
}

function checkingUserFor() {
  return {
    id: null,
    name: null,
    email: clientIdentity.email,
    firebase_id: clientIdentity.uid,
    user_type: null,
    signInMethod: "refresh" as const,
    needsSignup: false
  }
}

// Signed up with email and password, the link not opened yet (docs/decisions/012).
const unverifiedClient = { ...signedInAs(clientRecord), emailVerified: false }

export const AwaitingVerification: Story = {
  ...inState("signedIn.awaitingVerification", unverifiedClient),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    const notice = canvas.getByRole("status", { name: "Verify your email" })
    await expect(notice).toHaveTextContent(`We sent a verification link to ${clientRecord.email}`)
    await expect(notice).toHaveTextContent("Your coach will see you once your email is verified.")
    await expect(canvas.getByText("Signed-in content")).toBeVisible()
  }
}

// The link was opened: Firebase says verified, our server has not answered yet.
const showsChecking: Story["play"] = async ({ canvasElement }) => {
  const canvas = within(canvasElement)
  const notice = canvas.getByRole("status", { name: "Verify your email" })
  await expect(notice).toHaveTextContent("Checking your verification…")
  await expect(notice).toHaveTextContent("Your coach will see you as soon as it is confirmed.")
  await expect(canvas.getByText("Signed-in content")).toBeVisible()
}

export const RefreshingToken: Story = {
  ...inState("signedIn.refreshingToken", { ...unverifiedClient, verificationUnconfirmed: true }),
  play: showsChecking
}

export const ConfirmingVerification: Story = {
  ...inState("signedIn.confirmingVerification", {
    ...signedInAs(clientRecord),
    emailVerified: true,
    verificationUnconfirmed: true
  }),
  play: showsChecking
}

export const VerifiedCoachSeesNoNotice: Story = {
  ...inState("signedIn.idle", signedInAs()),
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).queryByRole("status", { name: "Verify your email" })).toBeNull()
  }
}

// Log Out pressed where the screen has no Log Out of its own (the unreachable view): the
// question about unsent sets takes the screen's place instead of waiting unseen.
export const LeavingConfirming: Story = {
  ...inState("leaving.confirming", { ...signedInAs(clientRecord), unsentSets: 2 }),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await expect(canvas.getByRole("alertdialog")).toHaveTextContent("2 logged sets have not reached your coach yet.")
    await expect(canvas.getByRole("button", { name: "Sign out anyway" })).toBeEnabled()
    await expect(canvas.queryByText("Signed-in content")).toBeNull()
  }
}
