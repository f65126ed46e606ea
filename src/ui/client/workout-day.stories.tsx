import type { Meta, StoryObj } from "@storybook/react-vite"
import { expect, within } from "storybook/test"
import { FIXTURE_DATE, fixtureWorkout } from "#machines/logging/logging.fixtures.ts"
import { WorkoutDay } from "./workout-day.tsx"

const meta = {
  title: "Client/WorkoutDay",
  component: WorkoutDay,
  args: { date: FIXTURE_DATE, onRetry: () => undefined },
  parameters: { route: "/client/workouts/01-05-2026" }
} satisfies Meta<typeof WorkoutDay>

export default meta
type Story = StoryObj<typeof meta>

export const Ready: Story = {
  args: { view: { status: "ready", workout: fixtureWorkout } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await expect(canvas.getByText("Here is your workout for")).toBeVisible()
    await expect(canvas.getByRole("heading", { level: 1 })).toHaveTextContent("Monday, January 5, 2026")
    await expect(canvas.getByRole("heading", { name: "Workout #1" })).toBeVisible()
    await expect(canvas.getAllByText("5 reps at 2 RIR")).toHaveLength(2)
    await expect(canvas.getByRole("link", { name: "Start workout" })).toHaveAttribute(
      "href",
      "/client/workouts/01-05-2026/0"
    )
  }
}

export const Loading: Story = {
  args: { view: { status: "loading" } },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole("status")).toHaveTextContent("Loading...")
  }
}

export const NothingThatDay: Story = {
  args: { view: { status: "ready", workout: null } },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText(/No workout scheduled for/)).toBeVisible()
  }
}
