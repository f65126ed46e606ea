import type { Meta, StoryObj } from "@storybook/react-vite"
import { expect, userEvent, within } from "storybook/test"
import { dayContext } from "#machines/coach-day/coach-day.fixtures.ts"
import { removalContext } from "#machines/workout-removal/workout-removal.fixtures.ts"
import type { WorkoutRemovalContext } from "#machines/workout-removal/workout-removal.types.ts"
import type { WorkoutRemovalMachine } from "#machines/workout-removal/workout-removal.machine.ts"
import type { StateValueFrom } from "xstate"
import { DayScreen } from "./day-story.tsx"

// Deleting a workout from the coach's day, one story per state of the removal machine.

const meta = {
  title: "Coach/Day/Delete a workout",
  component: DayScreen,
  parameters: { machine: "workout-removal", route: "/coach/workouts/7/03-02-2026" }
} satisfies Meta<typeof DayScreen>

export default meta
type Story = StoryObj<typeof meta>

type RemovalState = Extract<StateValueFrom<WorkoutRemovalMachine>, string>

/** Once the server removed it, the day no longer holds the workout. */
const withoutTheWorkout = dayContext({ workouts: [] })
const serverDown = "We couldn't reach the server. Check your connection and try again."

const inState = (
  removalState: RemovalState,
  removal: WorkoutRemovalContext = removalContext(),
  context = dayContext()
) => ({
  args: { state: "showing", context, removalState, removal },
  parameters: { machineState: removalState }
})

export const Idle: Story = {
  ...inState("idle", removalContext({ target: null })),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await expect(canvas.getByRole("button", { name: "Delete" })).toBeEnabled()
    await expect(canvas.queryByText(/^Workout deleted/)).toBeNull()
    // Delete asks first, in the card, and the keyboard lands on Cancel.
    await userEvent.click(canvas.getByRole("button", { name: "Delete" }))
    const question = canvas.getByRole("group", { name: "Delete this workout? The client's logged results go with it." })
    await expect(within(question).getByRole("button", { name: "Cancel" })).toHaveFocus()
  }
}

export const Confirming: Story = {
  ...inState("confirming"),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    const card = within(canvas.getByRole("article"))
    const question = card.getByRole("group", { name: "Delete this workout? The client's logged results go with it." })
    await expect(question).toHaveTextContent("3 sets have logged results.")
    await expect(within(question).getByRole("button", { name: "Delete" })).toBeEnabled()
    await expect(within(question).getByRole("button", { name: "Cancel" })).toHaveFocus()
    // Edit and Copy make way for the question; nothing is deleted yet.
    await expect(card.queryByRole("link", { name: "Edit" })).toBeNull()
    await expect(canvas.getByRole("heading", { name: "Strength Workout" })).toBeVisible()
    // Cancel: the question goes and the keyboard is back on the card's Delete.
    await userEvent.click(within(question).getByRole("button", { name: "Cancel" }))
    await expect(card.getByRole("button", { name: "Delete" })).toHaveFocus()
  }
}

export const ConfirmingEscaped: Story = {
  ...inState("confirming"),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await expect(canvas.getByRole("button", { name: "Cancel" })).toHaveFocus()
    // Escape is Cancel from the keyboard: the question goes, Delete has the keyboard again.
    await userEvent.keyboard("{Escape}")
    await expect(canvas.queryByRole("group")).toBeNull()
    await expect(canvas.getByRole("button", { name: "Delete" })).toHaveFocus()
  }
}

export const ConfirmingNothingLogged: Story = {
  ...inState("confirming", removalContext({ target: { workoutOrder: 0, loggedSets: 0 } })),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await expect(canvas.getByRole("group")).toHaveTextContent(
      "Delete this workout? The client's logged results go with it."
    )
    await expect(canvas.queryByText(/logged results\.$/)).toBeNull()
  }
}

export const Removing: Story = {
  ...inState("removing"),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    const card = within(canvas.getByRole("article"))
    // Still on the day until the server answers; it says so, with nothing to press twice.
    await expect(card.getByRole("status")).toHaveTextContent("Deleting workout…")
    await expect(card.queryByRole("button")).toBeNull()
    await expect(canvas.queryByText("Workout deleted.")).toBeNull()
  }
}

export const RemoveFailed: Story = {
  ...inState("removeFailed", removalContext({ error: serverDown })),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    const card = within(canvas.getByRole("article"))
    await expect(card.getByRole("alert")).toHaveTextContent(`The workout was not deleted.${serverDown}`)
    await expect(card.getByRole("button", { name: "Try again" })).toHaveFocus()
    await expect(card.getByRole("button", { name: "Cancel" })).toBeEnabled()
    await expect(canvas.queryByText("Workout deleted.")).toBeNull()
  }
}

export const Removed: Story = {
  ...inState("removed", removalContext(), withoutTheWorkout),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await expect(canvas.queryByRole("heading", { name: "Strength Workout" })).toBeNull()
    await expect(canvas.getByRole("status")).toHaveTextContent("Workout deleted.")
    await expect(canvas.getByRole("button", { name: "Undo" })).toHaveFocus()
  }
}

export const Restoring: Story = {
  ...inState("restoring", removalContext(), withoutTheWorkout),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    // Not back until the server says so.
    await expect(canvas.getByRole("status")).toHaveTextContent("Putting the workout back…")
    await expect(canvas.queryByRole("button", { name: "Undo" })).toBeNull()
    await expect(canvas.queryByRole("heading", { name: "Strength Workout" })).toBeNull()
  }
}

export const Restored: Story = {
  ...inState("restored"),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await expect(canvas.getByRole("status")).toHaveTextContent("Workout restored.")
    await expect(canvas.getByRole("heading", { name: "Strength Workout" })).toBeVisible()
    await expect(canvas.getByRole("button", { name: "Delete" })).toBeEnabled()
  }
}

export const RestoreFailed: Story = {
  ...inState("restoreFailed", removalContext({ error: serverDown }), withoutTheWorkout),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await expect(canvas.getByRole("status")).toHaveTextContent(
      `The workout was not restored; it is still deleted. ${serverDown}`
    )
    await expect(canvas.getByRole("button", { name: "Try again" })).toHaveFocus()
    await expect(canvas.getByRole("button", { name: "Keep it deleted" })).toBeEnabled()
  }
}
