import type { Meta, StoryObj } from "@storybook/react-vite"
import { expect, userEvent, within } from "storybook/test"
import { fromCallback, fromPromise } from "xstate"
import type { WorkoutComment } from "#domain/comments.ts"
import {
  commentComposerMachine,
  type ComposerContext,
  type Delivery
} from "#machines/comment-composer/comment-composer.machine.ts"
import { NOT_SENT_YET, SENDING } from "#machines/comment-composer/comment-composer.selectors.ts"
import { onSet } from "#machines/comments/comments.fixtures.ts"
import { SeededActor } from "#ui/coach/seeded-actor.tsx"
import { CommentComposer } from "./comment-composer.tsx"

// A lifter's note on a set, one story per state of the composer; the server never answers.
const storyMachine = commentComposerMachine.provide({
  actors: {
    deliver: fromPromise<WorkoutComment, Delivery>(() => new Promise(() => undefined)),
    watchOnline: fromCallback(() => () => undefined)
  }
})

const labels = {
  open: "Add a note",
  openName: "Add a note to set 2",
  again: "Add another note",
  field: "Note on set 2"
}

function Composer({ state, context }: { state: string; context: ComposerContext }) {
  return (
    <div className="page">
      <SeededActor machine={storyMachine} state={state} context={context} input={{ what: "note" }}>
        {(composer) => <CommentComposer composer={composer} labels={labels} />}
      </SeededActor>
    </div>
  )
}

const meta = {
  title: "Comments/Note composer",
  component: Composer,
  parameters: { machine: "comment-composer", route: "/client/workouts/11-23-2026/0" }
} satisfies Meta<typeof Composer>

export default meta
type Story = StoryObj<typeof meta>

const written = "left knee, stopped at 3"
const inState = (state: string, context: Partial<ComposerContext> = {}) => ({
  args: {
    state,
    context: {
      what: "note",
      id: "0b6e4c1e-8f7a-4c1d-9a63-2f1e5d7c9b10",
      text: "",
      problem: null,
      failure: null,
      sent: null,
      ...context
    }
  },
  parameters: { machineState: state }
})

export const Closed: Story = {
  ...inState("closed"),
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole("button", { name: "Add a note to set 2" })).toBeVisible()
  }
}

export const Editing: Story = {
  ...inState("editing", { text: "   ", problem: "The note must not be empty" }),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    const field = canvas.getByRole("textbox", { name: "Note on set 2" })
    await expect(field).toHaveAttribute("aria-invalid", "true")
    await expect(canvas.getByRole("alert")).toHaveTextContent("The note must not be empty")
    await expect(canvas.getByRole("button", { name: "Send" })).toBeEnabled()
    await expect(canvas.getByRole("button", { name: "Cancel" })).toBeEnabled()
  }
}

export const Sending: Story = {
  ...inState("sending", { text: written }),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await expect(canvas.getByRole("status")).toHaveTextContent(SENDING)
    await expect(canvas.getByRole("textbox", { name: "Note on set 2" })).toHaveAttribute("readonly")
    await expect(canvas.queryByText(/was sent/)).toBeNull()
  }
}

export const Waiting: Story = {
  ...inState("waiting", { text: written }),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await expect(canvas.getByRole("status")).toHaveTextContent(NOT_SENT_YET)
    await expect(canvas.getByRole("button", { name: "Send now" })).toBeEnabled()
    await expect(canvas.queryByText(/was sent/)).toBeNull()
  }
}

export const Failed: Story = {
  ...inState("failed", { text: written, failure: "target.setId: no set 102 in your workouts" }),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await expect(canvas.getByRole("alert")).toHaveTextContent("no set 102 in your workouts")
    await expect(canvas.getByRole("button", { name: "Try again" })).toBeEnabled()
    await expect(canvas.getByRole("button", { name: "Cancel" })).toBeEnabled()
  }
}

export const Sent: Story = {
  ...inState("sent", { sent: onSet }),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await expect(canvas.getByRole("status")).toHaveTextContent("Your note was sent.")
    await userEvent.click(canvas.getByRole("button", { name: "Add another note" }))
    await expect(canvas.getByRole("textbox", { name: "Note on set 2" })).toHaveValue("")
  }
}
