import type { Meta, StoryObj } from "@storybook/react-vite"
import { expect, within } from "storybook/test"
import { NETWORK_DOWN } from "#machines/failure-text.ts"
import { recentImport, yourDataContext } from "#machines/your-data/your-data.fixtures.ts"
import type { YourDataContext } from "#machines/your-data/your-data.types.ts"
import { YourDataScreen } from "./your-data-story.tsx"

// The lifter's imports on their profile (docs/decisions/049), one story per state of its machine.

const meta = {
  title: "Client/Your data/Imports",
  component: YourDataScreen,
  parameters: { machine: "your-data", route: "/client/profile" }
} satisfies Meta<typeof YourDataScreen>

export default meta
type Story = StoryObj<typeof meta>

const inState = (dataState: string, dataContext: YourDataContext = yourDataContext()) => ({
  args: { dataState, dataContext },
  parameters: { machineState: dataState }
})

const imports = (canvasElement: HTMLElement) =>
  within(within(canvasElement).getByRole("region", { name: "Your imports" }))
const exports = (canvasElement: HTMLElement) =>
  within(within(canvasElement).getByRole("region", { name: "Take your data" }))

export const Loading: Story = {
  ...inState("loading", yourDataContext({ imports: null })),
  play: async ({ canvasElement }) => {
    await expect(imports(canvasElement).getByRole("status")).toHaveTextContent("Loading your imports…")
  }
}

export const LoadFailed: Story = {
  ...inState("loadFailed", yourDataContext({ imports: null, error: NETWORK_DOWN })),
  play: async ({ canvasElement }) => {
    await expect(imports(canvasElement).getByRole("alert")).toHaveTextContent(NETWORK_DOWN)
    await expect(imports(canvasElement).getByRole("button", { name: "Try again" })).toBeEnabled()
  }
}

export const Listed: Story = {
  ...inState("listed"),
  play: async ({ canvasElement }) => {
    const list = imports(canvasElement)
    await expect(list.getByText(/from Strong: 412 sessions, 6,120 sets/)).toBeVisible()
    // Only an import within its day can be undone.
    await expect(list.getByRole("button", { name: "Undo the import of strong_workouts.csv" })).toBeEnabled()
    await expect(list.queryByRole("button", { name: "Undo the import of workout_data.csv" })).toBeNull()
    await expect(exports(canvasElement).getByRole("button", { name: "Download CSV" })).toBeEnabled()
  }
}

export const ListedEmpty: Story = {
  ...inState("listed", yourDataContext({ imports: [] })),
  play: async ({ canvasElement }) => {
    await expect(imports(canvasElement).getByText("Nothing imported yet.")).toBeVisible()
  }
}

export const ConfirmingUndo: Story = {
  ...inState("confirmingUndo", yourDataContext({ undoId: recentImport.id })),
  play: async ({ canvasElement }) => {
    const ask = within(imports(canvasElement).getByRole("group", { name: "Undo this import?" }))
    await expect(ask.getByText(/Its 6,120 sets leave your history/)).toBeVisible()
    await expect(ask.getByRole("button", { name: "Keep it" })).toHaveFocus()
    await expect(ask.getByRole("button", { name: "Undo import" })).toBeEnabled()
  }
}

export const Undoing: Story = {
  ...inState("undoing", yourDataContext({ undoId: recentImport.id })),
  play: async ({ canvasElement }) => {
    await expect(imports(canvasElement).getByRole("status")).toHaveTextContent("Undoing the import…")
    await expect(imports(canvasElement).getByRole("button", { name: /Undo the import of/ })).toBeDisabled()
  }
}

export const UndoFailed: Story = {
  ...inState("undoFailed", yourDataContext({ undoId: recentImport.id, error: NETWORK_DOWN })),
  play: async ({ canvasElement }) => {
    await expect(imports(canvasElement).getByRole("alert")).toHaveTextContent(
      `The import was not undone. ${NETWORK_DOWN}`
    )
    await expect(imports(canvasElement).getByRole("button", { name: "Back" })).toBeEnabled()
  }
}
