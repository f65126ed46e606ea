import type { Meta, StoryObj } from "@storybook/react-vite"
import { expect, userEvent, within } from "storybook/test"
import type { StateValueFrom } from "xstate"
import { dayContext, supersetDay } from "#machines/coach-day/coach-day.fixtures.ts"
import type { ExerciseDemoMachine } from "#machines/exercise-demo/exercise-demo.machine.ts"
import type { ExerciseDemoContext } from "#machines/exercise-demo/exercise-demo.types.ts"
import { DayScreen } from "./day-story.tsx"

// A demo video link set from the coach's day (docs/decisions/048), one story per state of its machine.

const meta = {
  title: "Coach/Day/Demo video",
  component: DayScreen,
  parameters: { machine: "exercise-demo", route: "/coach/workouts/7/03-02-2026" }
} satisfies Meta<typeof DayScreen>

export default meta
type Story = StoryObj<typeof meta>

type DemoState = Extract<StateValueFrom<ExerciseDemoMachine>, string>

const LINK = "https://videos.example.com/back-squat"
const squat = (overrides: Partial<ExerciseDemoContext> = {}): ExerciseDemoContext => ({
  exerciseId: "back-squat",
  name: "Back Squat",
  draft: LINK,
  error: null,
  ...overrides
})

const inState = (demoState: DemoState, demo: ExerciseDemoContext = squat(), context = dayContext()) => ({
  args: { state: "showing", context, demoState, demo },
  parameters: { machineState: demoState }
})

const form = (canvasElement: HTMLElement) =>
  within(canvasElement).getByRole("form", { name: "Demo video for Back Squat" })

export const Idle: Story = {
  ...inState("idle", { exerciseId: null, name: "", draft: null, error: null }, dayContext(supersetDay)),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    // The coach sees the link their clients see, and a way to set one on each exercise.
    await expect(canvas.getByRole("button", { name: "Add demo video for A1 Pull-up" })).toBeEnabled()
    await expect(canvas.queryByRole("form")).toBeNull()
    await userEvent.click(canvas.getByRole("button", { name: "Add demo video for A2 Dip" }))
    await expect(canvas.getByRole("form", { name: "Demo video for A2 Dip" })).toBeVisible()
    await expect(canvas.getByLabelText("Video link (https)")).toHaveFocus()
  }
}

export const Editing: Story = {
  ...inState("editing", squat({ draft: "" })),
  play: async ({ canvasElement }) => {
    const editing = within(form(canvasElement))
    await expect(editing.getByLabelText("Video link (https)")).toHaveValue("")
    await expect(editing.getByRole("button", { name: "Save link" })).toBeEnabled()
    await expect(editing.queryByRole("button", { name: "Remove link" })).toBeNull()
    // Another exercise's button waits while this one is open.
    await expect(within(canvasElement).getByRole("button", { name: "Add demo video for Bench Press" })).toBeDisabled()
  }
}

export const EditingNotALink: Story = {
  ...inState(
    "editing",
    squat({ draft: "youtube squat", error: "The link must be an https:// address, like https://youtu.be/…" })
  ),
  play: async ({ canvasElement }) => {
    const editing = within(form(canvasElement))
    await expect(editing.getByRole("alert")).toHaveTextContent("The link must be an https:// address")
    await expect(editing.getByLabelText("Video link (https)")).toHaveAttribute("aria-invalid", "true")
  }
}

export const Saving: Story = {
  ...inState("saving"),
  play: async ({ canvasElement }) => {
    const saving = within(form(canvasElement))
    await expect(saving.getByRole("status")).toHaveTextContent("Saving the link…")
    await expect(saving.getByRole("button", { name: "Save link" })).toBeDisabled()
    await expect(saving.getByRole("button", { name: "Cancel" })).toBeDisabled()
  }
}

export const Removing: Story = {
  ...inState("saving", squat({ draft: null })),
  play: async ({ canvasElement }) => {
    await expect(within(form(canvasElement)).getByRole("status")).toHaveTextContent("Removing the link…")
  }
}

export const Failed: Story = {
  ...inState("failed", squat({ error: "We couldn't reach the server. Check your connection and try again." })),
  play: async ({ canvasElement }) => {
    const failed = within(form(canvasElement))
    // Never said to be saved: the reason, and a way to try again or give up.
    await expect(failed.getByRole("alert")).toHaveTextContent("The link was not saved. We couldn't reach the server.")
    await expect(failed.getByRole("button", { name: "Try again" })).toBeEnabled()
    await expect(failed.getByRole("button", { name: "Cancel" })).toBeEnabled()
  }
}
