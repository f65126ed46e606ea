import type { Meta, StoryObj } from "@storybook/react-vite"
import { expect, userEvent, within } from "storybook/test"
import { clientMaxesImplementations } from "#machines/client-maxes/client-maxes.actors.ts"
import {
  CLIENT_NAME,
  doneAheadLogged,
  maxesContext,
  maxesInput,
  storyClientMaxesPorts
} from "#machines/client-maxes/client-maxes.fixtures.ts"
import { clientMaxesMachine } from "#machines/client-maxes/client-maxes.machine.ts"
import type { ClientMaxesContext } from "#machines/client-maxes/client-maxes.types.ts"
import { freshDraft } from "#machines/client-maxes/client-maxes.entry.ts"
import { preferencesImplementations } from "#machines/preferences/preferences.actors.ts"
import {
  clientOfCoachInput,
  preferencesContext,
  storyPreferencesPorts
} from "#machines/preferences/preferences.fixtures.ts"
import { preferencesMachine } from "#machines/preferences/preferences.machine.ts"
import { ClientMaxes } from "./client-maxes.tsx"
import { SeededActor } from "./seeded-actor.tsx"

const storyMachine = clientMaxesMachine.provide(clientMaxesImplementations(storyClientMaxesPorts))
const storyPlates = preferencesMachine.provide(preferencesImplementations(storyPreferencesPorts))

// The client's bar and plates sit under the maxes, read: a 15 kg bar, 0.5 kg plates.
function MaxesScreen({ state, context }: { state: string; context: ClientMaxesContext }) {
  return (
    <SeededActor machine={storyMachine} state={state} context={context} input={maxesInput}>
      {(maxes) => (
        <SeededActor
          machine={storyPlates}
          state="ready.editing"
          context={preferencesContext("coach-of-client")}
          input={clientOfCoachInput}
        >
          {(plates) => <ClientMaxes maxes={maxes} plates={plates} />}
        </SeededActor>
      )}
    </SeededActor>
  )
}

const meta = {
  title: "Coach/Client maxes",
  component: MaxesScreen,
  parameters: { machine: "client-maxes", route: "/coach/clients/7/maxes" }
} satisfies Meta<typeof MaxesScreen>

export default meta
type Story = StoryObj<typeof meta>

const inState = (state: string, context: ClientMaxesContext = maxesContext()) => ({
  args: { state, context },
  parameters: { machineState: state }
})

const nothingLoaded = maxesContext({ entries: [], clientName: null })
const deadlift = { exercise_id: "deadlift", value: "405", unit: "lb", set_on: maxesInput.today } as const
const pendingDeadlift = {
  clientId: maxesInput.clientId,
  exercise_id: "deadlift",
  value: 405,
  unit: "lb",
  set_on: maxesInput.today
} as const

export const Loading: Story = {
  ...inState("loading", nothingLoaded),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await expect(canvas.getByRole("heading", { level: 1 })).toHaveTextContent("Maxes")
    await expect(canvas.getByText("Loading...")).toHaveRole("status")
    await expect(canvas.queryByRole("button", { name: "Save max" })).toBeNull()
  }
}

export const Failed: Story = {
  ...inState("failed", nothingLoaded),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await expect(canvas.getByRole("alert")).toHaveTextContent("couldn't load this client's maxes")
    await expect(canvas.getByRole("button", { name: "Try again" })).toBeEnabled()
    // A failed read is never shown as a client without maxes.
    await expect(canvas.queryByText(/No maxes recorded yet/)).toBeNull()
  }
}

export const ShowingEmpty: Story = {
  ...inState("showing.editing", maxesContext({ entries: [], clientName: null, logged: null })),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await expect(canvas.getByText("Client maxes")).toBeVisible()
    await expect(canvas.getByText("No maxes recorded yet. Add the first one below.")).toBeVisible()
    // Logged sets that could not be read leave the working e1RM unknown, never zero.
    await expect(canvas.getByRole("region", { name: "Working e1RM (estimated)" })).toHaveTextContent(
      "We couldn't read this client's logged sets, so their working e1RM is unknown."
    )
    await expect(canvas.getByRole("combobox", { name: "Exercise" })).toHaveValue("")
    await expect(canvas.getByRole("radio", { name: "lbs" })).toBeChecked()
    await expect(canvas.getByLabelText("Date set")).toHaveValue(maxesInput.today)
    await expect(canvas.getByRole("button", { name: "Save max" })).toBeEnabled()
  }
}

export const ShowingWithHistory: Story = {
  ...inState("showing.editing"),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await expect(canvas.getByText(CLIENT_NAME)).toBeVisible()
    const current = within(canvas.getByRole("region", { name: "Current maxes" }))
    await expect(
      current
        .getAllByRole("listitem")
        .filter((item) => item.classList.contains("maxes-row"))
        .map((row) => row.querySelector(".maxes-current")?.textContent)
    ).toEqual(["Back Squat — 315 lbs, set Nov 2, 2026", "Bench Press — 102.5 kg, set Oct 15, 2026"])
    // Beside the tested maxes, what the logged sets work out to (275 x 5 lb, 100 x 3 kg), in the
    // coach's pounds, said to be estimates.
    const region = canvas.getByRole("region", { name: "Working e1RM (estimated)" })
    await expect(region).toHaveTextContent(/Estimated from the sets done in the last 8 weeks/)
    const e1rms = within(region)
    await expect(e1rms.getAllByRole("listitem").map((row) => row.textContent)).toEqual([
      "Back Squat — 320.8 lbs",
      "Bench Press — 242.5 lbs"
    ])
    const history = canvas.getByText("History (2)")
    await expect(canvas.getByText("300 lbs,", { exact: false })).not.toBeVisible()
    await userEvent.click(history)
    await expect(canvas.getByText("300 lbs,", { exact: false })).toBeVisible()
    await expect(canvas.getByRole("link", { name: "Back to calendar" })).toHaveAttribute(
      "href",
      "/coach/calendar?client=7"
    )
  }
}

export const ShowingWorkDoneAhead: Story = {
  ...inState("showing.editing", maxesContext({ logged: doneAheadLogged })),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    // Next Tuesday's rows, done today: today's lift, so there is a working e1RM.
    const region = within(canvas.getByRole("region", { name: "Working e1RM (estimated)" }))
    await expect(region.getAllByRole("listitem").map((row) => row.textContent)).toEqual(["Barbell Row — 186.7 lbs"])
    await expect(region.queryByText("Nothing logged in the last 8 weeks.")).toBeNull()
  }
}

export const InvalidInput: Story = {
  ...inState(
    "showing.invalid",
    maxesContext({
      draft: { ...deadlift, value: "0" },
      problem: { field: "value", message: "Value must be more than 0" }
    })
  ),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await expect(canvas.getByRole("alert")).toHaveTextContent("Value must be more than 0")
    const value = canvas.getByRole("textbox", { name: "Max" })
    await expect(value).toHaveValue("0")
    await expect(value).toHaveAttribute("aria-invalid", "true")
    await expect(value).toHaveAccessibleDescription("Value must be more than 0")
    await expect(canvas.getByRole("combobox", { name: "Exercise" })).toHaveValue("deadlift")
  }
}

export const Saving: Story = {
  ...inState("showing.saving", maxesContext({ draft: deadlift, pending: pendingDeadlift })),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await expect(canvas.getByRole("button", { name: "Saving…" })).toBeDisabled()
    await expect(canvas.getByRole("textbox", { name: "Max" })).toBeDisabled()
    await expect(canvas.getByRole("textbox", { name: "Max" })).toHaveValue("405")
  }
}

export const SaveFailed: Story = {
  ...inState(
    "showing.saveFailed",
    maxesContext({
      draft: deadlift,
      pending: pendingDeadlift,
      saveError: "The max was not saved. We couldn't reach the server. Check your connection and try again."
    })
  ),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await expect(canvas.getByRole("alert")).toHaveTextContent("The max was not saved. We couldn't reach the server.")
    await expect(canvas.getByRole("button", { name: "Try again" })).toBeEnabled()
    await expect(canvas.getByRole("button", { name: "Dismiss" })).toBeEnabled()
    // What the coach typed is still there to send again.
    await expect(canvas.getByRole("textbox", { name: "Max" })).toHaveValue("405")
  }
}

export const InTheCoachsUnit: Story = {
  ...inState("showing.editing", maxesContext({ unit: "kg", draft: freshDraft(maxesInput.today, "kg") })),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    // A coach who reads kilograms records a max in kilograms unless they pick pounds.
    await expect(canvas.getByRole("radio", { name: "kg" })).toBeChecked()
    await expect(canvas.getByRole("radio", { name: "lbs" })).not.toBeChecked()
  }
}

export const ClientBarAndPlates: Story = {
  ...inState("showing.editing"),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    const plates = canvas.getByRole("region", { name: "Bar and plates" })
    // The client's unit is shown, not offered: it is theirs to pick.
    await expect(within(plates).getByText("Kilograms (kg)")).toBeVisible()
    await expect(within(plates).queryByRole("radio")).toBeNull()
    await expect(within(plates).getByRole("combobox", { name: "Bar" })).toHaveDisplayValue("15 kg")
    await expect(within(plates).getByRole("combobox", { name: "Smallest plate" })).toHaveDisplayValue("0.5 kg")
  }
}
