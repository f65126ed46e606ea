import type { Meta, StoryObj } from "@storybook/react-vite"
import { expect, within } from "storybook/test"
import { NETWORK_DOWN } from "#machines/failure-text.ts"
import type { CommentListContext } from "#machines/comments/comment-list.machine.ts"
import { COMMENTS_LOADING, NO_COMMENTS } from "#machines/comments/comment-list.selectors.ts"
import { onWorkout, recentFromSam } from "#machines/comments/comments.fixtures.ts"
import { RecentCommentsPanel } from "./coach-comments.tsx"
import { StoryComments } from "./comments-story.tsx"

/** The coach dashboard's 'Comments' panel, one story per state of the comments list. */
function Panel({ state, context }: { state: string; context: CommentListContext }) {
  return (
    <div className="page">
      <StoryComments state={state} context={context}>
        {(slot) => <RecentCommentsPanel slot={slot} />}
      </StoryComments>
    </div>
  )
}

const meta = {
  title: "Comments/Dashboard panel",
  component: Panel,
  parameters: { machine: "comments", route: "/coach/dashboard" }
} satisfies Meta<typeof Panel>

export default meta
type Story = StoryObj<typeof meta>

const inState = (state: string, context: Partial<CommentListContext> = {}) => ({
  args: { state, context: { comments: [], failure: null, ...context } },
  parameters: { machineState: state }
})

export const Loading: Story = {
  ...inState("loading"),
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole("status")).toHaveTextContent(COMMENTS_LOADING)
  }
}

export const Empty: Story = {
  ...inState("empty"),
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText(NO_COMMENTS)).toBeVisible()
  }
}

export const Showing: Story = {
  ...inState("showing", { comments: recentFromSam }),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    const items = within(canvas.getByRole("list", { name: "Latest comments, newest first" })).getAllByRole("listitem")
    await expect(items).toHaveLength(2)
    // Newest first: the workout comment (written later) above the set's note, which has a reply.
    await expect(items[0]).toHaveTextContent(`Sam Lifter · Workout`)
    await expect(items[0]).toHaveTextContent(onWorkout.body)
    await expect(items[0]).toHaveTextContent("Not replied yet")
    await expect(items[1]).toHaveTextContent("Sam Lifter · Squat, set 2")
    await expect(items[1]).toHaveTextContent("You replied: Take the next squat day lighter")
    await expect(canvas.getAllByRole("link", { name: "Open Sam Lifter's Nov 23" })[0]).toHaveAttribute(
      "href",
      "/coach/workouts/7/11-23-2026"
    )
  }
}

export const Failed: Story = {
  ...inState("failed", { failure: NETWORK_DOWN }),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await expect(canvas.getByRole("alert")).toHaveTextContent(NETWORK_DOWN)
    await expect(canvas.getByRole("button", { name: "Try again" })).toBeEnabled()
  }
}
