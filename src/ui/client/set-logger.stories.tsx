import type { Meta, StoryObj } from "@storybook/react-vite"
import { expect, within } from "storybook/test"
import type { SetId } from "#domain/ids.ts"
import type { AutosaveContext, OutboxEntry } from "#machines/autosave/autosave.types.ts"
import { useSeededAutosave } from "./client-story.tsx"
import { SetLogger } from "./set-logger.tsx"
import "./client.css"

const SET = 101 as SetId
const set = { id: SET, label: "Set 1", prescription: "5 reps at 2 RIR" }
const edit: OutboxEntry = { setId: SET, version: 2, update: { id: SET, weight: 225 as never, reps: 5 as never } }
const typed = { values: { [SET]: { weight: 225, reps: 5 } } } as Partial<AutosaveContext>
const waiting = { ...typed, pending: { [SET]: edit } }

function SeededSetLogger({ state, context }: { state: string; context: Partial<AutosaveContext> }) {
  const autosave = useSeededAutosave(state, context)
  return (
    <div className="page">
      <SetLogger set={set} autosave={autosave} />
    </div>
  )
}

const meta = {
  title: "Client/SetLogger",
  component: SeededSetLogger,
  parameters: { machine: "autosave" }
} satisfies Meta<typeof SeededSetLogger>

export default meta
type Story = StoryObj<typeof meta>

const statusOf = (canvasElement: HTMLElement) => within(canvasElement).getByText(/Saved|Saving|Waiting|Not saved/)

export const Restoring: Story = {
  args: { state: "restoring", context: {} },
  parameters: { machineState: "restoring" },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await expect(canvas.getByRole("group", { name: "Set 1 5 reps at 2 RIR" })).toBeVisible()
    await expect(canvas.getByRole("spinbutton", { name: "Weight (lbs)" })).toHaveValue(null)
  }
}

export const Saved: Story = {
  args: { state: "idle", context: typed },
  parameters: { machineState: "idle" },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await expect(canvas.getByRole("spinbutton", { name: "Weight (lbs)" })).toHaveValue(225)
    await expect(canvas.getByRole("spinbutton", { name: "Reps" })).toHaveValue(5)
    await expect(statusOf(canvasElement)).toHaveTextContent("Saved")
  }
}

export const Debouncing: Story = {
  args: { state: "debouncing", context: waiting },
  parameters: { machineState: "debouncing" },
  play: async ({ canvasElement }) => {
    await expect(statusOf(canvasElement)).toHaveTextContent("Saving…")
  }
}

export const Sending: Story = {
  args: { state: "sending", context: { ...waiting, inFlight: [edit] } },
  parameters: { machineState: "sending" },
  play: async ({ canvasElement }) => {
    await expect(statusOf(canvasElement)).toHaveTextContent("Saving…")
  }
}

export const WaitingToRetry: Story = {
  args: { state: "waitingToRetry", context: { ...waiting, attempt: 2 } },
  parameters: { machineState: "waitingToRetry" },
  play: async ({ canvasElement }) => {
    await expect(statusOf(canvasElement)).toHaveTextContent("Waiting to sync")
    await expect(within(canvasElement).getByRole("spinbutton", { name: "Weight (lbs)" })).toHaveValue(225)
  }
}

export const Refused: Story = {
  args: { state: "idle", context: { ...typed, rejected: [SET] } },
  parameters: { machineState: "idle" },
  play: async ({ canvasElement }) => {
    await expect(statusOf(canvasElement)).toHaveTextContent("Not saved")
  }
}
