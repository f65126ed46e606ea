import type { Meta, StoryObj } from "@storybook/react-vite"
import { expect, userEvent, within } from "storybook/test"
import { coachingImplementations } from "#machines/coaching/coaching.actors.ts"
import { coachedBySam, coachingContext, nothingYet, storyCoachingPorts } from "#machines/coaching/coaching.fixtures.ts"
import { coachingMachine, NO_COACH_TO_END } from "#machines/coaching/coaching.machine.ts"
import type { CoachingContext } from "#machines/coaching/coaching.types.ts"
import { preferencesImplementations } from "#machines/preferences/preferences.actors.ts"
import { lifterInput, preferencesContext, storyPreferencesPorts } from "#machines/preferences/preferences.fixtures.ts"
import { preferencesMachine } from "#machines/preferences/preferences.machine.ts"
import { NETWORK_DOWN } from "#machines/failure-text.ts"
import { SeededActor } from "#ui/coach/seeded-actor.tsx"
import { AreaLayout } from "#ui/layout/area-layout.tsx"
import { CoachCard } from "./client-profile-coach.tsx"
import { ClientProfile } from "./client-profile.tsx"
import { useSeededActor } from "./client-story.tsx"

const storyMachine = preferencesMachine.provide(preferencesImplementations(storyPreferencesPorts))
const storyCoaching = coachingMachine.provide(coachingImplementations(storyCoachingPorts))

function ProfileScreen({
  name,
  coachingState = "ready.idle",
  coaching = coachingContext({ coaching: coachedBySam })
}: {
  name: string
  coachingState?: string
  coaching?: CoachingContext
}) {
  const coachingActor = useSeededActor(storyCoaching, coachingState, coaching)
  return (
    <AreaLayout area="client">
      <SeededActor machine={storyMachine} state="ready.editing" context={preferencesContext()} input={lifterInput}>
        {(preferences) => (
          <ClientProfile
            name={name}
            preferences={preferences}
            coach={<CoachCard coaching={coachingActor} />}
            logout={
              <button type="button" className="button button--quiet">
                Log Out
              </button>
            }
          />
        )}
      </SeededActor>
    </AreaLayout>
  )
}

const meta = {
  title: "Client/Profile",
  component: ProfileScreen,
  parameters: { route: "/client/profile", machine: "coaching" }
} satisfies Meta<typeof ProfileScreen>

export default meta
type Story = StoryObj<typeof meta>

const coachCard = (canvasElement: HTMLElement) =>
  within(within(canvasElement).getByRole("region", { name: "Your coach" }))

export const Profile: Story = {
  args: { name: "Alex Lifter" },
  parameters: { machine: "preferences", machineState: "ready.editing" },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await expect(canvas.getByRole("heading", { level: 1 })).toHaveTextContent("Alex Lifter")
    // SPEC's settings icon leads to the settings on the page, and focus follows it there.
    const settings = canvas.getByRole("link", { name: "Settings" })
    await expect(settings).toHaveAttribute("href", "#settings")
    await userEvent.click(settings)
    await expect(canvasElement.ownerDocument.getElementById("settings")).toHaveFocus()
    // The lifter's own units and plates, on their profile.
    await expect(canvas.getByRole("region", { name: "Units and plates" })).toBeVisible()
    await expect(canvas.getByRole("radio", { name: "Kilograms (kg)" })).toBeChecked()
    await expect(canvas.getByRole("combobox", { name: "Bar" })).toHaveDisplayValue("15 kg")
    // No placeholder on a real screen: no sample coach, no empty photo boxes.
    await expect(canvas.queryByText("Coach name")).toBeNull()
    await expect(canvas.queryByText("coach@example.com")).toBeNull()
    await expect(canvas.queryByText(/Progress photo/)).toBeNull()
    await expect(canvas.getByRole("button", { name: "Log Out" })).toBeVisible()
  }
}

export const CoachLoading: Story = {
  args: { name: "Alex Lifter", coachingState: "loading", coaching: coachingContext({ coaching: null }) },
  parameters: { machineState: "loading" },
  play: async ({ canvasElement }) => {
    await expect(coachCard(canvasElement).getByRole("status")).toHaveTextContent("Loading your coaching…")
  }
}

export const CoachNotLoaded: Story = {
  args: {
    name: "Alex Lifter",
    coachingState: "failed",
    coaching: coachingContext({ coaching: null, failure: NETWORK_DOWN })
  },
  parameters: { machineState: "failed" },
  play: async ({ canvasElement }) => {
    const card = coachCard(canvasElement)
    await expect(card.getByRole("alert")).toHaveTextContent(NETWORK_DOWN)
    await expect(card.getByRole("button", { name: "Try again" })).toBeEnabled()
  }
}

export const WithCoach: Story = {
  args: { name: "Alex Lifter" },
  parameters: { machineState: "ready.idle" },
  play: async ({ canvasElement }) => {
    const card = coachCard(canvasElement)
    await expect(card.getByText("Sam Coach")).toBeVisible()
    await expect(card.getByText("sam@example.com")).toBeVisible()
    await expect(card.getByText("Since Jan 7, 2026")).toBeVisible()
    await userEvent.click(card.getByRole("button", { name: "End coaching" }))
    // Asked first; nothing is sent until they confirm.
    await expect(card.getByRole("group", { name: "End coaching with Sam Coach?" })).toBeVisible()
    await expect(card.getByRole("button", { name: "Cancel" })).toHaveFocus()
  }
}

export const NoCoachYet: Story = {
  args: { name: "Alex Lifter", coaching: coachingContext({ coaching: nothingYet }) },
  parameters: { machineState: "ready.idle" },
  play: async ({ canvasElement }) => {
    const card = coachCard(canvasElement)
    await expect(card.getByText("No coach yet")).toBeVisible()
    await expect(card.queryByRole("button", { name: "End coaching" })).toBeNull()
  }
}

export const ConfirmingEnd: Story = {
  args: { name: "Alex Lifter", coachingState: "ready.confirmingEnd" },
  parameters: { machineState: "ready.confirmingEnd" },
  play: async ({ canvasElement }) => {
    const question = within(coachCard(canvasElement).getByRole("group", { name: "End coaching with Sam Coach?" }))
    await expect(question.getByText(/Your workouts and logs stay yours/)).toBeVisible()
    await expect(question.getByRole("button", { name: "End coaching" })).toBeEnabled()
    await expect(question.getByRole("button", { name: "Cancel" })).toBeEnabled()
  }
}

export const Ending: Story = {
  args: { name: "Alex Lifter", coachingState: "ready.ending" },
  parameters: { machineState: "ready.ending" },
  play: async ({ canvasElement }) => {
    const card = coachCard(canvasElement)
    await expect(card.getByRole("status")).toHaveTextContent("Ending coaching…")
    // The coach stays shown until the server has ended it.
    await expect(card.getByText("Sam Coach")).toBeVisible()
  }
}

export const EndFailed: Story = {
  args: {
    name: "Alex Lifter",
    coachingState: "ready.endFailed",
    coaching: coachingContext({ coaching: coachedBySam, failure: NO_COACH_TO_END })
  },
  parameters: { machineState: "ready.endFailed" },
  play: async ({ canvasElement }) => {
    const card = coachCard(canvasElement)
    await expect(card.getByRole("alert")).toHaveTextContent(`Coaching was not ended. ${NO_COACH_TO_END}`)
    await expect(card.getByRole("button", { name: "Try again" })).toBeEnabled()
    await expect(card.getByRole("button", { name: "Back" })).toBeEnabled()
  }
}

export const CoachingEnded: Story = {
  args: {
    name: "Alex Lifter",
    coaching: coachingContext({ coaching: { ...coachedBySam, coach: null }, change: "ended" })
  },
  parameters: { machineState: "ready.idle" },
  play: async ({ canvasElement }) => {
    const card = coachCard(canvasElement)
    await expect(card.getByRole("status")).toHaveTextContent("Coaching ended. Your workouts and logs stay yours.")
    await expect(card.getByText("No coach yet")).toBeVisible()
  }
}
