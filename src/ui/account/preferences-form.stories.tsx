import type { Meta, StoryObj } from "@storybook/react-vite"
import { expect, userEvent, within } from "storybook/test"
import { UNIT_IS_THE_LIFTERS } from "#domain/preferences.ts"
import { NETWORK_DOWN } from "#machines/failure-text.ts"
import { preferencesImplementations } from "#machines/preferences/preferences.actors.ts"
import {
  clientOfCoachInput,
  coachInput,
  lifterInput,
  preferencesContext,
  storyPreferencesPorts
} from "#machines/preferences/preferences.fixtures.ts"
import { preferencesMachine } from "#machines/preferences/preferences.machine.ts"
import type { PreferencesContext } from "#machines/preferences/preferences.types.ts"
import { Page } from "#ui/layout/page.tsx"
import { SeededActor } from "#ui/coach/seeded-actor.tsx"
import { PreferencesForm } from "./preferences-form.tsx"

const storyMachine = preferencesMachine.provide(preferencesImplementations(storyPreferencesPorts))

function PreferencesScreen({ state, context }: { state: string; context: PreferencesContext }) {
  const input = { lifter: lifterInput, coach: coachInput, "coach-of-client": clientOfCoachInput }[context.editor]
  return (
    <Page title="Profile">
      <SeededActor machine={storyMachine} state={state} context={context} input={input}>
        {(preferences) => <PreferencesForm preferences={preferences} />}
      </SeededActor>
    </Page>
  )
}

const meta = {
  title: "Account/Preferences",
  component: PreferencesScreen,
  parameters: { machine: "preferences", route: "/client/profile" }
} satisfies Meta<typeof PreferencesScreen>

export default meta
type Story = StoryObj<typeof meta>

const inState = (state: string, context: PreferencesContext = preferencesContext()) => ({
  args: { state, context },
  parameters: { machineState: state }
})

const edited = preferencesContext("lifter", { draft: { unit: "kg", bar: 20, smallest_plate: 1.25 } })

export const Loading: Story = {
  ...inState("loading"),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await expect(canvas.getByRole("status")).toHaveTextContent("Loading...")
    // Nothing made up while the read is out: no choices until the server answered.
    await expect(canvas.queryByRole("radio")).toBeNull()
    await expect(canvas.queryByRole("button", { name: "Save" })).toBeNull()
  }
}

export const LoadFailed: Story = {
  ...inState("loadFailed", preferencesContext("lifter", { failure: NETWORK_DOWN })),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await expect(canvas.getByRole("alert")).toHaveTextContent(`We couldn't load your units and plates. ${NETWORK_DOWN}`)
    await expect(canvas.getByRole("button", { name: "Try again" })).toBeEnabled()
    await expect(canvas.queryByRole("radio")).toBeNull()
  }
}

export const Editing: Story = {
  ...inState("ready.editing"),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await expect(canvas.getByRole("heading", { name: "Units and plates" })).toBeVisible()
    await expect(canvas.getByRole("radio", { name: "Kilograms (kg)" })).toBeChecked()
    await expect(canvas.getByRole("combobox", { name: "Bar" })).toHaveDisplayValue("15 kg")
    await expect(canvas.getByRole("combobox", { name: "Smallest plate" })).toHaveDisplayValue("0.5 kg")
    // Nothing changed yet: nothing to save, and nothing said to be saved.
    await expect(canvas.getByRole("button", { name: "Save" })).toBeDisabled()
    await expect(canvas.getByRole("status")).toBeEmptyDOMElement()
    // A new unit brings its usual bar and plates.
    await userEvent.click(canvas.getByRole("radio", { name: "Pounds (lb)" }))
    await expect(canvas.getByRole("combobox", { name: "Bar" })).toHaveDisplayValue("Usual (45 lb bar)")
    await expect(canvas.getByRole("combobox", { name: "Smallest plate" })).toHaveDisplayValue("Usual (2.5 lb plates)")
    await expect(canvas.getByRole("button", { name: "Save" })).toBeEnabled()
  }
}

export const Saving: Story = {
  ...inState("ready.saving", edited),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await expect(canvas.getByRole("button", { name: "Saving…" })).toBeDisabled()
    await expect(canvas.getByRole("combobox", { name: "Bar" })).toBeDisabled()
    await expect(canvas.getByRole("status")).toBeEmptyDOMElement()
  }
}

export const Saved: Story = {
  ...inState("ready.saved", preferencesContext("lifter", { stored: edited.draft, draft: edited.draft })),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await expect(canvas.getByRole("status")).toHaveTextContent("Saved")
    await expect(canvas.getByRole("combobox", { name: "Bar" })).toHaveDisplayValue("20 kg")
    await expect(canvas.getByRole("combobox", { name: "Smallest plate" })).toHaveDisplayValue("1.25 kg")
    await expect(canvas.getByRole("button", { name: "Save" })).toBeDisabled()
  }
}

export const SaveFailed: Story = {
  ...inState("ready.saveFailed", { ...edited, failure: NETWORK_DOWN }),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await expect(canvas.getByRole("alert")).toHaveTextContent(`Your units and plates were not saved. ${NETWORK_DOWN}`)
    // What was entered stays, ready to be sent again.
    await expect(canvas.getByRole("combobox", { name: "Smallest plate" })).toHaveDisplayValue("1.25 kg")
    await expect(canvas.getByRole("button", { name: "Save" })).toBeEnabled()
    await expect(canvas.getByRole("status")).toBeEmptyDOMElement()
  }
}

export const CoachProfile: Story = {
  ...inState("ready.editing", preferencesContext("coach")),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await expect(canvas.getByRole("heading", { name: "Units" })).toBeVisible()
    await expect(canvas.getByRole("radio", { name: "Pounds (lb)" })).toBeChecked()
    // A coach loads no bar of their own.
    await expect(canvas.queryByRole("combobox")).toBeNull()
  }
}

export const CoachOfClient: Story = {
  ...inState("ready.editing", preferencesContext("coach-of-client")),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await expect(canvas.getByRole("heading", { name: "Bar and plates" })).toBeVisible()
    // The unit is the client's: shown, never offered.
    await expect(canvas.getByText("Kilograms (kg)")).toBeVisible()
    await expect(canvas.queryByRole("radio")).toBeNull()
    await userEvent.selectOptions(canvas.getByRole("combobox", { name: "Bar" }), "10 kg")
    await expect(canvas.getByRole("button", { name: "Save" })).toBeEnabled()
  }
}

export const CoachOfClientRefused: Story = {
  ...inState(
    "ready.saveFailed",
    preferencesContext("coach-of-client", {
      draft: { unit: "kg", bar: 10, smallest_plate: 0.5 },
      failure: UNIT_IS_THE_LIFTERS
    })
  ),
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole("alert")).toHaveTextContent(
      `This client's bar and plates were not saved. ${UNIT_IS_THE_LIFTERS}`
    )
  }
}
