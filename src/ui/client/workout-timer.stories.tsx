import type { Meta, StoryObj } from "@storybook/react-vite"
import { expect, within } from "storybook/test"
import type { TimerClock } from "#domain/timer-clock.ts"
import { timerMachine } from "#machines/timer/timer.machine.ts"
import { useSeededActor } from "./client-story.tsx"
import { WorkoutTimer } from "./workout-timer.tsx"
import "./client.css"

const T0 = Date.UTC(2026, 0, 7, 9)

function SeededTimer({ state, clock, now }: { state: string; clock: TimerClock; now: number }) {
  const timer = useSeededActor(timerMachine, state, { clock, now })
  return <WorkoutTimer timer={timer} />
}

const meta = {
  title: "Client/WorkoutTimer",
  component: SeededTimer,
  parameters: { machine: "timer", layout: "centered" }
} satisfies Meta<typeof SeededTimer>

export default meta
type Story = StoryObj<typeof meta>

export const Running: Story = {
  args: {
    state: "running",
    clock: { workoutStartedAt: T0, startedAt: T0, pausedAt: null, accumulatedMs: 0 },
    now: T0 + 3_725_000
  },
  parameters: { machineState: "running" },
  play: async ({ canvasElement }) => {
    const timer = within(canvasElement).getByRole("timer", { name: "Workout time" })
    await expect(timer).toHaveTextContent("1:02:05")
    await expect(timer).toHaveTextContent("Running")
  }
}

export const Paused: Story = {
  args: {
    state: "paused",
    clock: { workoutStartedAt: T0, startedAt: T0, pausedAt: T0 + 95_000, accumulatedMs: 95_000 },
    now: T0 + 999_000
  },
  parameters: { machineState: "paused" },
  play: async ({ canvasElement }) => {
    const timer = within(canvasElement).getByRole("timer", { name: "Workout time" })
    await expect(timer).toHaveTextContent("0:01:35")
    await expect(timer).toHaveTextContent("Paused")
  }
}
