import type { Meta, StoryObj } from "@storybook/react-vite"
import { expect, within } from "storybook/test"
import type { Lift } from "#domain/progress.ts"
import { STORY_TODAY, storyResults } from "#machines/client-schedule/client-schedule.fixtures.ts"
import { AreaLayout } from "#ui/layout/area-layout.tsx"
import { useSeededSchedule } from "./client-story.tsx"
import { ProgressScreen } from "./progress-screen.tsx"

function SeededProgress({ state, lift }: { state: string; lift: Lift }) {
  const schedule = useSeededSchedule(state, {
    scope: "progress",
    today: STORY_TODAY,
    selected: STORY_TODAY,
    results: storyResults
  })
  return (
    <AreaLayout area="client">
      <ProgressScreen schedule={schedule} lift={lift} onPickLift={() => undefined} />
    </AreaLayout>
  )
}

const meta = {
  title: "Client/Progress",
  component: SeededProgress,
  parameters: { route: "/client/progress" }
} satisfies Meta<typeof SeededProgress>

export default meta
type Story = StoryObj<typeof meta>

export const OwnBenchPress: Story = {
  args: { state: "ready", lift: "bench press" },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await expect(canvas.getByRole("combobox", { name: "Lift" })).toHaveValue("bench press")
    await expect(canvas.queryByText(/Example data/)).toBeNull()
  }
}

export const SquatExample: Story = {
  args: { state: "ready", lift: "squat" },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await expect(canvas.getByRole("combobox", { name: "Lift" })).toHaveValue("squat")
    await expect(canvas.getByText(/Example data/)).toBeVisible()
    await expect(canvas.getAllByRole("option").map((o) => o.textContent)).toEqual(["Squat", "Bench Press", "Deadlift"])
  }
}
