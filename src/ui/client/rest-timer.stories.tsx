import type { Meta, StoryObj } from "@storybook/react-vite"
import { expect, userEvent, within } from "storybook/test"
import { DEFAULT_REST_SECONDS } from "#domain/rest-clock.ts"
import { restTimerMachine } from "#machines/rest-timer/rest-timer.machine.ts"
import type { RestTimerContext } from "#machines/rest-timer/rest-timer.types.ts"
import { useSeededActor } from "./client-story.tsx"
import { RestTimer } from "./rest-timer.tsx"

const T0 = Date.UTC(2026, 0, 7, 9)

function SeededRestTimer({ state, context }: { state: string; context: RestTimerContext }) {
  const rest = useSeededActor(restTimerMachine, state, context)
  return <RestTimer rest={rest} />
}

const meta = {
  title: "Client/RestTimer",
  component: SeededRestTimer,
  parameters: { machine: "rest-timer" }
} satisfies Meta<typeof SeededRestTimer>

export default meta
type Story = StoryObj<typeof meta>

export const Idle: Story = {
  args: { state: "idle", context: { restSeconds: DEFAULT_REST_SECONDS, endsAt: 0, now: 0 } },
  parameters: { machineState: "idle" },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await expect(canvas.queryByRole("timer")).toBeNull()
    await expect(canvas.queryByRole("alert")).toBeNull()
    await expect(canvas.queryByRole("button")).toBeNull()
  }
}

export const Resting: Story = {
  args: { state: "resting", context: { restSeconds: DEFAULT_REST_SECONDS, endsAt: T0 + 105_000, now: T0 } },
  parameters: { machineState: "resting" },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    const timer = canvas.getByRole("timer", { name: "Rest" })
    await expect(timer).toHaveTextContent("Rest 1:45")
    for (const name of ["−30 s", "+30 s", "Skip rest"]) {
      const button = canvas.getByRole("button", { name })
      await expect(button).toBeEnabled()
      // A tap target a sweaty thumb can hit.
      await expect(button.getBoundingClientRect().height).toBeGreaterThanOrEqual(44)
    }
    await userEvent.click(canvas.getByRole("button", { name: "+30 s" }))
    await expect(timer).toHaveTextContent("Rest 2:15")
    await userEvent.click(canvas.getByRole("button", { name: "−30 s" }))
    await userEvent.click(canvas.getByRole("button", { name: "−30 s" }))
    await expect(timer).toHaveTextContent("Rest 1:15")
    await userEvent.click(canvas.getByRole("button", { name: "Skip rest" }))
    await expect(canvas.queryByRole("timer")).toBeNull()
  }
}

/** Ten minutes left is the longest rest: "+30 s" has nothing to add. */
export const RestingAtTheLongest: Story = {
  args: { state: "resting", context: { restSeconds: 600, endsAt: T0 + 600_000, now: T0 } },
  parameters: { machineState: "resting" },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await expect(canvas.getByRole("timer", { name: "Rest" })).toHaveTextContent("Rest 10:00")
    await expect(canvas.getByRole("button", { name: "+30 s" })).toBeDisabled()
    await expect(canvas.getByRole("button", { name: "−30 s" })).toBeEnabled()
  }
}

export const Ended: Story = {
  args: { state: "ended", context: { restSeconds: DEFAULT_REST_SECONDS, endsAt: T0, now: T0 + 400 } },
  parameters: { machineState: "ended" },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await expect(canvas.getByRole("alert")).toHaveTextContent("Rest is over. Time for your next set.")
    await expect(canvas.queryByRole("timer")).toBeNull()
    await userEvent.click(canvas.getByRole("button", { name: "Dismiss" }))
    await expect(canvas.queryByRole("alert")).toBeNull()
  }
}
