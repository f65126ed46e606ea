import type { Meta, StoryObj } from "@storybook/react-vite"
import { expect, within } from "storybook/test"
import type { WorkoutCompletion } from "#domain/completion.ts"
import {
  STORY_TODAY,
  storyCompletions,
  storyCompletionsAllDone,
  storyCompletionsWithTodaysFirst,
  storyWorkouts
} from "#machines/client-schedule/client-schedule.fixtures.ts"
import { AreaLayout } from "#ui/layout/area-layout.tsx"
import { ClientDashboard } from "./client-dashboard.tsx"
import { useSeededSchedule } from "./client-story.tsx"

function SeededDashboard({
  state,
  hasWorkouts = true,
  completions = storyCompletions,
  asOf = null
}: {
  state: string
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
