import type { Meta, StoryObj } from "@storybook/react-vite"
import { expect, within } from "storybook/test"
import type { IsoDate } from "#domain/calendar.ts"
import { STORY_TODAY, storyResults, storyWorkouts } from "#machines/client-schedule/client-schedule.fixtures.ts"
import { AreaLayout } from "#ui/layout/area-layout.tsx"
import { ClientCalendar } from "./client-calendar.tsx"
import { useSeededSchedule } from "./client-story.tsx"

function SeededCalendar({ state, selected }: { state: string; selected: IsoDate }) {
  const schedule = useSeededSchedule(state, {
    scope: "week",
    today: STORY_TODAY,
    selected,
    workouts: storyWorkouts,
    results: storyResults
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
    await expect(canvas.getByRole("button", { name: "Monday, January 5, 2026, has logged results" })).toBeVisible()
    await expect(canvas.getByRole("button", { name: "Wednesday, January 7, 2026" })).toHaveAttribute(
      "aria-pressed",
      "true"
    )
    await expect(canvas.getByRole("heading", { name: "Workout 1" })).toBeVisible()
    await expect(canvas.getByRole("heading", { name: "Workout 2" })).toBeVisible()
    await expect(canvas.getAllByRole("link", { name: "View workout" })[0]).toHaveAttribute(
      "href",
      "/client/workouts/01-07-2026"
    )
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
  args: { state: "loading", selected: "2026-01-14" as IsoDate },
  parameters: { machineState: "loading" },
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
