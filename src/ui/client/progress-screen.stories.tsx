import type { Meta, StoryObj } from "@storybook/react-vite"
import { expect, userEvent, within } from "storybook/test"
import { fromPromise } from "xstate"
import {
  doneAheadRows,
  loggedSet,
  oneDayRows,
  progressContext
} from "#machines/client-progress/client-progress.fixtures.ts"
import { clientProgressMachine } from "#machines/client-progress/client-progress.machine.ts"
import type {
  ClientProgressContext,
  LoadedProgress,
  ProgressSpan
} from "#machines/client-progress/client-progress.types.ts"
import { AreaLayout } from "#ui/layout/area-layout.tsx"
import { useSeededActor } from "./client-story.tsx"
import { ProgressScreen } from "./progress-screen.tsx"

// The read never answers: a story stays in the state it is seeded in.
const storyMachine = clientProgressMachine.provide({
  actors: {
    loadProgress: fromPromise<LoadedProgress, ProgressSpan>(() => new Promise(() => undefined))
  }
})

function SeededProgress({ state, context }: { state: string; context: ClientProgressContext }) {
  const progress = useSeededActor(storyMachine, state, context)
  return (
    <AreaLayout area="client">
      <ProgressScreen progress={progress} />
    </AreaLayout>
  )
}

const meta = {
  title: "Client/Progress",
  component: SeededProgress,
  parameters: { machine: "client-progress", route: "/client/progress" }
} satisfies Meta<typeof SeededProgress>

export default meta
type Story = StoryObj<typeof meta>

const inState = (state: string, context: ClientProgressContext) => ({
  args: { state, context },
  parameters: { machineState: state }
})

export const Loading: Story = {
  ...inState("loading", progressContext({ rows: [] })),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await expect(canvas.getByRole("heading", { level: 1 })).toHaveTextContent("Progress")
    await expect(canvas.getByRole("status")).toHaveTextContent("Loading...")
    await expect(canvas.getByRole("combobox", { name: "Range" })).toHaveValue("6m")
    await expect(canvas.queryByRole("combobox", { name: "Exercise" })).toBeNull()
  }
}

export const ShowingWithPrs: Story = {
  ...inState("showing", progressContext({ exercise: "back-squat" })),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    const exercise = canvas.getByRole("combobox", { name: "Exercise" })
    await expect(exercise).toHaveValue("back-squat")
    // Only what was logged, by the library's names: Front Squat is its own exercise.
    await expect(
      within(exercise)
        .getAllByRole("option")
        .map((o) => o.textContent)
    ).toEqual(["Front Squat", "Back Squat", "Sled Push Thing"])
    // Every number is said to be an estimate: the PRs, the axis, the summary and a note.
    await expect(canvas.getByText("Estimated e1RM PRs: Oct 5 — 332.5 lbs, Nov 2 — 340 lbs")).toBeVisible()
    await expect(await canvas.findByText("Estimated e1RM (lbs)")).toBeInTheDocument()
    await expect(canvasElement.querySelector("figcaption")).toHaveTextContent(
      "Back Squat: 4 days logged in the last 6 months, estimated e1RM from 320.8 lbs on Sep 14 to 340 lbs on Nov 2, 2 PRs."
    )
    await expect(canvas.getByText(/^Estimated one-rep max \(e1RM\), worked out from/)).toBeVisible()
    await expect(canvas.queryByText(/Example data/)).toBeNull()
  }
}

export const ShowingInKilograms: Story = {
  ...inState("showing", progressContext({ exercise: "back-squat", unit: "kg" })),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    // A client who reads kilograms: every set converted from the unit it was logged in.
    await expect(canvas.getByText("Estimated e1RM PRs: Oct 5 — 150.8 kg, Nov 2 — 154.2 kg")).toBeVisible()
    await expect(await canvas.findByText("Estimated e1RM (kg)")).toBeInTheDocument()
    await expect(canvas.queryByText("Estimated e1RM (lbs)")).toBeNull()
    await expect(canvasElement.querySelector("figcaption")).toHaveTextContent(
      "Back Squat: 4 days logged in the last 6 months, estimated e1RM from 145.5 kg on Sep 14 to 154.2 kg on Nov 2, 2 PRs."
    )
  }
}

export const ShowingOnePoint: Story = {
  ...inState("showing", progressContext({ rows: oneDayRows })),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await expect(canvas.getByRole("combobox", { name: "Exercise" })).toHaveValue("bench-press")
    await expect(canvasElement.querySelector("figcaption")).toHaveTextContent(
      "Bench Press: one day logged in the last 6 months, estimated e1RM 228.2 lbs on Nov 16."
    )
    await expect(canvas.queryByText(/PRs:/)).toBeNull()
    await expect(await canvas.findByText("Estimated e1RM (lbs)")).toBeInTheDocument()
  }
}

export const ShowingWorkDoneAhead: Story = {
  ...inState("showing", progressContext({ rows: doneAheadRows })),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    // Nov 24's workout, done today (Nov 20): plotted today, never on a day to come.
    await expect(canvasElement.querySelector("figcaption")).toHaveTextContent(
      "Bench Press: 2 days logged in the last 6 months, estimated e1RM from 215.8 lbs on Nov 10 to 228.2 lbs on Nov 20, 1 PR."
    )
    await expect(canvas.getByText("Estimated e1RM PRs: Nov 20 — 228.2 lbs")).toBeVisible()
    await expect(canvas.queryByText(/Nov 24/)).toBeNull()
    await expect(canvas.queryByText(/Example data|No sets logged/)).toBeNull()
  }
}

export const ShowingOnlyEarlierSets: Story = {
  ...inState("showing", progressContext({ rows: [], loggedBefore: true, range: "3m" })),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    // Sets older than the range: said so, and never SPEC's example as if it were theirs.
    await expect(
      canvas.getByText("No sets logged in the last 3 months. Pick a longer range to see your earlier sets.")
    ).toBeVisible()
    await expect(canvas.queryByText(/Example data/)).toBeNull()
    await expect(canvas.queryByRole("combobox", { name: "Lift" })).toBeNull()
    await expect(canvasElement.querySelector("figure")).toBeNull()
    await expect(canvas.getByRole("combobox", { name: "Range" })).toHaveValue("3m")
  }
}

export const ShowingNoEstimate: Story = {
  ...inState(
    "showing",
    progressContext({ rows: [loggedSet(1, "2026-11-16", "Plank", { exercise_id: "plank", reps: 3 })] })
  ),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    // Sets with no weight give no estimate: said so, no example in their place.
    await expect(
      canvas.getByText("No estimated e1RM in the last 6 months: log a weight and reps to see one.")
    ).toBeVisible()
    await expect(canvas.queryByText(/Example data/)).toBeNull()
    await expect(canvasElement.querySelector("figure")).toBeNull()
  }
}

export const NeverLogged: Story = {
  ...inState("showing", progressContext({ rows: [], range: "3m" })),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    // Only someone who has never done a set sees the example.
    await expect(canvas.getByText("No sets logged in the last 3 months.")).toBeVisible()
    // SPEC's example chart: the 'Lift' dropdown, Squat first, sample data said to be an example.
    const lift = canvas.getByRole("combobox", { name: "Lift" })
    await expect(lift).toHaveValue("back-squat")
    await expect(
      within(lift)
        .getAllByRole("option")
        .map((o) => o.textContent)
    ).toEqual(["Squat", "Bench Press", "Deadlift"])
    await expect(canvas.getByText("Example data: log Squat sets to see your own progress.")).toBeVisible()
    await userEvent.selectOptions(lift, "deadlift")
    await expect(canvas.getByText("Example data: log Deadlift sets to see your own progress.")).toBeVisible()
  }
}

export const NeverLoggedInKilograms: Story = {
  ...inState("showing", progressContext({ rows: [], unit: "kg" })),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    // SPEC's example, in pounds as written there, converted for a client who reads kilograms.
    await expect(await canvas.findByText("Estimated e1RM (kg)")).toBeInTheDocument()
    await expect(canvasElement.querySelector("figcaption")).toHaveTextContent(
      /^Example data for Squat, not yours: estimated e1RM from [\d.]+ kg to [\d.]+ kg\.$/
    )
  }
}

export const Failed: Story = {
  ...inState(
    "failed",
    progressContext({
      rows: [],
      failure: "We couldn't reach the server. Check your connection and try again."
    })
  ),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await expect(canvas.getByRole("alert")).toHaveTextContent("We couldn't load your progress.")
    await expect(canvas.getByRole("button", { name: "Try again" })).toBeEnabled()
    // A failed read is never shown as nothing logged.
    await expect(canvas.queryByText(/No sets logged/)).toBeNull()
  }
}
