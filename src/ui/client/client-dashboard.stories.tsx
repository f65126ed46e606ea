import type { Meta, StoryObj } from "@storybook/react-vite"
import { expect, within } from "storybook/test"
import { STORY_TODAY, storyWorkouts } from "#machines/client-schedule/client-schedule.fixtures.ts"
import { AreaLayout } from "#ui/layout/area-layout.tsx"
import { ClientDashboard } from "./client-dashboard.tsx"
import { useSeededSchedule } from "./client-story.tsx"

function SeededDashboard({ state, hasWorkouts = true }: { state: string; hasWorkouts?: boolean }) {
  const schedule = useSeededSchedule(state, {
    scope: "upcoming",
    today: STORY_TODAY,
    selected: STORY_TODAY,
    workouts: hasWorkouts ? storyWorkouts.filter((row) => row.date >= STORY_TODAY) : []
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
  args: { state: "loading" },
  parameters: { machineState: "loading" },
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
    await expect(canvas.getByText("Squat, Romanian Deadlift, Bench Press")).toBeVisible()
    await expect(canvas.getByRole("link", { name: /Open the workout/ })).toHaveAttribute(
      "href",
      "/client/workouts/01-07-2026"
    )
  }
}

export const NothingScheduled: Story = {
  args: { state: "ready", hasWorkouts: false },
  parameters: { machineState: "ready" },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText("No workouts scheduled!")).toBeVisible()
  }
}

export const Failed: Story = {
  args: { state: "failed" },
  parameters: { machineState: "failed" },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole("alert")).toHaveTextContent("could not be loaded")
  }
}
