import type { Meta, StoryObj } from "@storybook/react-vite"
import { expect, within } from "storybook/test"
import {
  completedRecord,
  dayWorkouts,
  deadliftWorkout,
  openRecord,
  squatWorkout
} from "#machines/workout-day/workout-day.fixtures.ts"
import type { CarriedWorkout, DayRecord } from "#machines/workout-day/workout-day.types.ts"
import { supersetWorkout } from "#machines/logging/logging.fixtures.ts"
import type { Unit } from "#domain/units.ts"
import { storyWorkoutDay, useStartedActor, type DayAnswers } from "./client-story.tsx"
import { WorkoutDay } from "./workout-day.tsx"

function StartedWorkoutDay({
  answers,
  carried = {},
  index,
  withRecord = true,
  unit
}: {
  answers: DayAnswers
  carried?: CarriedWorkout
  index?: number
  withRecord?: boolean
  /** The lifter's unit, once known (docs/decisions/038). */
  unit?: Unit
}) {
  const day = useStartedActor(storyWorkoutDay(answers), {
    date: "2026-01-05",
    carried,
    index: index ?? carried.index ?? 0,
    withRecord
  })
  return <WorkoutDay day={day} unit={unit} />
}

const meta = {
  title: "Client/WorkoutDay",
  component: StartedWorkoutDay,
  parameters: { machine: "workout-day", route: "/client/workouts/01-05-2026" }
} satisfies Meta<typeof StartedWorkoutDay>

export default meta
type Story = StoryObj<typeof meta>

const squatOnly = [squatWorkout]

export const CarriedWhileChecking: Story = {
  args: { answers: { day: "never", record: "never" }, carried: { workout: squatWorkout, index: 0 } },
  parameters: { machineState: ["workout.ready", "record.loading"] },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await expect(canvas.getByText("Here is your workout for")).toBeVisible()
    await expect(canvas.getByRole("heading", { level: 1 })).toHaveTextContent("Monday, January 5, 2026")
    await expect(canvas.getByRole("heading", { name: "Workout #1" })).toBeVisible()
    // The whole prescription, in one scale.
    await expect(canvas.getByText("275 lbs × 5 reps at 2 RIR")).toBeVisible()
    await expect(canvas.getByText("5 reps at 2 RIR · 10% backoff")).toBeVisible()
    await expect(canvas.getByText("5 reps at 2.5 RIR · 75% of e1RM")).toBeVisible()
    await expect(canvas.getAllByText("245 lbs × 5 reps · AMSAP: as many sets as possible")).toHaveLength(2)
    // Never 'Start workout' nor 'Completed' before the server has said which.
    await expect(canvas.getByRole("status")).toHaveTextContent("Checking whether this workout is done")
    await expect(canvas.queryByRole("link", { name: "Start workout" })).toBeNull()
    await expect(canvas.queryByText(/^Completed/)).toBeNull()
  }
}

/** The coach's title names the workout; a superset's exercises read A1, A2 with the coach's tempo, rest and note. */
export const TitledSuperset: Story = {
  args: { answers: { day: "never", record: "never" }, carried: { workout: supersetWorkout, index: 0 } },
  parameters: { machineState: ["workout.ready", "record.loading"] },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await expect(canvas.getByRole("heading", { level: 2, name: "Upper pull" })).toBeVisible()
    await expect(canvas.getAllByRole("heading", { level: 3 }).map((heading) => heading.textContent)).toEqual([
      "A1 Pull-up",
      "A2 Dip",
      "Back Squat"
    ])
    await expect(canvas.getByText("Tempo 21X1 · No rest")).toBeVisible()
    await expect(canvas.getByText("From your coach: Full hang at the bottom")).toBeVisible()
    await expect(canvas.getByText("Rest 3 min")).toBeVisible()
    await expect(canvas.getByRole("link", { name: "Watch demo of A2 Dip (opens a new tab)" })).toHaveAttribute(
      "href",
      "https://videos.example.com/dip"
    )
  }
}

export const NotDoneYet: Story = {
  args: { answers: { day: squatOnly, record: openRecord } },
  parameters: { machineState: ["workout.ready", "record.known"] },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    const start = await canvas.findByRole("link", { name: "Start workout" })
    await expect(start).toHaveAttribute("href", "/client/workouts/01-05-2026/0")
    await expect(canvas.queryByRole("navigation", { name: "Workouts of the day" })).toBeNull()
    await expect(canvas.queryByText("Result")).toBeNull()
  }
}

export const Completed: Story = {
  args: { answers: { day: dayWorkouts, record: completedRecord }, carried: { workout: squatWorkout, index: 0 } },
  parameters: { machineState: ["workout.ready", "record.known"] },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await expect(await canvas.findByText("Completed · 42 min")).toBeVisible()
    await expect(canvas.queryByRole("link", { name: "Start workout" })).toBeNull()
    await expect(canvas.getByText("275 lbs × 5 at 2 RIR")).toBeVisible()
    await expect(canvas.getByText("Skipped")).toBeVisible()
    await expect(canvas.getByText("Not logged")).toBeVisible()
    await expect(canvas.getByText("245 lbs × 8 at 1 RIR")).toBeVisible()
    await expect(canvas.getByText("185 lbs × 5 at 2.5 RIR")).toBeVisible()
    await expect(canvas.getByText("(added by you)")).toBeVisible()
    await expect(canvas.getByRole("link", { name: "Correct a value" })).toHaveAttribute(
      "href",
      "/client/workouts/01-05-2026/0"
    )
    // The day's other workout is a tap away.
    const links = within(canvas.getByRole("navigation", { name: "Workouts of the day" }))
    await expect(links.getByRole("link", { name: "Workout #1" })).toHaveAttribute("aria-current", "page")
    await expect(links.getByRole("link", { name: "Workout #2" })).toHaveAttribute(
      "href",
      "/client/workouts/01-05-2026?workout=2"
    )
  }
}

/** The squat's first set logged in kilograms: 107.5 kg × 5. */
const kilogramRecord: DayRecord = {
  ...completedRecord,
  results: completedRecord.results.map((row) =>
    row.id === 201 ? { ...row, weight: 107.5, weight_unit: "kg" } : row
  ) as DayRecord["results"]
}

/** The texts of the sets' prescriptions and results, in order. */
const setTexts = (canvasElement: HTMLElement, selector: string) =>
  [...canvasElement.querySelectorAll(selector)].map((element) => element.textContent)

export const KilogramsForAPoundLifter: Story = {
  args: {
    answers: { day: dayWorkouts, record: kilogramRecord },
    carried: { workout: squatWorkout, index: 0 },
    unit: "lb"
  },
  parameters: { machineState: ["workout.ready", "record.known"] },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await expect(await canvas.findByText("Completed · 42 min")).toBeVisible()
    // A set stored in kilograms reads in the lifter's pounds, with what was typed beside it.
    await expect(canvas.getByText("237 lbs (107.5 kg) × 5 at 2 RIR")).toBeVisible()
    await expect(canvas.getByText("245 lbs × 8 at 1 RIR")).toBeVisible()
    await expect(setTexts(canvasElement, ".workout-day__sets li > span:first-child")[0]).toBe(
      "275 lbs × 5 reps at 2 RIR"
    )
  }
}

export const PoundsForAKilogramLifter: Story = {
  args: {
    answers: { day: dayWorkouts, record: kilogramRecord },
    carried: { workout: squatWorkout, index: 0 },
    unit: "kg"
  },
  parameters: { machineState: ["workout.ready", "record.known"] },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await expect(await canvas.findByText("Completed · 42 min")).toBeVisible()
    // The coach's pounds read in the lifter's kilograms; the lifter's own kilograms as they typed them.
    await expect(canvas.getByText("124.7 kg (275 lbs) × 5 reps at 2 RIR")).toBeVisible()
    await expect(canvas.getByText("107.5 kg × 5 at 2 RIR")).toBeVisible()
    await expect(canvas.getByText("111.1 kg (245 lbs) × 8 at 1 RIR")).toBeVisible()
    // No weight on the page without its unit.
    for (const text of setTexts(canvasElement, ".workout-day__sets li span"))
      await expect(text).not.toMatch(/^\d+(\.\d+)? ×/)
  }
}

export const SecondWorkout: Story = {
  args: { answers: { day: dayWorkouts, record: completedRecord }, index: 1 },
  parameters: { machineState: ["workout.ready", "record.known"] },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await expect(await canvas.findByRole("heading", { name: "Workout #2" })).toBeVisible()
    await expect(canvas.getByRole("heading", { level: 3, name: "Deadlift" })).toBeVisible()
    // The first is done; this one is not.
    await expect(canvas.queryByText(/^Completed/)).toBeNull()
    await expect(canvas.getByRole("link", { name: "Start workout" })).toHaveAttribute(
      "href",
      "/client/workouts/01-05-2026/0?workout=2"
    )
    await expect(canvas.getByRole("link", { name: "Workout #2" })).toHaveAttribute("aria-current", "page")
    await expect(canvas.getByRole("link", { name: "Workout #1" })).toHaveAttribute(
      "href",
      "/client/workouts/01-05-2026"
    )
  }
}

export const DoneUnknown: Story = {
  args: { answers: { day: "never", record: "fails" }, carried: { workout: deadliftWorkout, index: 1 } },
  parameters: { machineState: ["workout.ready", "record.unknown"] },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await expect(await canvas.findByRole("status")).toHaveTextContent("Could not load which workouts are done.")
    await expect(canvas.getByRole("button", { name: "Try again" })).toBeEnabled()
    await expect(canvas.getByRole("link", { name: "Start workout" })).toBeVisible()
    await expect(canvas.queryByText(/^Completed/)).toBeNull()
  }
}

export const Loading: Story = {
  args: { answers: { day: "never", record: "never" } },
  parameters: { machineState: ["workout.loading", "record.loading"] },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole("status")).toHaveTextContent("Loading...")
  }
}

export const NothingThatDay: Story = {
  args: { answers: { day: [], record: openRecord } },
  parameters: { machineState: "workout.none" },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByText(/No workout scheduled for/)).toBeVisible()
  }
}

export const NoSuchWorkout: Story = {
  args: { answers: { day: squatOnly, record: openRecord }, index: 2 },
  parameters: { machineState: "workout.none" },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await expect(await canvas.findByText(/No workout scheduled for/)).toBeVisible()
    await expect(canvas.getByRole("link", { name: "Workout #1" })).toHaveAttribute(
      "href",
      "/client/workouts/01-05-2026"
    )
  }
}

export const Failed: Story = {
  args: { answers: { day: "fails", record: "never" } },
  parameters: { machineState: "workout.failed" },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await expect(await canvas.findByRole("alert")).toHaveTextContent("The workout could not be loaded.")
    await expect(canvas.getByRole("button", { name: "Try again" })).toBeEnabled()
  }
}

/** As the logging page opens it: the workout only, nothing read about whether it is done. */
export const WithoutRecord: Story = {
  args: { answers: { day: "never", record: "never" }, carried: { workout: squatWorkout, index: 0 }, withRecord: false },
  parameters: { machineState: ["workout.ready", "record.unasked"] },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await expect(canvas.getByRole("link", { name: "Start workout" })).toBeVisible()
    await expect(canvas.queryByRole("status")).toBeNull()
  }
}

// Offline (docs/decisions/027): the server cannot be reached, so the device copy is read.
const AS_OF = new Date(2026, 0, 5, 7, 42).getTime()

export const OfflineReadingTheCopy: Story = {
  args: { answers: { day: "fails", record: "never", copy: { day: "never", record: "never" } } },
  parameters: { machineState: ["workout.offline", "record.loading"] },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByRole("status")).toHaveTextContent("Loading...")
  }
}

export const OfflineFromTheCopy: Story = {
  args: {
    answers: {
      day: "fails",
      record: "fails",
      copy: { day: { workouts: dayWorkouts, asOf: AS_OF }, record: { ...completedRecord, asOf: AS_OF } }
    }
  },
  parameters: { machineState: ["workout.stale", "record.stale"] },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await expect(await canvas.findByText(/^Offline, as of .*7:42/)).toBeVisible()
    await expect(await canvas.findByText("Completed · 42 min")).toBeVisible()
    await expect(canvas.getByRole("link", { name: "Correct a value" })).toBeVisible()
  }
}

export const RecordOfflineReadingTheCopy: Story = {
  args: {
    answers: { day: "never", record: "fails", copy: { day: "never", record: "never" } },
    carried: { workout: squatWorkout, index: 0 }
  },
  parameters: { machineState: ["workout.ready", "record.offline"] },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByRole("status")).toHaveTextContent(
      "Checking whether this workout is done…"
    )
  }
}
