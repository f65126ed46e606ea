import type { Meta, StoryObj } from "@storybook/react-vite"
import { expect, within } from "storybook/test"
import { coachDayImplementations } from "#machines/coach-day/coach-day.actors.ts"
import { dayContext, dayInput, storyCoachDayPorts } from "#machines/coach-day/coach-day.fixtures.ts"
import { coachDayMachine } from "#machines/coach-day/coach-day.machine.ts"
import type { CoachDayContext } from "#machines/coach-day/coach-day.types.ts"
import type { ReactNode } from "react"
import { daySetsOf, performedLoadOf } from "#domain/set-loads.ts"
import { loadReferencesImplementations } from "#machines/load-references/load-references.actors.ts"
import {
  plannedReferencesPorts,
  pounds,
  recentResults,
  referencesInput,
  testedMaxes
} from "#machines/load-references/load-references.fixtures.ts"
import { loadReferencesMachine } from "#machines/load-references/load-references.machine.ts"
import type { LoadReferencesActorRef } from "#machines/load-references/load-references.selectors.ts"
import { useStartedActor } from "../client/client-story.tsx"
import { CoachDay } from "./coach-day.tsx"
import { SeededActor } from "./seeded-actor.tsx"

const storyMachine = coachDayMachine.provide(coachDayImplementations(storyCoachDayPorts))

/** The client's worked-out loads: their maxes, 8 weeks of sets and plates, and the day as they logged it. */
function ClientLoads({
  context,
  children
}: {
  context: CoachDayContext
  children: (loads: LoadReferencesActorRef) => ReactNode
}) {
  const logged = new Map(context.results.map((row) => [row.id, row] as const))
  const loads = useStartedActor(
    loadReferencesMachine.provide(
      loadReferencesImplementations(
        plannedReferencesPorts({
          maxes: { with: testedMaxes },
          preferences: { with: pounds },
          results: { with: recentResults },
          day: daySetsOf(context.workouts, (row) => {
            const result = logged.get(row.id)
            return result === undefined || result.skipped ? undefined : performedLoadOf(result)
          })
        })
      )
    ),
    referencesInput
  )
  return children(loads)
}

function DayScreen({
  state,
  context,
  withLoads = false
}: {
  state: string
  context: CoachDayContext
  withLoads?: boolean
}) {
  return (
    <SeededActor machine={storyMachine} state={state} context={context} input={dayInput}>
      {(day) =>
        withLoads ? (
          <ClientLoads context={context}>{(loads) => <CoachDay day={day} loads={loads} />}</ClientLoads>
        ) : (
          <CoachDay day={day} />
        )
      }
    </SeededActor>
  )
}

const meta = {
  title: "Coach/Day",
  component: DayScreen,
  parameters: { machine: "coach-day", route: "/coach/workouts/7/03-02-2026" }
} satisfies Meta<typeof DayScreen>

export default meta
type Story = StoryObj<typeof meta>

const inState = (state: string, context: CoachDayContext = dayContext()) => ({
  args: { state, context },
  parameters: { machineState: state }
})

export const Loading: Story = {
  ...inState("loading", dayContext({ workouts: [], results: [], completions: [] })),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await expect(canvas.getByRole("heading", { level: 1 })).toHaveTextContent("Monday, March 2, 2026")
    await expect(canvas.getByText("Loading workouts…")).toBeVisible()
  }
}

export const Showing: Story = {
  ...inState("showing"),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await expect(canvas.getByRole("heading", { name: "Strength Workout" })).toBeVisible()
    await expect(canvas.getByText("Completed Mar 2 · 42 min")).toBeVisible()
    await expect(canvas.getAllByRole("heading", { level: 3 }).map((h) => h.textContent)).toEqual([
      "Back Squat",
      "Bench Press",
      "Deadlift"
    ])
    const firstSet = canvas.getAllByRole("row")[1]
    await expect(firstSet).toHaveTextContent("Set 1225 lbs, 5 reps, at RPE 8225 lbs, 5 reps, 2 RIR")
    await expect(canvas.getAllByText("AMRAP, for AMSAP")).toHaveLength(2)
    await expect(canvas.getByText("Skipped")).toBeVisible()
    // The set the client added is said to be theirs, with what they did in it.
    await expect(canvas.getByRole("rowheader", { name: "Set 2 added by client" })).toBeVisible()
    await expect(canvas.getByText("135 lbs, 12 reps")).toBeVisible()
    await expect(canvas.getByText("at RPE 7, 80% of e1RM")).toBeVisible()
    await expect(canvas.getByRole("link", { name: "Add workout" })).toHaveAttribute(
      "href",
      "/coach/workoutbuilder/7/03-02-2026"
    )
    await expect(canvas.getByRole("link", { name: "Back to calendar" })).toHaveAttribute(
      "href",
      "/coach/calendar?client=7"
    )
  }
}

export const WorkedOutLoads: Story = {
  args: { state: "showing", context: dayContext(), withLoads: true },
  parameters: { machineState: "showing" },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    const rows = canvas.getAllByRole("row")
    // The load the client reads for each set: their plates, their unit.
    await expect(await within(rows[1] as HTMLElement).findByText("225 lbs")).toBeVisible()
    await expect(rows[1]).toHaveTextContent("2 × 45 per side")
    // The deadlift at 80% of e1RM: no e1RM yet, so the percentage and why, never a number.
    const deadlift = rows.at(-1) as HTMLElement
    await expect(within(deadlift).getByText("80% of e1RM")).toBeVisible()
    await expect(within(deadlift).getByText("(no e1RM yet)")).toBeVisible()
  }
}

export const NotCompletedYet: Story = {
  ...inState("showing", dayContext({ completions: [] })),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await expect(canvas.getByText("Not completed yet")).toBeVisible()
    await expect(canvas.queryByText(/^Completed/)).toBeNull()
  }
}

export const DoneUnknown: Story = {
  ...inState("showing", dayContext({ completions: null })),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    // The day is shown; whether it was finished is neither claimed nor denied.
    await expect(canvas.getByRole("heading", { name: "Strength Workout" })).toBeVisible()
    await expect(canvas.queryByText(/Completed|Not completed/)).toBeNull()
    await expect(canvas.getByRole("alert")).toHaveTextContent("Could not load which workouts are done.")
    await expect(canvas.getByRole("button", { name: "Try again" })).toBeEnabled()
  }
}

export const NoWorkouts: Story = {
  ...inState("showing", dayContext({ workouts: [], results: [], completions: [] })),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await expect(canvas.queryByRole("heading", { name: "Strength Workout" })).toBeNull()
    await expect(canvas.getByRole("link", { name: "Add workout" })).toBeVisible()
  }
}

export const Failed: Story = {
  ...inState("failed", dayContext({ workouts: [], results: [], completions: [] })),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await expect(canvas.getByRole("alert")).toHaveTextContent("couldn't load this day")
    await expect(canvas.getByRole("button", { name: "Try again" })).toBeEnabled()
  }
}
