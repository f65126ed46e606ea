import type { Meta, StoryObj } from "@storybook/react-vite"
import { expect, userEvent, within } from "storybook/test"
import type { GroupedWorkout } from "#domain/workout.ts"
import type { LoggedValues } from "#machines/autosave/autosave.types.ts"
import { FIXTURE_DATE, fixtureWorkout } from "#machines/logging/logging.fixtures.ts"
import type { LoggingEvent } from "#machines/logging/logging.types.ts"
import { AreaLayout } from "#ui/layout/area-layout.tsx"
import { useSeededAutosave, useStartedActor } from "./client-story.tsx"
import { LoggingScreen, WorkoutToLog } from "./logging-screen.tsx"
import { storyLogging, storyWorkoutDay, type DayFetch } from "./logging-story.ts"

const T0 = Date.UTC(2026, 0, 5, 9)

function StartedLogging({
  workout,
  screen,
  events
}: {
  workout: GroupedWorkout
  screen: number
  events: ReadonlyArray<LoggingEvent>
}) {
  const logging = useStartedActor(storyLogging, { date: FIXTURE_DATE, workout, screen, clock: null, now: T0 }, events)
  const autosave = useSeededAutosave("idle", {
    values: { 101: { weight: 225, reps: 5, rpe: 8 } as unknown as LoggedValues }
  })
  return <LoggingScreen logging={logging} autosave={autosave} />
}

/** The logging page as the route builds it: the day's workout first, then the pager for it. */
function LoggingPage({
  carried,
  fetch = "never",
  screen = 0,
  events = []
}: {
  carried?: GroupedWorkout
  fetch?: DayFetch
  screen?: number
  events?: ReadonlyArray<LoggingEvent>
}) {
  const day = useStartedActor(storyWorkoutDay(fetch), { date: FIXTURE_DATE, carried: { workout: carried } })
  return (
    <AreaLayout area="client">
      <WorkoutToLog day={day}>
        {({ workout }) => <StartedLogging workout={workout} screen={screen} events={events} />}
      </WorkoutToLog>
    </AreaLayout>
  )
}

const meta = {
  title: "Client/LoggingScreen",
  component: LoggingPage,
  parameters: { machine: "logging", route: "/client/workouts/01-05-2026/0" }
} satisfies Meta<typeof LoggingPage>

export default meta
type Story = StoryObj<typeof meta>

export const Loading: Story = {
  args: { fetch: "never" },
  parameters: { machine: "workout-day", machineState: "loading" },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole("status")).toHaveTextContent("Loading...")
  }
}

export const LoadFailed: Story = {
  args: { fetch: "fails" },
  parameters: { machine: "workout-day", machineState: "failed" },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await expect(await canvas.findByRole("alert")).toHaveTextContent("could not be loaded")
    await expect(canvas.getByRole("button", { name: "Try again" })).toBeEnabled()
  }
}

export const NoWorkout: Story = {
  args: { fetch: "none" },
  parameters: { machine: "workout-day", machineState: "none" },
  play: async ({ canvasElement }) => {
    await expect(
      await within(canvasElement).findByText(/No workout scheduled for Monday, January 5, 2026/)
    ).toBeVisible()
  }
}

export const FetchedByItsAddress: Story = {
  args: { fetch: "found" },
  parameters: { machineState: "active.exercise" },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByRole("heading", { level: 2, name: "Squat" })).toBeVisible()
  }
}

export const FirstExercise: Story = {
  args: { carried: fixtureWorkout },
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
  args: { carried: fixtureWorkout, screen: 2 },
  parameters: { machineState: "active.exercise" },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await expect(canvas.getByRole("heading", { level: 2, name: "Deadlift" })).toBeVisible()
    await expect(canvas.getByRole("button", { name: "Previous exercise" })).toBeVisible()
    await expect(canvas.queryByRole("button", { name: "Next exercise" })).toBeNull()
  }
}

export const Summary: Story = {
  args: { carried: fixtureWorkout, screen: 1, events: [{ type: "workout.end", at: T0 + 1_800_000 }] },
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
  args: { carried: { workout_order: 0, exercises: [] } },
  parameters: { machineState: "active.summary" },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await expect(canvas.queryByRole("button", { name: "Resume Workout" })).toBeNull()
    await expect(canvas.getByRole("button", { name: "Submit Workout" })).toBeVisible()
  }
}

export const Submitted: Story = {
  args: {
    carried: fixtureWorkout,
    events: [{ type: "workout.end", at: T0 + 60_000 }, { type: "workout.submit" }]
  },
  parameters: { machineState: "submitted" },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole("status")).toHaveTextContent("Loading...")
  }
}
