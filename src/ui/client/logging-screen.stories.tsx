import type { Meta, StoryObj } from "@storybook/react-vite"
import { expect, userEvent, within } from "storybook/test"
import { fromCallback, fromPromise } from "xstate"
import type { IsoDate } from "#domain/calendar.ts"
import type { GroupedWorkout } from "#domain/workout.ts"
import type { LoggedValues } from "#machines/autosave/autosave.types.ts"
import { FIXTURE_DATE, fixtureWorkout } from "#machines/logging/logging.fixtures.ts"
import { loggingMachine, type LoggingEvent } from "#machines/logging/logging.machine.ts"
import { timerMachine, type TimerEvent } from "#machines/timer/timer.machine.ts"
import { AreaLayout } from "#ui/layout/area-layout.tsx"
import { useSeededAutosave, useStartedActor } from "./client-story.tsx"
import { LoggingScreen } from "./logging-screen.tsx"

const T0 = Date.UTC(2026, 0, 5, 9)
const silentTimer = timerMachine.provide({ actors: { ticker: fromCallback<TimerEvent>(() => () => undefined) } })

type Load = "never" | "fails" | "none"
const loaders: Record<Load, () => Promise<GroupedWorkout | null>> = {
  never: () => new Promise(() => undefined),
  fails: () => Promise.reject(new Error("offline")),
  none: () => Promise.resolve(null)
}

function StartedLogging({
  workout,
  screen = 0,
  load = "never",
  events = []
}: {
  workout: GroupedWorkout | null
  screen?: number
  load?: Load
  events?: ReadonlyArray<LoggingEvent>
}) {
  const logging = useStartedActor(
    loggingMachine.provide({
      actors: { timer: silentTimer, loadWorkout: fromPromise<GroupedWorkout | null, { date: IsoDate }>(loaders[load]) }
    }),
    { date: FIXTURE_DATE, workout, screen, clock: null, now: T0 },
    events
  )
  const autosave = useSeededAutosave("idle", {
    values: { 101: { weight: 225, reps: 5, rpe: 8 } as unknown as LoggedValues }
  })
  return (
    <AreaLayout area="client">
      <LoggingScreen logging={logging} autosave={autosave} />
    </AreaLayout>
  )
}

const meta = {
  title: "Client/LoggingScreen",
  component: StartedLogging,
  parameters: { machine: "logging", route: "/client/workouts/01-05-2026/0" }
} satisfies Meta<typeof StartedLogging>

export default meta
type Story = StoryObj<typeof meta>

export const Loading: Story = {
  args: { workout: null },
  parameters: { machineState: "loading" },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole("status")).toHaveTextContent("Loading...")
  }
}

export const LoadFailed: Story = {
  args: { workout: null, load: "fails" },
  parameters: { machineState: "loadFailed" },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await expect(await canvas.findByRole("alert")).toHaveTextContent("could not be loaded")
    await expect(canvas.getByRole("button", { name: "Try again" })).toBeEnabled()
  }
}

export const NoWorkout: Story = {
  args: { workout: null, load: "none" },
  parameters: { machineState: "noWorkout" },
  play: async ({ canvasElement }) => {
    await expect(
      await within(canvasElement).findByText(/No workout scheduled for Monday, January 5, 2026/)
    ).toBeVisible()
  }
}

export const FirstExercise: Story = {
  args: { workout: fixtureWorkout },
  parameters: { machineState: "active.exercise" },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await expect(canvas.getByRole("heading", { level: 2, name: "Squat" })).toBeVisible()
    await expect(canvas.getByRole("timer")).toHaveTextContent("0:00:00")
    await expect(canvas.queryByRole("button", { name: "Previous exercise" })).toBeNull()
    await expect(canvas.getAllByRole("spinbutton", { name: "Weight (lbs)" })[0]).toHaveValue(225)
    await userEvent.click(canvas.getByRole("button", { name: "Next exercise" }))
    await expect(canvas.getByRole("heading", { level: 2, name: "Bench Press" })).toBeVisible()
  }
}

export const LastExercise: Story = {
  args: { workout: fixtureWorkout, screen: 2 },
  parameters: { machineState: "active.exercise" },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await expect(canvas.getByRole("heading", { level: 2, name: "Deadlift" })).toBeVisible()
    await expect(canvas.getByRole("button", { name: "Previous exercise" })).toBeVisible()
    await expect(canvas.queryByRole("button", { name: "Next exercise" })).toBeNull()
  }
}

export const Summary: Story = {
  args: { workout: fixtureWorkout, screen: 1, events: [{ type: "workout.end", at: T0 + 1_800_000 }] },
  parameters: { machineState: "active.summary" },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await expect(canvas.getByRole("heading", { level: 1, name: "Summary" })).toBeVisible()
    await expect(canvas.getByRole("timer")).toHaveTextContent("0:30:00")
    await expect(canvas.getByRole("timer")).toHaveTextContent("Paused")
    await expect(canvas.getByRole("button", { name: "Resume Workout" })).toBeVisible()
    await expect(canvas.getByRole("button", { name: "Submit Workout" })).toBeVisible()
  }
}

export const SummaryOfAnEmptyWorkout: Story = {
  args: { workout: { workout_order: 0, exercises: [] } },
  parameters: { machineState: "active.summary" },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await expect(canvas.queryByRole("button", { name: "Resume Workout" })).toBeNull()
    await expect(canvas.getByRole("button", { name: "Submit Workout" })).toBeVisible()
  }
}

export const Submitted: Story = {
  args: { workout: fixtureWorkout, events: [{ type: "workout.end", at: T0 + 60_000 }, { type: "workout.submit" }] },
  parameters: { machineState: "submitted" },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole("status")).toHaveTextContent("Loading...")
  }
}
