import type { Meta, StoryObj } from "@storybook/react-vite"
import { expect, within } from "storybook/test"
import {
  CLIENT_NAME,
  dayContext,
  dayInput,
  importedDay,
  kilogramDay,
  supersetDay
} from "#machines/coach-day/coach-day.fixtures.ts"
import { IMPORTED_ORIGIN } from "#machines/coach-day/coach-day.selectors.ts"
import type { CoachDayContext } from "#machines/coach-day/coach-day.types.ts"
import type { CommentId } from "#domain/comments.ts"
import type { SetId } from "#domain/ids.ts"
import { onSet, onWorkout, repliedOnSet } from "#machines/comments/comments.fixtures.ts"
import { DayScreen } from "./day-story.tsx"

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
    await expect(canvas.getByRole("heading", { level: 1 })).toHaveTextContent("Monday, March 2, 2026")
    await expect(canvas.getByText(`for ${CLIENT_NAME}`)).toBeVisible()
    // Opening the day leaves the keyboard where the page starts; only a closing Undo bar moves it.
    await expect(canvas.getByRole("heading", { level: 1 })).not.toHaveFocus()
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
      "/coach/calendar?client=7&week=2026-03-01"
    )
    // Each workout is edited, copied or deleted by its order in the day.
    const card = within(canvas.getByRole("article"))
    await expect(card.getByRole("link", { name: "Edit" })).toHaveAttribute(
      "href",
      "/coach/workoutbuilder/7/03-02-2026?workout=0"
    )
    await expect(card.getByRole("link", { name: "Copy or repeat" })).toHaveAttribute(
      "href",
      "/coach/copy/7/03-02-2026?workout=0"
    )
    await expect(card.getByRole("button", { name: "Delete" })).toBeEnabled()
    await expect(canvas.getByRole("link", { name: "Copy this day or week" })).toHaveAttribute(
      "href",
      "/coach/copy/7/03-02-2026"
    )
  }
}

export const ClientUnnamed: Story = {
  ...inState("showing", dayContext({ clientName: null })),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    // The coach's list could not be read: the day is shown, naming no one rather than someone wrong.
    await expect(canvas.getByRole("heading", { name: "Strength Workout" })).toBeVisible()
    await expect(canvas.queryByText(/^for /)).toBeNull()
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

/** Every row's Prescribed and Performed cells, in order. */
const cellsOf = (canvasElement: HTMLElement) =>
  within(canvasElement)
    .getAllByRole("row")
    .slice(1)
    .filter((row) => row.querySelector("td") !== null)
    .map((row) => [...row.querySelectorAll("td")].map((cell) => cell.textContent))

export const KilogramSetsForAPoundCoach: Story = {
  ...inState("showing", dayContext({ ...kilogramDay, viewerUnit: "lb" })),
  play: async ({ canvasElement }) => {
    // A set stored in kilograms reads in the coach's pounds, with the kilograms the lifter typed beside it.
    await expect(cellsOf(canvasElement)).toEqual([
      ["237 lbs (107.5 kg), 5 reps", "237 lbs (107.5 kg), 5 reps"],
      ["185 lbs, 5 reps", "185 lbs, 5 reps"]
    ])
  }
}

export const PoundSetsForAKilogramCoach: Story = {
  ...inState("showing", dayContext({ ...kilogramDay, viewerUnit: "kg" })),
  play: async ({ canvasElement }) => {
    await expect(cellsOf(canvasElement)).toEqual([
      ["107.5 kg, 5 reps", "107.5 kg, 5 reps"],
      ["83.9 kg (185 lbs), 5 reps", "83.9 kg (185 lbs), 5 reps"]
    ])
  }
}

export const CoachUnitUnknown: Story = {
  ...inState("showing", dayContext({ ...kilogramDay, viewerUnit: null })),
  play: async ({ canvasElement }) => {
    // The coach's unit could not be read: each weight in the unit it was stored in, never a bare number.
    await expect(cellsOf(canvasElement)).toEqual([
      ["107.5 kg, 5 reps", "107.5 kg, 5 reps"],
      ["185 lbs, 5 reps", "185 lbs, 5 reps"]
    ])
  }
}

export const TitledSuperset: Story = {
  ...inState("showing", dayContext(supersetDay)),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await expect(canvas.getByRole("heading", { level: 2, name: "Upper pull" })).toBeVisible()
    await expect(canvas.getAllByRole("heading", { level: 3 }).map((heading) => heading.textContent)).toEqual([
      "A1 Pull-up",
      "A2 Dip"
    ])
    await expect(canvas.getByText("Tempo 21X1 · No rest")).toBeVisible()
    await expect(canvas.getByText("Rest 1:30 min")).toBeVisible()
    await expect(canvas.getByText("Note to client: Full hang at the bottom")).toBeVisible()
  }
}

export const ImportedWorkout: Story = {
  ...inState("showing", dayContext({ ...importedDay, viewerUnit: "lb" })),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    // Marked as the client's import, in true units, and with no demo to set on the client's own exercise.
    await expect(canvas.getByRole("heading", { level: 2, name: "Legs" })).toBeVisible()
    await expect(canvas.getByText(IMPORTED_ORIGIN)).toBeVisible()
    await expect(cellsOf(canvasElement).map(([, performed]) => performed)).toEqual([
      "220.5 lbs (100 kg), 8 reps",
      "220.5 lbs (100 kg), 8 reps"
    ])
    await expect(canvas.queryByRole("button", { name: /demo video/ })).toBeNull()
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
    await expect(canvas.queryByRole("link", { name: "Copy this day or week" })).toBeNull()
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

export const NotFound: Story = {
  ...inState("notFound", dayContext({ workouts: [], results: [], completions: null, clientName: null })),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    // Another coach's client, or an id on no list: not found, never "check your connection".
    await expect(canvas.getByRole("heading", { level: 1 })).toHaveTextContent("Client not found")
    await expect(canvas.getByText("No client with that id on your list.")).toBeVisible()
    await expect(canvas.queryByText(/connection/)).toBeNull()
    await expect(canvas.getByRole("link", { name: "Back to calendar" })).toHaveAttribute("href", "/coach/calendar")
  }
}

// The client's notes (docs/decisions/029): beside Back Squat's second set, replied to, and on the workout, with a reply in place.
export const WithComments: Story = {
  args: {
    state: "showing",
    context: dayContext(),
    comments: {
      failure: null,
      comments: [
        { ...repliedOnSet, date: dayInput.date, setId: 12 as SetId, exercise: "Back Squat" },
        { ...onWorkout, date: dayInput.date },
        {
          ...onSet,
          id: "3e9b7f4b-1cad-4f40-8d96-5c4b8a0f2e43" as CommentId,
          date: dayInput.date,
          setId: 14 as SetId,
          exercise: "Deadlift",
          setIndex: 0,
          body: "grip gave out",
          seq: 15
        }
      ]
    }
  },
  parameters: { machineState: "showing" },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    // The comments come in a chunk of their own once the day is up.
    const squatNotes = await canvas.findByRole("list", { name: "Client notes on back squat set 2" })
    await expect(squatNotes).toHaveTextContent("left knee, stopped at 3")
    await expect(squatNotes).toHaveTextContent("You replied: Take the next squat day lighter")
    await expect(
      within(squatNotes).getByRole("button", { name: "Change reply to “left knee, stopped at 3”" })
    ).toBeVisible()
    // Beside the set it is on: the row after Back Squat's set 2.
    const rows = canvas.getAllByRole("row")
    const setTwo = rows.findIndex((row) => row.textContent.startsWith("Set 2225 lbs"))
    await expect(rows[setTwo + 1]).toHaveTextContent("left knee, stopped at 3")
    const deadlift = canvas.getByRole("list", { name: "Client notes on deadlift set 1" })
    await expect(deadlift).toHaveTextContent("grip gave out")
    await expect(deadlift).toHaveTextContent("Not replied yet")
    await expect(within(deadlift).getByRole("button", { name: "Reply to “grip gave out”" })).toBeVisible()
    await expect(canvas.getByRole("list", { name: "Comments on this workout" })).toHaveTextContent(onWorkout.body)
  }
}
