import type { Meta, StoryObj } from "@storybook/react-vite"
import { expect, fireEvent, userEvent, waitFor, within } from "storybook/test"
import type { IsoDate } from "#domain/calendar.ts"
import { coachCalendarImplementations } from "#machines/coach-calendar/coach-calendar.actors.ts"
import {
  calendarContext,
  calendarInput,
  storyCoachCalendarPorts
} from "#machines/coach-calendar/coach-calendar.fixtures.ts"
import { coachCalendarMachine } from "#machines/coach-calendar/coach-calendar.machine.ts"
import { NO_DAYS, type CoachCalendarContext } from "#machines/coach-calendar/coach-calendar.types.ts"
import { atDesktop, layoutViewports } from "#ui/layout/layout-viewports.ts"
import "#ui/layout/area-layout.css"
import { CoachCalendar } from "./coach-calendar.tsx"
import { SeededActor } from "./seeded-actor.tsx"

const storyMachine = coachCalendarMachine.provide(coachCalendarImplementations(storyCoachCalendarPorts))

function CalendarScreen({ state, context }: { state: string; context: CoachCalendarContext }) {
  // In the area's content, as the app shows it: as wide as a desk's screen gives it.
  return (
    <div className="area-content">
      <SeededActor machine={storyMachine} state={state} context={context} input={calendarInput}>
        {(calendar) => <CoachCalendar calendar={calendar} />}
      </SeededActor>
    </div>
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
  ...inState("calendar.showing.idle"),
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
  ...inState("calendar.showing.idle", calendarContext({ unit: "kg" })),
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

// At a desk (1280 px) each workout is a chip of its own that can be moved to another day:
// dragged, or picked up with its Move button and put down with the arrow keys and Enter.

const MONDAY = "2026-03-02" as IsoDate
const FRIDAY = "2026-03-06" as IsoDate
/** Monday's second workout (Deadlift), picked up with Friday chosen. */
const pickedUp = { from: { date: MONDAY, workoutOrder: 1 }, target: FRIDAY }

const atADesk = (state: string, context: CoachCalendarContext = calendarContext()) => ({
  ...inState(state, context),
  parameters: { machineState: state, ...layoutViewports },
  globals: atDesktop
})

/** A day's workouts as the desk's grid lists them. */
const cellOf = (canvasElement: HTMLElement, day: string) =>
  within(canvasElement).getByRole("list", { name: `Workouts on ${day}` })
const moveButton = (canvasElement: HTMLElement, name: string) => within(canvasElement).getByRole("button", { name })
const announcement = (canvasElement: HTMLElement) => within(canvasElement).getByRole("status")

/** The month as a workspace: every workout by name, its exercises, its state and what was lifted. */
export const ShowingAtADesk: Story = {
  ...atADesk("calendar.showing.idle"),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    const monday = cellOf(canvasElement, "Monday, March 2, 2026")
    await expect(
      within(monday)
        .getAllByRole("listitem")
        .map((chip) => chip.textContent)
    ).toEqual(["Workout 1MoveBack SquatBench Press✓ Done4,350 lb", "Workout 2MoveDeadlift✓ Done"])
    await expect(within(monday).getByText("Back Squat")).toBeVisible()
    await expect(within(cellOf(canvasElement, "Tuesday, March 3, 2026")).getByText("Missed")).toBeVisible()
    await expect(within(cellOf(canvasElement, "Wednesday, March 4, 2026")).getByText("Started")).toBeVisible()
    await expect(within(cellOf(canvasElement, "Wednesday, March 4, 2026")).getByText("1,102 lb")).toBeVisible()
    // The coach's title names the workout; the others are numbered in their day.
    await expect(within(cellOf(canvasElement, "Monday, March 16, 2026")).getByText("Heavy pull")).toBeVisible()
    await expect(canvas.getByRole("link", { name: /^Monday, March 16, 2026, Heavy pull: Deadlift/ })).toBeVisible()
    // A chip is wide enough to read: its exercise names are not cut.
    const squat = within(monday).getByText("Back Squat")
    await expect(squat.scrollWidth).toBeLessThanOrEqual(squat.clientWidth)
    await expect(canvas.getByText(/Drag a workout to another day/)).toBeVisible()
    await expect(announcement(canvasElement)).toHaveTextContent("")
    // The keyboard way, start to cancel: Move picks it up, arrows choose, Escape lets go.
    const move = moveButton(canvasElement, "Move Workout 2, Monday, March 2, 2026")
    await expect(move.closest("li")).toHaveAttribute("draggable", "true")
    await userEvent.click(move)
    await expect(move).toHaveAttribute("aria-pressed", "true")
    await expect(move).toHaveFocus()
    await expect(announcement(canvasElement)).toHaveTextContent(
      "Moving Workout 2 from Mon Mar 2; use the arrow keys to choose a day, Escape to cancel"
    )
    await userEvent.keyboard("{ArrowRight}{ArrowRight}{ArrowRight}{ArrowRight}")
    await expect(announcement(canvasElement)).toHaveTextContent(
      "Moving Workout 2 from Mon Mar 2; Friday Mar 6 selected; press Enter to move, Escape to cancel"
    )
    await userEvent.keyboard("{Escape}")
    await expect(move).toHaveAttribute("aria-pressed", "false")
    await expect(announcement(canvasElement)).toHaveTextContent("")
  }
}

/** Picked up, Friday chosen: the day is marked, the announcement says what Enter will do. */
export const Choosing: Story = {
  ...atADesk("calendar.showing.choosing", calendarContext({ move: pickedUp })),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await expect(announcement(canvasElement)).toHaveTextContent(
      "Moving Workout 2 from Mon Mar 2; Friday Mar 6 selected; press Enter to move, Escape to cancel"
    )
    await expect(canvas.getByText("Moving Workout 2 from Mon Mar 2 to Friday Mar 6")).toBeVisible()
    const friday = canvas.getByRole("link", { name: /^Friday, March 6, 2026/ })
    await expect(friday.closest(".calendar-cell")).toHaveClass("is-move-target")
    const move = moveButton(canvasElement, "Move Workout 2, Monday, March 2, 2026")
    await expect(move).toHaveAttribute("aria-pressed", "true")
    // A week down, then Enter: the server is asked, and nothing is said moved until it answers.
    move.focus()
    await userEvent.keyboard("{ArrowDown}")
    await expect(announcement(canvasElement)).toHaveTextContent("Friday Mar 13 selected")
    await userEvent.keyboard("{Enter}")
    await expect(announcement(canvasElement)).toHaveTextContent("Moving Workout 2 to Friday Mar 13…")
    await expect(within(cellOf(canvasElement, "Monday, March 2, 2026")).getByText("Deadlift")).toBeVisible()
    await expect(canvas.queryByText(/moved to/)).toBeNull()
  }
}

/**
 * A drag onto another day is the same move: picked up on dragstart, chosen on dragover, sent
 * on drop. It starts with nothing picked up and ends waiting for the server.
 */
export const Dragging: Story = {
  args: { state: "calendar.showing.idle", context: calendarContext() },
  parameters: { machineState: "calendar.showing.moving", ...layoutViewports },
  globals: atDesktop,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    const chip = within(cellOf(canvasElement, "Monday, March 2, 2026")).getAllByRole("listitem")[1]
    const friday = canvas.getByRole("link", { name: /^Friday, March 6, 2026/ }).closest("td")
    if (chip === undefined || friday === null) throw new Error("no chip or no Friday")
    const dataTransfer = new DataTransfer()
    await fireEvent.dragStart(chip, { dataTransfer })
    await waitFor(() => expect(announcement(canvasElement)).toHaveTextContent("Moving Workout 2 from Mon Mar 2"))
    await fireEvent.dragOver(friday, { dataTransfer })
    await expect(friday.querySelector(".calendar-cell")).toHaveClass("is-move-target")
    await fireEvent.drop(friday, { dataTransfer })
    await fireEvent.dragEnd(chip, { dataTransfer })
    await expect(announcement(canvasElement)).toHaveTextContent("Moving Workout 2 to Friday Mar 6…")
    await expect(within(chip).getByText("Moving…")).toBeVisible()
  }
}

/** Waiting for the server: the chip stays where it was, saying so, and nothing else can be picked up. */
export const Moving: Story = {
  ...atADesk("calendar.showing.moving", calendarContext({ move: pickedUp })),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    const monday = cellOf(canvasElement, "Monday, March 2, 2026")
    await expect(within(monday).getByText("Moving…")).toBeVisible()
    await expect(within(monday).getByText("Deadlift")).toBeVisible()
    await expect(canvas.queryByRole("list", { name: "Workouts on Friday, March 6, 2026" })).toBeNull()
    await expect(announcement(canvasElement)).toHaveTextContent("Moving Workout 2 to Friday Mar 6…")
    for (const button of canvas.getAllByRole("button", { name: /^Move / })) await expect(button).toBeDisabled()
    await expect(canvas.queryByText(/moved to/)).toBeNull()
  }
}

/** The server answered: the chip is on its new day, said so, and has the focus. */
export const Moved: Story = {
  ...atADesk(
    "calendar.showing.moved",
    calendarContext({
      days: {
        ...calendarContext().days,
        [MONDAY]: { workouts: calendarContext().days[MONDAY]?.workouts.slice(0, 1) ?? [] },
        [FRIDAY]: { workouts: [{ ...(calendarContext().days[MONDAY]?.workouts[1] ?? never()), workoutOrder: 0 }] }
      },
      moved: { date: FRIDAY, workoutOrder: 0, name: "Workout 2" }
    })
  ),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await expect(canvas.getByText("Workout 2 moved to Friday Mar 6", { selector: ".calendar-move-done" })).toBeVisible()
    await expect(announcement(canvasElement)).toHaveTextContent("Workout 2 moved to Friday Mar 6")
    const friday = cellOf(canvasElement, "Friday, March 6, 2026")
    await expect(within(friday).getByText("Deadlift")).toBeVisible()
    await expect(within(cellOf(canvasElement, "Monday, March 2, 2026")).queryByText("Deadlift")).toBeNull()
    await expect(moveButton(canvasElement, "Move Workout 1, Friday, March 6, 2026")).toHaveFocus()
    await expect(canvas.getByRole("link", { name: /^Friday, March 6, 2026, Deadlift, completed$/ })).toBeVisible()
  }
}

/** Not moved: why, with Try again (the same move again) and Cancel. */
export const MoveFailed: Story = {
  ...atADesk(
    "calendar.showing.moveFailed",
    calendarContext({
      move: pickedUp,
      moveFailure: "The workout was not moved. We couldn't reach the server. Check your connection and try again."
    })
  ),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await expect(canvas.getByRole("alert")).toHaveTextContent(
      "The workout was not moved. We couldn't reach the server. Check your connection and try again."
    )
    await expect(canvas.getByRole("button", { name: "Cancel" })).toBeEnabled()
    await expect(within(cellOf(canvasElement, "Monday, March 2, 2026")).getByText("Deadlift")).toBeVisible()
    await userEvent.click(canvas.getByRole("button", { name: "Try again" }))
    await expect(announcement(canvasElement)).toHaveTextContent("Moving Workout 2 to Friday Mar 6…")
  }
}

function never(): never {
  throw new Error("the fixture lost Monday's second workout")
}
