import type { Meta, StoryObj } from "@storybook/react-vite"
import { expect, within } from "storybook/test"
import { wakeLockMachine } from "#machines/wake-lock/wake-lock.machine.ts"
import { SCREEN_MAY_DIM, SCREEN_STAYS_ON } from "#machines/wake-lock/wake-lock.selectors.ts"
import { useSeededActor } from "./client-story.tsx"
import { WakeLockStatus } from "./wake-lock-status.tsx"

function SeededWakeLock({ state }: { state: string }) {
  const wakeLock = useSeededActor(wakeLockMachine, state, { lock: null })
  return <WakeLockStatus wakeLock={wakeLock} />
}

const meta = {
  title: "Client/WakeLockStatus",
  component: SeededWakeLock,
  parameters: { machine: "wake-lock", layout: "centered" }
} satisfies Meta<typeof SeededWakeLock>

export default meta
type Story = StoryObj<typeof meta>

/** Says nothing: whatever it says next is about to replace it. */
const showsNothing = async (canvasElement: HTMLElement) => {
  const canvas = within(canvasElement)
  await expect(canvas.queryByText(SCREEN_STAYS_ON)).toBeNull()
  await expect(canvas.queryByText(SCREEN_MAY_DIM)).toBeNull()
}

export const Checking: Story = {
  args: { state: "checking" },
  parameters: { machineState: "checking" },
  play: async ({ canvasElement }) => showsNothing(canvasElement)
}

export const Acquiring: Story = {
  args: { state: "acquiring" },
  parameters: { machineState: "acquiring" },
  play: async ({ canvasElement }) => showsNothing(canvasElement)
}

export const Held: Story = {
  args: { state: "held" },
  parameters: { machineState: "held" },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText(SCREEN_STAYS_ON)).toBeVisible()
  }
}

/** The page was hidden and the browser let go; coming back asks again. */
export const Released: Story = {
  args: { state: "released" },
  parameters: { machineState: "released" },
  play: async ({ canvasElement }) => showsNothing(canvasElement)
}

export const Failed: Story = {
  args: { state: "failed" },
  parameters: { machineState: "failed" },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText(SCREEN_MAY_DIM)).toBeVisible()
  }
}

/** No wake lock in this browser: nothing to say the lifter can act on. */
export const Unsupported: Story = {
  args: { state: "unsupported" },
  parameters: { machineState: "unsupported" },
  play: async ({ canvasElement }) => showsNothing(canvasElement)
}
