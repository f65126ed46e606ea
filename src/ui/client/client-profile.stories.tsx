import type { Meta, StoryObj } from "@storybook/react-vite"
import { expect, userEvent, within } from "storybook/test"
import { preferencesImplementations } from "#machines/preferences/preferences.actors.ts"
import { lifterInput, preferencesContext, storyPreferencesPorts } from "#machines/preferences/preferences.fixtures.ts"
import { preferencesMachine } from "#machines/preferences/preferences.machine.ts"
import type { PreferencesContext } from "#machines/preferences/preferences.types.ts"
import { SeededActor } from "#ui/coach/seeded-actor.tsx"
import { AreaLayout } from "#ui/layout/area-layout.tsx"
import { ClientProfile } from "./client-profile.tsx"

const storyMachine = preferencesMachine.provide(preferencesImplementations(storyPreferencesPorts))

function ProfileScreen({ name, state, context }: { name: string; state: string; context: PreferencesContext }) {
  return (
    <AreaLayout area="client">
      <SeededActor machine={storyMachine} state={state} context={context} input={lifterInput}>
        {(preferences) => <ClientProfile name={name} preferences={preferences} />}
      </SeededActor>
    </AreaLayout>
  )
}

const meta = {
  title: "Client/Profile",
  component: ProfileScreen,
  parameters: { route: "/client/profile", machine: "preferences" }
} satisfies Meta<typeof ProfileScreen>

export default meta
type Story = StoryObj<typeof meta>

export const Placeholder: Story = {
  args: { name: "Alex Lifter", state: "ready.editing", context: preferencesContext() },
  parameters: { machineState: "ready.editing" },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await expect(canvas.getByRole("heading", { level: 1 })).toHaveTextContent("Alex Lifter")
    // SPEC's settings icon leads to the settings on the page, and focus follows it there.
    const settings = canvas.getByRole("link", { name: "Settings" })
    await expect(settings).toHaveAttribute("href", "#settings")
    await userEvent.click(settings)
    await expect(canvasElement.ownerDocument.getElementById("settings")).toHaveFocus()
    await expect(canvas.getAllByRole("listitem", { name: /Progress photo/ })).toHaveLength(6)
    // The lifter's own units and plates, on their profile.
    await expect(canvas.getByRole("region", { name: "Units and plates" })).toBeVisible()
    await expect(canvas.getByRole("radio", { name: "Kilograms (kg)" })).toBeChecked()
    await expect(canvas.getByRole("combobox", { name: "Bar" })).toHaveDisplayValue("15 kg")
  }
}
