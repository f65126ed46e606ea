import type { Meta, StoryObj } from "@storybook/react-vite"
import { expect, within } from "storybook/test"
import { NETWORK_DOWN } from "#machines/failure-text.ts"
import { downloadContext, historyCsv } from "#machines/file-download/file-download.fixtures.ts"
import type { FileDownloadContext } from "#machines/file-download/file-download.types.ts"
import { YourDataScreen } from "./your-data-story.tsx"

// A lifter takes their history away (docs/decisions/049), one story per state of the download machine.

const meta = {
  title: "Client/Your data/Downloads",
  component: YourDataScreen,
  parameters: { machine: "file-download", route: "/client/profile" }
} satisfies Meta<typeof YourDataScreen>

export default meta
type Story = StoryObj<typeof meta>

const inState = (downloadState: string, download: FileDownloadContext = downloadContext()) => ({
  args: { downloadState, download },
  parameters: { machineState: downloadState }
})

const downloads = (canvasElement: HTMLElement) =>
  within(within(canvasElement).getByRole("region", { name: "Take your data" }))

export const Idle: Story = {
  ...inState("idle"),
  play: async ({ canvasElement }) => {
    const canvas = downloads(canvasElement)
    for (const name of ["Download CSV", "Download for other apps", "Download JSON"])
      await expect(canvas.getByRole("button", { name })).toBeEnabled()
    await expect(canvas.queryByRole("status")).toBeNull()
  }
}

export const IdleAfterADownload: Story = {
  ...inState("idle", downloadContext({ saved: "history-2026-12-07.csv" })),
  play: async ({ canvasElement }) => {
    await expect(downloads(canvasElement).getByRole("status")).toHaveTextContent("Downloaded history-2026-12-07.csv.")
  }
}

export const Downloading: Story = {
  ...inState("downloading", downloadContext({ request: historyCsv })),
  play: async ({ canvasElement }) => {
    const canvas = downloads(canvasElement)
    await expect(canvas.getByRole("status")).toHaveTextContent("Preparing your download…")
    await expect(canvas.getByRole("button", { name: "Download JSON" })).toBeDisabled()
  }
}

export const Failed: Story = {
  ...inState("failed", downloadContext({ request: historyCsv, error: NETWORK_DOWN })),
  play: async ({ canvasElement }) => {
    const canvas = downloads(canvasElement)
    await expect(canvas.getByRole("alert")).toHaveTextContent(`The download did not finish. ${NETWORK_DOWN}`)
    await expect(canvas.getByRole("button", { name: "Try again" })).toBeEnabled()
    await expect(canvas.getByRole("button", { name: "Back" })).toBeEnabled()
  }
}
