import type { Meta, StoryObj } from "@storybook/react-vite"
import { expect, userEvent, within } from "storybook/test"
import { NETWORK_DOWN } from "#machines/failure-text.ts"
import { NO_VIDEOS, VIDEOS_LOADING } from "#machines/video-list/video-list.selectors.ts"
import { RecentVideosScreen } from "./videos-story.tsx"

// The coach's dashboard: their clients' newest form checks, one story per state of the clip list.

const meta = {
  title: "Videos/Recent form checks",
  component: RecentVideosScreen,
  parameters: { machine: "video-list", route: "/coach/dashboard" }
} satisfies Meta<typeof RecentVideosScreen>

export default meta
type Story = StoryObj<typeof meta>

const panel = (canvasElement: HTMLElement) => within(within(canvasElement).getByRole("region", { name: "Form checks" }))

export const Loading: Story = {
  args: { state: "loading", context: { videos: [] } },
  parameters: { machineState: "loading" },
  play: async ({ canvasElement }) => {
    await expect(panel(canvasElement).getByRole("status")).toHaveTextContent(VIDEOS_LOADING)
  }
}

export const Empty: Story = {
  args: { state: "empty", context: { videos: [] } },
  parameters: { machineState: "empty" },
  play: async ({ canvasElement }) => {
    await expect(panel(canvasElement).getByText(NO_VIDEOS)).toBeVisible()
  }
}

export const Showing: Story = {
  args: { state: "showing" },
  parameters: { machineState: "showing" },
  play: async ({ canvasElement }) => {
    const canvas = panel(canvasElement)
    const list = within(canvas.getByRole("list", { name: "Latest form checks, newest first" }))
    await expect(list.getByText(/Sam Lifter · Back Squat, set 2/)).toBeVisible()
    await expect(list.getByText(/Form check · 0:12/)).toBeVisible()
    await expect(list.getByRole("link", { name: "Open Sam Lifter's Nov 23" })).toBeVisible()
    // Watching opens the player in place.
    await userEvent.click(list.getByRole("button", { name: "Watch form check of back squat, set 2" }))
    await expect(await list.findByLabelText("Clip of Back Squat, set 2, 0:12")).toBeInTheDocument()
  }
}

export const Failed: Story = {
  args: { state: "failed", context: { videos: [], failure: NETWORK_DOWN } },
  parameters: { machineState: "failed" },
  play: async ({ canvasElement }) => {
    const canvas = panel(canvasElement)
    await expect(canvas.getByRole("alert")).toHaveTextContent(`The form checks could not be loaded. ${NETWORK_DOWN}`)
    await expect(canvas.getByRole("button", { name: "Try again" })).toBeEnabled()
  }
}
