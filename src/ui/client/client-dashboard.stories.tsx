import type { Meta, StoryObj } from "@storybook/react-vite"
import { expect, userEvent, within } from "storybook/test"
import type { WorkoutCompletion } from "#domain/completion.ts"
import {
  STORY_TODAY,
  storyCompletions,
  storyCompletionsAllDone,
  storyCompletionsWithTodaysFirst,
  storyWorkouts
} from "#machines/client-schedule/client-schedule.fixtures.ts"
import { coachingImplementations } from "#machines/coaching/coaching.actors.ts"
import {
  coachedBySam,
  coachingContext,
  samInvitation,
  storyCoachingPorts,
  unverified
} from "#machines/coaching/coaching.fixtures.ts"
import { ALREADY_HAVE_A_COACH, coachingMachine, INVITATION_NOT_OPEN } from "#machines/coaching/coaching.machine.ts"
import type { CoachingContext } from "#machines/coaching/coaching.types.ts"
import { NETWORK_DOWN } from "#machines/failure-text.ts"
import { AreaLayout } from "#ui/layout/area-layout.tsx"
import { ClientDashboard } from "./client-dashboard.tsx"
import { InvitationsPanel } from "./client-dashboard-invitations.tsx"
import { useSeededActor, useSeededSchedule } from "./client-story.tsx"

const storyCoaching = coachingMachine.provide(coachingImplementations(storyCoachingPorts))

/** The "Invitations" panel over a coaching machine seeded in one state. */
function SeededInvitations({
  state,
  context,
  verifyNoticeShown
}: {
  state: string
  context: CoachingContext
  verifyNoticeShown: boolean
}) {
  const coaching = useSeededActor(storyCoaching, state, context)
  return <InvitationsPanel coaching={coaching} verifyNoticeShown={verifyNoticeShown} />
}

function SeededDashboard({
  state,
  hasWorkouts = true,
  completions = storyCompletions,
  asOf = null,
  coachingState,
  coaching = coachingContext(),
  verifyNoticeShown = false
}: {
  state: string
  /** The coaching machine's state, for the stories of the "Invitations" panel. */
  coachingState?: string
  coaching?: CoachingContext
  verifyNoticeShown?: boolean
  hasWorkouts?: boolean
  completions?: ReadonlyArray<WorkoutCompletion> | null
  /** The device copy's last refresh, when the rows come from it. */
  asOf?: number | null
}) {
  const schedule = useSeededSchedule(state, {
    scope: "upcoming",
    today: STORY_TODAY,
    selected: STORY_TODAY,
    workouts: hasWorkouts ? storyWorkouts.filter((row) => row.date >= STORY_TODAY) : [],
    completions,
    asOf
  })
  return (
    <AreaLayout area="client">
      <ClientDashboard
        greeting="Hello, Alex!"
        schedule={schedule}
        logout={
          <button type="button" className="button button--quiet">
            Log Out
          </button>
        }
        invitations={
          coachingState === undefined ? undefined : (
            <SeededInvitations state={coachingState} context={coaching} verifyNoticeShown={verifyNoticeShown} />
          )
        }
      />
    </AreaLayout>
  )
}

const meta = {
  title: "Client/Dashboard",
  component: SeededDashboard,
  parameters: { machine: "client-schedule", route: "/client/dashboard" }
} satisfies Meta<typeof SeededDashboard>

export default meta
type Story = StoryObj<typeof meta>

export const Loading: Story = {
  args: { state: "reading.blank" },
  parameters: { machineState: "reading.blank" },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole("status")).toHaveTextContent("Loading...")
  }
}

export const NextWorkout: Story = {
  args: { state: "ready" },
  parameters: { machineState: "ready" },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await expect(canvas.getByRole("heading", { level: 1 })).toHaveTextContent("Hello, Alex!")
    await expect(canvas.getByText("Wednesday, January 7, 2026", { selector: ".muted" })).toBeVisible()
    await expect(canvas.getByRole("heading", { name: "Next Workout:" })).toBeVisible()
    // Today holds two workouts; neither is done, so the first is next.
    await expect(canvas.getByText("Workout #1")).toBeVisible()
    await expect(canvas.getByText("Squat, Romanian Deadlift")).toBeVisible()
    await expect(canvas.getByRole("link", { name: /Open Workout #1/ })).toHaveAttribute(
      "href",
      "/client/workouts/01-07-2026"
    )
    await expect(canvas.queryByText("Could not load which workouts are done.")).toBeNull()
  }
}

export const SecondWorkoutNext: Story = {
  args: { state: "ready", completions: storyCompletionsWithTodaysFirst },
  parameters: { machineState: "ready" },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    // Today's first workout is done: it leaves the card, the second takes its place.
    await expect(canvas.getByText("Workout #2")).toBeVisible()
    await expect(canvas.getByText("Bench Press")).toBeVisible()
    await expect(canvas.queryByText(/Squat/)).toBeNull()
    await expect(canvas.getByRole("link", { name: /Open Workout #2/ })).toHaveAttribute(
      "href",
      "/client/workouts/01-07-2026?workout=2"
    )
  }
}

export const AllDone: Story = {
  args: { state: "ready", completions: storyCompletionsAllDone },
  parameters: { machineState: "ready" },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await expect(canvas.getByText("No workouts scheduled!")).toBeVisible()
    await expect(canvas.queryByRole("link", { name: /Open/ })).toBeNull()
  }
}

export const NothingScheduled: Story = {
  args: { state: "ready", hasWorkouts: false },
  parameters: { machineState: "ready" },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText("No workouts scheduled!")).toBeVisible()
  }
}

export const DoneUnknown: Story = {
  args: { state: "ready", completions: null },
  parameters: { machineState: "ready" },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    // The next workout is still shown; the notice says what could not be read.
    await expect(canvas.getByText("Squat, Romanian Deadlift")).toBeVisible()
    await expect(canvas.getByRole("status")).toHaveTextContent("Could not load which workouts are done.")
    await expect(canvas.getByRole("button", { name: "Try again" })).toBeEnabled()
  }
}

export const Failed: Story = {
  args: { state: "failed" },
  parameters: { machineState: "failed" },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole("alert")).toHaveTextContent("could not be loaded")
  }
}

const showsLoading: Story["play"] = async ({ canvasElement }) => {
  await expect(within(canvasElement).getByRole("status")).toHaveTextContent("Loading...")
}

// The device copy (docs/decisions/027): read beside the server's answer, shown while it comes.
export const ReadingTheDeviceCopy: Story = {
  args: { state: "reading.opening" },
  parameters: { machineState: "reading.opening" },
  play: showsLoading
}

/** This morning's refresh, at 7:42 local time on the story's today. */
const AS_OF = new Date(2026, 0, 7, 7, 42).getTime()

export const PaintedFromTheCopy: Story = {
  args: { state: "reading.showingCopy", asOf: AS_OF },
  parameters: { machineState: "reading.showingCopy" },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await expect(canvas.getByText("Squat, Romanian Deadlift")).toBeVisible()
    await expect(canvas.getByRole("status")).toHaveTextContent("Updating…")
    await expect(canvasElement.querySelector(".next-workout")).toHaveAttribute("data-source", "copy")
  }
}

export const CheckingTheCopyOffline: Story = {
  args: { state: "offline.opening" },
  parameters: { machineState: "offline.opening" },
  play: showsLoading
}

export const OfflineFromTheCopy: Story = {
  args: { state: "offline.showingCopy", asOf: AS_OF },
  parameters: { machineState: "offline.showingCopy" },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await expect(canvas.getByText("Squat, Romanian Deadlift")).toBeVisible()
    await expect(canvas.getByRole("status")).toHaveTextContent(/^Offline, as of .*7:42/)
  }
}

export const OfflineWithNothingKept: Story = {
  args: { state: "offline.blank" },
  parameters: { machineState: "offline.blank" },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await expect(canvas.getByRole("alert")).toHaveTextContent(
      "You're offline, and these days are not saved on this device."
    )
    await expect(canvas.getByRole("button", { name: "Try again" })).toBeEnabled()
  }
}

// The "Invitations" panel (docs/decisions/033), one story per state of the coaching machine.
const invitationsIn = (coachingState: string, coaching: CoachingContext = coachingContext(), more = {}) => ({
  args: { state: "ready", coachingState, coaching, ...more },
  parameters: { machine: "coaching", machineState: coachingState }
})

const panelOf = (canvasElement: HTMLElement) =>
  within(within(canvasElement).getByRole("region", { name: "Invitations" }))
const invitationsOf = (canvasElement: HTMLElement) =>
  within(panelOf(canvasElement).getByRole("list", { name: "Open invitations" })).getAllByRole("listitem")

export const Invitations: Story = {
  ...invitationsIn("ready.idle"),
  play: async ({ canvasElement }) => {
    // Every open invitation, oldest first, each with its own answer.
    const [sam, rio] = invitationsOf(canvasElement) as [HTMLElement, HTMLElement]
    await expect(sam).toHaveTextContent("Sam Coach (sam@example.com) invited you to train with them.")
    await expect(rio).toHaveTextContent("Rio Trainer (rio@example.com) invited you to train with them.")
    await expect(within(sam).getByRole("button", { name: "Accept Sam Coach's invitation" })).toBeEnabled()
    await expect(within(rio).getByRole("button", { name: "Decline Rio Trainer's invitation" })).toBeEnabled()
    await expect(within(canvasElement).getByRole("heading", { name: "Next Workout:" })).toBeVisible()
    await userEvent.click(within(sam).getByRole("button", { name: /Accept/ }))
    // Nothing reads "accepted" before the server says so.
    await expect(within(sam).getByRole("status")).toHaveTextContent("Accepting…")
    await expect(panelOf(canvasElement).queryByText(/You now train with/)).toBeNull()
  }
}

export const NoInvitations: Story = {
  ...invitationsIn("ready.idle", coachingContext({ coaching: { ...coachedBySam, invitations: [] } })),
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).queryByRole("region", { name: "Invitations" })).toBeNull()
  }
}

export const InvitationAccepted: Story = {
  ...invitationsIn("ready.idle", coachingContext({ coaching: coachedBySam, change: "accepted" })),
  play: async ({ canvasElement }) => {
    const panel = panelOf(canvasElement)
    await expect(panel.getByRole("status")).toHaveTextContent("You now train with Sam Coach.")
    // The other coach's invitation is still there, for them to decline.
    await expect(invitationsOf(canvasElement)).toHaveLength(1)
  }
}

export const InvitationsOnceVerified: Story = {
  ...invitationsIn("ready.idle", coachingContext({ coaching: unverified })),
  play: async ({ canvasElement }) => {
    await expect(
      panelOf(canvasElement).getByText(/Invitations from coaches show here once your email is verified/)
    ).toBeVisible()
  }
}

export const UnverifiedWithTheSessionNotice: Story = {
  ...invitationsIn("ready.idle", coachingContext({ coaching: unverified }), { verifyNoticeShown: true }),
  play: async ({ canvasElement }) => {
    // The session's notice already asks them to verify: one message, not two.
    await expect(within(canvasElement).queryByRole("region", { name: "Invitations" })).toBeNull()
  }
}

export const InvitationsLoading: Story = {
  ...invitationsIn("loading", coachingContext({ coaching: null })),
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).queryByRole("region", { name: "Invitations" })).toBeNull()
    await expect(within(canvasElement).getByRole("heading", { name: "Next Workout:" })).toBeVisible()
  }
}

export const InvitationsNotLoaded: Story = {
  ...invitationsIn("failed", coachingContext({ coaching: null, failure: NETWORK_DOWN })),
  play: async ({ canvasElement }) => {
    const panel = panelOf(canvasElement)
    await expect(panel.getByRole("alert")).toHaveTextContent(
      `We couldn't check for invitations from coaches. ${NETWORK_DOWN}`
    )
    await expect(panel.getByRole("button", { name: "Try again" })).toBeEnabled()
  }
}

const chosen = { invitationId: samInvitation.invitationId }

export const Accepting: Story = {
  ...invitationsIn("ready.accepting", coachingContext(chosen)),
  play: async ({ canvasElement }) => {
    const [sam, rio] = invitationsOf(canvasElement) as [HTMLElement, HTMLElement]
    await expect(within(sam).getByRole("status")).toHaveTextContent("Accepting…")
    await expect(within(rio).getByRole("button", { name: /Accept/ })).toBeDisabled()
  }
}

export const AcceptFailed: Story = {
  ...invitationsIn("ready.acceptFailed", coachingContext({ ...chosen, failure: ALREADY_HAVE_A_COACH })),
  play: async ({ canvasElement }) => {
    const [sam] = invitationsOf(canvasElement) as [HTMLElement]
    await expect(within(sam).getByRole("alert")).toHaveTextContent(`Not accepted. ${ALREADY_HAVE_A_COACH}`)
    await expect(within(sam).getByRole("button", { name: "Try again" })).toBeEnabled()
    await expect(within(sam).getByRole("button", { name: "Back" })).toBeEnabled()
  }
}

export const Declining: Story = {
  ...invitationsIn("ready.declining", coachingContext(chosen)),
  play: async ({ canvasElement }) => {
    const [sam] = invitationsOf(canvasElement) as [HTMLElement]
    await expect(within(sam).getByRole("status")).toHaveTextContent("Declining…")
  }
}

export const DeclineFailed: Story = {
  ...invitationsIn("ready.declineFailed", coachingContext({ ...chosen, failure: INVITATION_NOT_OPEN })),
  play: async ({ canvasElement }) => {
    const [sam] = invitationsOf(canvasElement) as [HTMLElement]
    await expect(within(sam).getByRole("alert")).toHaveTextContent(`Not declined. ${INVITATION_NOT_OPEN}`)
  }
}
