import type { Meta, StoryObj } from "@storybook/react-vite"
import { expect, userEvent, within } from "storybook/test"
import { coachCalendarImplementations } from "#machines/coach-calendar/coach-calendar.actors.ts"
import {
  calendarContext,
  calendarInput,
  storyCoachCalendarPorts
} from "#machines/coach-calendar/coach-calendar.fixtures.ts"
import { coachCalendarMachine } from "#machines/coach-calendar/coach-calendar.machine.ts"
import { NO_DAYS, type CoachCalendarContext } from "#machines/coach-calendar/coach-calendar.types.ts"
import { CoachCalendar } from "./coach-calendar.tsx"
import { SeededActor } from "./seeded-actor.tsx"

const storyMachine = coachCalendarMachine.provide(coachCalendarImplementations(storyCoachCalendarPorts))

function CalendarScreen({ state, context }: { state: string; context: CoachCalendarContext }) {
  return (
    <SeededActor machine={storyMachine} state={state} context={context} input={calendarInput}>
      {(calendar) => <CoachCalendar calendar={calendar} />}
    </SeededActor>
  )
}

const meta = {
  title: "Coach/Calendar",
  component: CalendarScreen,
  parameters: { machine: "coach-calendar", route: "/coach/calendar" }
} satisfies Meta<typeof CalendarScreen>

export default meta
type Story = StoryObj<typeof meta>

const inState = (state: string, context: CoachCalendarContext = calendarContext()) => ({
  args: { state, context },
  parameters: { machineState: state }
})

export const LoadingClients: Story = {
  ...inState("loadingClients", calendarContext({ clients: {}, clientId: null, days: NO_DAYS })),
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText("Loading clients…")).toBeVisible()
  }
}

export const ClientsFailed: Story = {
  ...inState("clientsFailed", calendarContext({ clients: {}, clientId: null, days: NO_DAYS })),
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole("button", { name: "Try again" })).toBeEnabled()
  }
}

export const NoClients: Story = {
  ...inState("noClients", calendarContext({ clients: {}, clientId: null, days: NO_DAYS })),
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText("No clients yet! Add some to get started!")).toBeVisible()
  }
}

/** ?client=999999 or another coach's client: said to be not found, and the picker asks for one of theirs. */
export const ClientNotFound: Story = {
  ...inState("clientNotFound", calendarContext({ clientId: null, days: NO_DAYS })),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await expect(canvas.getByRole("alert")).toHaveTextContent("No client with that id on your list.")
    await expect(canvas.queryByText(/connection/)).toBeNull()
    const picker = canvas.getByRole("combobox", { name: "Client" })
    await expect(picker).toHaveDisplayValue("Choose a client")
    await expect(canvas.queryByRole("table")).toBeNull()
    await userEvent.selectOptions(picker, "Bo Client")
    await expect(canvas.getByRole("combobox", { name: "Client" })).toHaveValue("7")
    await expect(canvas.getByRole("table")).toBeVisible()
  }
}

export const LoadingDays: Story = {
  ...inState("calendar.loading", calendarContext({ days: NO_DAYS })),
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText(/Loading workouts/)).toBeVisible()
  }
}

export const Showing: Story = {
  ...inState("calendar.showing"),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await expect(canvas.getByRole("combobox", { name: "Client" })).toHaveValue("8")
    await expect(
      within(canvas.getByRole("combobox", { name: "Client" }))
        .getAllByRole("option")
        .map((o) => o.textContent)
    ).toEqual(["Ann Lifter", "Bo Client"])
    // The chosen client's maxes are one tap away.
    await expect(canvas.getByRole("link", { name: "Maxes" })).toHaveAttribute("href", "/coach/clients/8/maxes")
    await expect(canvas.getByRole("heading", { name: "Wednesday, March 4, 2026" })).toBeVisible()
    await expect(canvas.getAllByRole("columnheader").map((th) => th.textContent)).toEqual([
      "Sun",
      "Mon",
      "Tue",
      "Wed",
      "Thu",
      "Fri",
      "Sat"
    ])
    const days = canvas.getAllByRole("link", { name: /, 2026/ })
    await expect(days).toHaveLength(28)
    // Logged but not submitted: no mark, whatever day it was.
    await expect(days[0]).toHaveAccessibleName("Sunday, March 1, 2026, Deadlift")
    // Each day says its workouts in full, its mark and the volume lifted; the cell shows them short.
    await expect(days[1]).toHaveAccessibleName(
      "Monday, March 2, 2026, Workout 1: Back Squat, Bench Press, Workout 2: Deadlift, completed, 4,350 lb lifted"
    )
    await expect(days[1]).toHaveAttribute("href", "/coach/workouts/8/03-02-2026")
    await expect(days[2]).toHaveAccessibleName("Tuesday, March 3, 2026, Overhead Press, Pull-up, Dip, missed")
    await expect(days[2]).toHaveTextContent("Overhead Press +2")
    await expect(days[3]).toHaveAccessibleName("Wednesday, March 4, 2026, Front Squat, 1,102 lb lifted, today")
    await expect(days[8]).toHaveAccessibleName("Monday, March 9, 2026, Back Squat, Bench Press, Row")
    await expect(days[27]).toHaveAccessibleName("Saturday, March 28, 2026")
    await userEvent.click(canvas.getByRole("button", { name: "Next week" }))
    await expect(canvas.getByRole("heading", { name: "Wednesday, March 11, 2026" })).toBeVisible()
    await userEvent.click(canvas.getByRole("button", { name: "Today" }))
    await expect(canvas.getByRole("heading", { name: "Wednesday, March 4, 2026" })).toBeVisible()
  }
}

/** A coach who reads kilograms reads every day's volume in kilograms, whatever unit it was logged in. */
export const ShowingInKilograms: Story = {
  ...inState("calendar.showing", calendarContext({ unit: "kg" })),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await expect(canvas.getByRole("link", { name: /^Monday, March 2, 2026/ })).toHaveAccessibleName(/1,973 kg lifted$/)
    await expect(canvas.getByRole("link", { name: /^Wednesday, March 4, 2026/ })).toHaveAccessibleName(
      /500 kg lifted, today$/
    )
    await expect(canvas.getByText("Volume in kg (weight × reps logged)")).toBeVisible()
  }
}

export const DaysFailed: Story = {
  ...inState("calendar.failed", calendarContext({ days: NO_DAYS })),
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole("alert")).toHaveTextContent("couldn't load this client's workouts")
  }
}
