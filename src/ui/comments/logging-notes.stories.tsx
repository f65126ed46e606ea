import type { Meta, StoryObj } from "@storybook/react-vite"
import { expect, userEvent, within } from "storybook/test"
import type { CommentListContext } from "#machines/comments/comment-list.machine.ts"
import { onWorkout, repliedOnSet, squatSetTwo } from "#machines/comments/comments.fixtures.ts"
import { StoryComments } from "./comments-story.tsx"
import { SetNotes, WorkoutNotes } from "./logging-notes.tsx"

/** The lifter's notes while logging: under a set (with the coach's reply) and on the workout. */
function Notes({ state, context }: { state: string; context: CommentListContext }) {
  return (
    <main className="page logging">
      <StoryComments state={state} context={context} what="note">
        {(slot) => (
          <>
            <fieldset className="set-logger">
              <legend>Set 2</legend>
              <SetNotes slot={slot} setId={squatSetTwo} setLabel="Set 2" />
            </fieldset>
            <WorkoutNotes slot={slot} workoutOrder={0} />
          </>
        )}
      </StoryComments>
    </main>
  )
}

const meta = {
  title: "Comments/Logging notes",
  component: Notes,
  parameters: { machine: "comments", route: "/client/workouts/11-23-2026/0" }
} satisfies Meta<typeof Notes>

export default meta
type Story = StoryObj<typeof meta>

export const WithReply: Story = {
  args: { state: "showing", context: { comments: [repliedOnSet, onWorkout], failure: null } },
  parameters: { machineState: "showing" },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    const notes = canvas.getByRole("list", { name: "Notes on set 2" })
    await expect(notes).toHaveTextContent("left knee, stopped at 3")
    await expect(notes).toHaveTextContent("Coach replied: Take the next squat day lighter")
    await expect(canvas.getByRole("list", { name: "Your notes on this workout" })).toHaveTextContent(onWorkout.body)
    await userEvent.click(canvas.getByRole("button", { name: "Add a note to set 2" }))
    await expect(canvas.getByRole("textbox", { name: "Note on set 2" })).toHaveFocus()
  }
}

export const EarlierNotesUnread: Story = {
  args: { state: "failed", context: { comments: [], failure: "We couldn't reach the server." } },
  parameters: { machineState: "failed" },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await expect(canvas.getByText(/Your earlier notes could not be loaded/)).toBeVisible()
    await expect(canvas.getByRole("button", { name: "Comment on this workout" })).toBeEnabled()
  }
}
