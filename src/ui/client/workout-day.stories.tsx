import type { Meta, StoryObj } from "@storybook/react-vite"
import { expect, within } from "storybook/test"
import { FIXTURE_DATE, fixtureWorkout } from "#machines/logging/logging.fixtures.ts"
import type { CarriedWorkout } from "#machines/workout-day/workout-day.types.ts"
import { useStartedActor } from "./client-story.tsx"
import { storyWorkoutDay, type DayFetch } from "./logging-story.ts"
import { WorkoutDay } from "./workout-day.tsx"

function StartedWorkoutDay({ fetch, carried = {} }: { fetch: DayFetch; carried?: CarriedWorkout }) {
  const day = useStartedActor(storyWorkoutDay(fetch), { date: FIXTURE_DATE, carried })
  return <WorkoutDay day={day} />
}

const meta = {
  title: "Client/WorkoutDay",
  component: StartedWorkoutDay,
  parameters: { machine: "workout-day", route: "/client/workouts/01-05-2026" }
} satisfies Meta<typeof StartedWorkoutDay>

export default meta
type Story = StoryObj<typeof meta>

export const Ready: Story = {
  args: { fetch: "never", carried: { workout: fixtureWorkout, index: 1 } },
  parameters: { machineState: "ready" },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await expect(canvas.getByText("Here is your workout for")).toBeVisible()
    await expect(canvas.getByRole("heading", { level: 1 })).toHaveTextContent("Monday, January 5, 2026")
    await expect(canvas.getByRole("heading", { name: "Workout #2" })).toBeVisible()
    await expect(canvas.getAllByText("5 reps at 2 RIR")).toHaveLength(2)
    await expect(canvas.getByRole("link", { name: "Start workout" })).toHaveAttribute(
      "href",
      "/client/workouts/01-05-2026/0"
    )
  }
}

export const Fetched: Story = {
  args: { fetch: "found" },
  parameters: { machineState: "ready" },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await expect(await canvas.findByRole("heading", { name: "Workout #1" })).toBeVisible()
    await expect(canvas.getByRole("heading", { level: 3, name: "Squat" })).toBeVisible()
  }
}

export const Loading: Story = {
  args: { fetch: "never" },
  parameters: { machineState: "loading" },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole("status")).toHaveTextContent("Loading...")
  }
}

export const NothingThatDay: Story = {
  args: { fetch: "none" },
  parameters: { machineState: "none" },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByText(/No workout scheduled for/)).toBeVisible()
  }
}

export const Failed: Story = {
  args: { fetch: "fails" },
  parameters: { machineState: "failed" },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await expect(await canvas.findByRole("alert")).toHaveTextContent("The workout could not be loaded.")
    await expect(canvas.getByRole("button", { name: "Try again" })).toBeEnabled()
  }
}
