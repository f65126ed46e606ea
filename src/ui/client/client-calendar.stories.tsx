import type { Meta, StoryObj } from "@storybook/react-vite"
import { expect, within } from "storybook/test"
import type { IsoDate } from "#domain/calendar.ts"
import type { WorkoutCompletion } from "#domain/completion.ts"
import {
  STORY_TODAY,
  storyCompletions,
  storyCompletionsWithTodaysFirst,
  storyResults,
  storyWorkouts
} from "#machines/client-schedule/client-schedule.fixtures.ts"
import { AreaLayout } from "#ui/layout/area-layout.tsx"
import { ClientCalendar } from "./client-calendar.tsx"
import { useSeededSchedule } from "./client-story.tsx"

function SeededCalendar({
  state,
  selected,
  completions = storyCompletions,
  asOf = null
}: {
  state: string
  selected: IsoDate
  completions?: ReadonlyArray<WorkoutCompletion> | null
  asOf?: number | null
}) {
  const schedule = useSeededSchedule(state, {
    scope: "week",
    today: STORY_TODAY,
    selected,
    workouts: storyWorkouts,
    results: storyResults,
    completions,
    asOf
  })
  return (
    <AreaLayout area="client">
      <ClientCalendar schedule={schedule} />
    </AreaLayout>
  )
}

const meta = {
  title: "Client/Calendar",
  component: SeededCalendar,
  parameters: { machine: "client-schedule", route: "/client/calendar" }
} satisfies Meta<typeof SeededCalendar>

export default meta
type Story = StoryObj<typeof meta>

export const TwoWorkoutsToday: Story = {
  args: { state: "ready", selected: STORY_TODAY },
  parameters: { machineState: "ready" },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    const week = canvas.getByRole("list", { name: "Week" })
    await expect(week).toHaveTextContent(/^S4.*M5.*T6.*W7.*T8.*F9.*S10/)
    // Each day's mark is said in words, not only drawn.
    await expect(
      canvas.getByRole("button", { name: "Monday, January 5, 2026, completed, has logged results" })
    ).toBeVisible()
    await expect(canvas.getByRole("button", { name: "Tuesday, January 6, 2026, missed" })).toBeVisible()
    await expect(canvas.getByRole("button", { name: "Friday, January 9, 2026, scheduled" })).toBeVisible()
    await expect(canvas.getByRole("button", { name: "Thursday, January 8, 2026" })).toBeVisible()
    await expect(canvas.getByRole("button", { name: "Wednesday, January 7, 2026, scheduled" })).toHaveAttribute(
      "aria-pressed",
      "true"
    )
    await expect(canvas.getByRole("heading", { name: "Workout 1" })).toBeVisible()
    await expect(canvas.getByRole("heading", { name: "Workout 2" })).toBeVisible()
    const links = canvas.getAllByRole("link", { name: "View workout" })
    await expect(links[0]).toHaveAttribute("href", "/client/workouts/01-07-2026")
    await expect(links[1]).toHaveAttribute("href", "/client/workouts/01-07-2026?workout=2")
  }
}

export const FirstOfTwoDone: Story = {
  args: { state: "ready", selected: STORY_TODAY, completions: storyCompletionsWithTodaysFirst },
  parameters: { machineState: "ready" },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    // One of today's two is done: the day is still to do, its first workout says it is done.
    await expect(canvas.getByRole("button", { name: "Wednesday, January 7, 2026, scheduled" })).toBeVisible()
    await expect(canvas.getByText("Completed · 55 min")).toBeVisible()
  }
}

export const CompletedDay: Story = {
  args: { state: "ready", selected: "2026-01-05" as IsoDate },
  parameters: { machineState: "ready" },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await expect(canvas.getByRole("heading", { name: "Workout 1" })).toBeVisible()
    await expect(canvas.getByText("Completed · 42 min")).toBeVisible()
  }
}

export const MissedDay: Story = {
  args: { state: "ready", selected: "2026-01-06" as IsoDate },
  parameters: { machineState: "ready" },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await expect(canvas.getByText("Barbell Row")).toBeVisible()
    await expect(canvas.getByText("Missed")).toBeVisible()
  }
}

export const DoneUnknown: Story = {
  args: { state: "ready", selected: "2026-01-06" as IsoDate, completions: null },
  parameters: { machineState: "ready" },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    // The schedule stays; nothing is called done or missed without the server saying so.
    await expect(canvas.getByText("Barbell Row")).toBeVisible()
    await expect(canvas.queryByText("Missed")).toBeNull()
    await expect(
      canvas.getByRole("button", { name: "Monday, January 5, 2026, scheduled, has logged results" })
    ).toBeVisible()
    await expect(canvas.getByRole("status")).toHaveTextContent("Could not load which workouts are done.")
    await expect(canvas.getByRole("button", { name: "Try again" })).toBeEnabled()
  }
}

export const RestDay: Story = {
  args: { state: "ready", selected: "2026-01-08" as IsoDate },
  parameters: { machineState: "ready" },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText("No workout scheduled for Thursday, January 8, 2026")).toBeVisible()
  }
}

export const LoadingAWeek: Story = {
  args: { state: "reading.blank", selected: "2026-01-14" as IsoDate },
  parameters: { machineState: "reading.blank" },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole("status")).toHaveTextContent("Loading...")
  }
}

export const Failed: Story = {
  args: { state: "failed", selected: STORY_TODAY },
  parameters: { machineState: "failed" },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole("button", { name: "Try again" })).toBeVisible()
  }
}

// The week strip from the device copy (docs/decisions/027), the server unreachable.
export const OfflineWeek: Story = {
  args: { state: "offline.showingCopy", selected: STORY_TODAY, asOf: new Date(2026, 0, 6, 18, 5).getTime() },
  parameters: { machineState: "offline.showingCopy" },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    // Refreshed yesterday: the date is said as well as the time.
    await expect(canvas.getByRole("status")).toHaveTextContent(/^Offline, as of Jan 6, .*6:05/)
    await expect(canvas.getByRole("button", { name: /Monday, January 5, 2026, completed/ })).toBeVisible()
    await expect(canvas.getAllByRole("link", { name: "View workout" })).toHaveLength(2)
  }
}
