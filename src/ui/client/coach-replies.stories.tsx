import type { Meta, StoryObj } from "@storybook/react-vite"
import { expect, userEvent, within } from "storybook/test"
import { fromCallback, fromPromise } from "xstate"
import type { CoachReplies } from "#domain/comments.ts"
import { allRead, noReplies, twoUnreadReplies } from "#machines/coach-replies/coach-replies.fixtures.ts"
import { coachRepliesMachine } from "#machines/coach-replies/coach-replies.machine.ts"
import { MARK_FAILED, NO_REPLIES, REPLIES_LOADING } from "#machines/coach-replies/coach-replies.selectors.ts"
import type { CoachRepliesContext } from "#machines/coach-replies/coach-replies.types.ts"
import { samId } from "#machines/comments/comments.fixtures.ts"
import { NETWORK_DOWN } from "#machines/failure-text.ts"
import { SeededActor } from "#ui/coach/seeded-actor.tsx"
import { CoachRepliesPanel } from "./coach-replies-panel.tsx"

/* The dashboard's "Replies from your coach", one story per state of the coach-replies machine. */

const never = <T,>() => new Promise<T>(() => undefined)
const storyMachine = coachRepliesMachine.provide({
  actors: {
    loadReplies: fromPromise<CoachReplies>(() => never()),
    markRead: fromPromise(() => never<CoachReplies>()),
    watchReplies: fromCallback(() => () => undefined)
  }
})

function Panel({ state, context }: { state: string; context: CoachRepliesContext }) {
  return (
    <div className="page">
      <SeededActor machine={storyMachine} state={state} context={context} input={{ me: samId }}>
        {(replies) => <CoachRepliesPanel replies={replies} />}
      </SeededActor>
    </div>
  )
}

const meta = {
  title: "Client/Replies from the coach",
  component: Panel,
  parameters: { machine: "coach-replies", route: "/client/dashboard" }
} satisfies Meta<typeof Panel>

export default meta
type Story = StoryObj<typeof meta>

const inState = (state: string, context: Partial<CoachRepliesContext> = {}) => ({
  args: { state, context: { me: samId, replies: null, failure: null, stale: false, ...context } },
  parameters: { machineState: state }
})

const badgeOf = (canvasElement: HTMLElement) => canvasElement.querySelector(".replies-badge")

export const Loading: Story = {
  ...inState("loading"),
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole("status")).toHaveTextContent(REPLIES_LOADING)
    await expect(badgeOf(canvasElement)).toBeNull()
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

/** Two unread: the badge says so; opening them shows them, newest first, and asks the server to mark them read. */
export const Unread: Story = {
  ...inState("ready.idle", { replies: twoUnreadReplies }),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await expect(badgeOf(canvasElement)).toHaveTextContent("2 new replies")
    await userEvent.click(canvas.getByRole("button", { name: "Read 2 new replies" }))
    const items = within(canvas.getByRole("list", { name: "Replies, newest first" })).getAllByRole("listitem")
    await expect(items).toHaveLength(2)
    await expect(items[0]).toHaveTextContent("Coach replied: Rest as long as you need.")
    await expect(items[0]).toHaveTextContent("New")
    await expect(items[1]).toHaveTextContent("Squat, set 2 · Nov 23")
    await expect(within(items[1] as HTMLElement).getByRole("link")).toHaveAttribute(
      "href",
      "/client/workouts/11-23-2026"
    )
    // The badge stays until the server holds the mark.
    await expect(badgeOf(canvasElement)).toHaveTextContent("2 new replies")
  }
}

export const AllRead: Story = {
  ...inState("ready.idle", { replies: allRead }),
  play: async ({ canvasElement }) => {
    await expect(badgeOf(canvasElement)).toBeNull()
    await expect(within(canvasElement).getByRole("button", { name: "Show replies" })).toHaveAttribute(
      "aria-expanded",
      "false"
    )
  }
}

export const NoneYet: Story = {
  ...inState("ready.idle", { replies: noReplies }),
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText(NO_REPLIES)).toBeVisible()
  }
}

/** Read again after a live reply: what was read stays on screen meanwhile. */
export const Reloading: Story = {
  ...inState("ready.reloading", { replies: twoUnreadReplies }),
  play: async ({ canvasElement }) => {
    await expect(badgeOf(canvasElement)).toHaveTextContent("2 new replies")
    await expect(within(canvasElement).queryByRole("status")).toBeNull()
  }
}

/** The mark is on its way: the badge stays until the server answers. */
export const Marking: Story = {
  ...inState("ready.marking", { replies: twoUnreadReplies }),
  play: async ({ canvasElement }) => {
    await expect(badgeOf(canvasElement)).toHaveTextContent("2 new replies")
  }
}

export const MarkFailed: Story = {
  ...inState("ready.markFailed", { replies: twoUnreadReplies, failure: NETWORK_DOWN }),
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole("alert")).toHaveTextContent(MARK_FAILED)
    await expect(badgeOf(canvasElement)).toHaveTextContent("2 new replies")
  }
}
