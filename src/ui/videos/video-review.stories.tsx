import type { Meta, StoryObj } from "@storybook/react-vite"
import { expect, within } from "storybook/test"
import { NETWORK_DOWN } from "#machines/failure-text.ts"
import { VIDEO_LINKING, VIDEO_UNPLAYABLE } from "#machines/video-review/video-review.selectors.ts"
import { coachWatches, lifterWatches } from "#machines/video-review/video-review.fixtures.ts"
import { ReviewScreen } from "./videos-story.tsx"

// Watching a form check (docs/decisions/050-form-check-videos.md), one story per state of the review machine.

const meta = {
  title: "Videos/Review",
  component: ReviewScreen,
  parameters: { machine: "video-review" }
} satisfies Meta<typeof ReviewScreen>

export default meta
type Story = StoryObj<typeof meta>

const review = (canvasElement: HTMLElement) => within(canvasElement)

export const Linking: Story = {
  args: { state: "linking", input: coachWatches, context: { link: null } },
  parameters: { machineState: "linking" },
  play: async ({ canvasElement }) => {
    await expect(review(canvasElement).getByRole("status")).toHaveTextContent(VIDEO_LINKING)
    await expect(canvasElement.querySelector("video")).toBeNull()
  }
}

export const LinkFailed: Story = {
  args: { state: "linkFailed", input: coachWatches, context: { link: null, failure: NETWORK_DOWN } },
  parameters: { machineState: "linkFailed" },
  play: async ({ canvasElement }) => {
    await expect(review(canvasElement).getByRole("alert")).toHaveTextContent(NETWORK_DOWN)
    await expect(review(canvasElement).getByRole("button", { name: "Try again" })).toBeEnabled()
  }
}

export const ReadyForTheCoach: Story = {
  args: { state: "ready", input: coachWatches },
  parameters: { machineState: "ready" },
  play: async ({ canvasElement }) => {
    const canvas = review(canvasElement)
    await expect(canvas.getByLabelText("Clip of Back Squat, set 2, 0:12")).toBeInTheDocument()
    for (const name of ["Frame back", "Frame on", "Play from 0:02", "Play from 0:07", "Comment at 0:00"])
      await expect(canvas.getByRole("button", { name })).toBeEnabled()
    await expect(canvas.getByRole("button", { name: "0.5× speed" })).toHaveAttribute("aria-pressed", "false")
    await expect(canvas.queryByRole("button", { name: "Remove clip" })).toBeNull()
    await expect(canvas.getByRole("link", { name: "Download clip" })).toHaveAttribute("download")
  }
}

export const ReadyForTheLifter: Story = {
  args: { state: "ready", input: lifterWatches },
  parameters: { machineState: "ready" },
  play: async ({ canvasElement }) => {
    const canvas = review(canvasElement)
    await expect(canvas.getByRole("button", { name: "Remove clip" })).toBeEnabled()
    await expect(canvas.queryByRole("button", { name: /^Comment at/ })).toBeNull()
    await expect(canvas.getByRole("list", { name: "Coach's comments on Back Squat, set 2" })).toHaveTextContent(
      "0:07knees cave here"
    )
  }
}

export const Unplayable: Story = {
  args: { state: "unplayable", input: coachWatches },
  parameters: { machineState: "unplayable" },
  play: async ({ canvasElement }) => {
    const canvas = review(canvasElement)
    await expect(canvas.getByRole("alert")).toHaveTextContent(VIDEO_UNPLAYABLE)
    await expect(canvas.getByRole("link", { name: "Download clip" })).toHaveAttribute(
      "href",
      expect.stringContaining("download=1")
    )
    await expect(canvasElement.querySelector("video")).toBeNull()
  }
}

export const Composing: Story = {
  args: { state: "composing", input: coachWatches, context: { atMs: 7_200, draft: "knees cave" } },
  parameters: { machineState: "composing" },
  play: async ({ canvasElement }) => {
    const canvas = review(canvasElement)
    await expect(canvas.getByLabelText("Comment at 0:07")).toHaveValue("knees cave")
    await expect(canvas.getByRole("button", { name: "Send" })).toBeEnabled()
    await expect(canvas.getByRole("button", { name: "Cancel" })).toBeEnabled()
  }
}

export const ComposingNothingYet: Story = {
  args: { state: "composing", input: coachWatches, context: { atMs: 2_000, draft: "" } },
  parameters: { machineState: "composing" },
  play: async ({ canvasElement }) => {
    await expect(review(canvasElement).getByRole("button", { name: "Send" })).toBeDisabled()
  }
}

export const Sending: Story = {
  args: { state: "sending", input: coachWatches, context: { atMs: 7_200, draft: "knees cave" } },
  parameters: { machineState: "sending" },
  play: async ({ canvasElement }) => {
    await expect(review(canvasElement).getByRole("button", { name: "Sending…" })).toBeDisabled()
  }
}

export const SendFailed: Story = {
  args: {
    state: "sendFailed",
    input: coachWatches,
    context: { atMs: 7_200, draft: "knees cave", failure: NETWORK_DOWN }
  },
  parameters: { machineState: "sendFailed" },
  play: async ({ canvasElement }) => {
    const canvas = review(canvasElement)
    await expect(canvas.getByRole("alert")).toHaveTextContent(`${NETWORK_DOWN} Your comment is kept: send it again.`)
    await expect(canvas.getByLabelText("Comment at 0:07")).toHaveValue("knees cave")
    await expect(canvas.getByRole("button", { name: "Send again" })).toBeEnabled()
  }
}

export const ConfirmingRemove: Story = {
  args: { state: "confirmingRemove", input: lifterWatches },
  parameters: { machineState: "confirmingRemove" },
  play: async ({ canvasElement }) => {
    const canvas = review(canvasElement)
    await expect(canvas.getByRole("alertdialog")).toHaveTextContent("Remove this clip?")
    await expect(canvas.getByRole("button", { name: "Remove" })).toBeEnabled()
    await expect(canvas.getByRole("button", { name: "Keep it" })).toBeEnabled()
  }
}

export const Removing: Story = {
  args: { state: "removing", input: lifterWatches },
  parameters: { machineState: "removing" },
  play: async ({ canvasElement }) => {
    await expect(review(canvasElement).getByRole("button", { name: "Removing…" })).toBeDisabled()
  }
}

export const RemoveFailed: Story = {
  args: { state: "removeFailed", input: lifterWatches, context: { failure: NETWORK_DOWN } },
  parameters: { machineState: "removeFailed" },
  play: async ({ canvasElement }) => {
    const canvas = review(canvasElement)
    await expect(within(canvas.getByRole("alertdialog")).getByRole("alert")).toHaveTextContent(NETWORK_DOWN)
    await expect(canvas.getByRole("button", { name: "Remove" })).toBeEnabled()
  }
}

export const Removed: Story = {
  args: { state: "removed", input: lifterWatches },
  parameters: { machineState: "removed" },
  play: async ({ canvasElement }) => {
    await expect(review(canvasElement).getByRole("status")).toHaveTextContent("Clip removed.")
    await expect(canvasElement.querySelector("video")).toBeNull()
  }
}
