import type { Meta, StoryObj } from "@storybook/react-vite"
import { expect, userEvent, within } from "storybook/test"
import { importChunks, suggestMapping } from "#domain/import-plan.ts"
import { NETWORK_DOWN } from "#machines/failure-text.ts"
import {
  STORY_IMPORT_KEY,
  strongFile,
  strongLogbook,
  unitlessLogbook
} from "#machines/history-import/history-import.fixtures.ts"
import { NOT_AN_EXPORT, SAY_THE_UNIT } from "#machines/history-import/history-import.machine.ts"
import type { HistoryImportContext } from "#machines/history-import/history-import.types.ts"
import { idleImport, YourDataScreen } from "./your-data-story.tsx"

// A lifter brings another app's logbook (docs/decisions/049), one story per state of its machine.

const meta = {
  title: "Client/Your data/Import",
  component: YourDataScreen,
  parameters: { machine: "history-import", route: "/client/profile" }
} satisfies Meta<typeof YourDataScreen>

export default meta
type Story = StoryObj<typeof meta>

const previewing = (overrides: Partial<HistoryImportContext> = {}): HistoryImportContext => ({
  ...idleImport,
  file: strongFile,
  readFraction: 1,
  logbook: strongLogbook,
  mapping: Object.fromEntries(suggestMapping(strongLogbook)),
  importKey: STORY_IMPORT_KEY,
  ...overrides
})

const storing = (sent: number, overrides: Partial<HistoryImportContext> = {}): HistoryImportContext => {
  const context = previewing(overrides)
  const chunks = importChunks(strongLogbook, new Map(Object.entries(context.mapping)), undefined)
  return { ...context, chunks: [...chunks, ...chunks], sent }
}

const inState = (importState: string, importContext: HistoryImportContext) => ({
  args: { importState, importContext },
  parameters: { machineState: importState }
})

const section = (canvasElement: HTMLElement) =>
  within(within(canvasElement).getByRole("region", { name: "Bring your history" }))

export const Idle: Story = {
  ...inState("idle", idleImport),
  play: async ({ canvasElement }) => {
    const canvas = section(canvasElement)
    await expect(canvas.getByLabelText("Choose a CSV file")).toHaveAttribute("type", "file")
    await expect(canvas.getByText(/nothing is stored until you confirm/)).toBeVisible()
  }
}

export const Reading: Story = {
  ...inState("reading", { ...idleImport, file: strongFile, readFraction: 0.42, importKey: STORY_IMPORT_KEY }),
  play: async ({ canvasElement }) => {
    const canvas = section(canvasElement)
    await expect(canvas.getByRole("status")).toHaveTextContent("Reading strong_workouts.csv… 42%")
    await expect(canvas.getByRole("progressbar", { name: "Reading strong_workouts.csv" })).toHaveAttribute(
      "value",
      "42"
    )
    await expect(canvas.getByRole("button", { name: "Cancel" })).toBeEnabled()
  }
}

export const Unreadable: Story = {
  ...inState("unreadable", { ...idleImport, file: strongFile, importKey: STORY_IMPORT_KEY, error: NOT_AN_EXPORT }),
  play: async ({ canvasElement }) => {
    const canvas = section(canvasElement)
    await expect(canvas.getByRole("alert")).toHaveTextContent("This file is not an export we can read")
    await expect(canvas.getByLabelText("Choose another file")).toBeEnabled()
  }
}

export const Previewing: Story = {
  ...inState("previewing", previewing()),
  play: async ({ canvasElement }) => {
    const canvas = section(canvasElement)
    await expect(canvas.getByText("From Strong: 2 sessions, 4 sets, Nov 2, 2026 to Nov 4, 2026.")).toBeVisible()
    const table = within(canvas.getByRole("table", { name: "What each exercise becomes" }))
    // Strong's "Squat (Barbell)" is the library's Back Squat; a name the library lacks stays new.
    await expect(table.getByLabelText("Squat (Barbell)")).toHaveDisplayValue("Back Squat")
    await expect(table.getByLabelText("Bench Press (Barbell)")).toHaveDisplayValue("Bench Press")
    await expect(table.getByLabelText("Cable Fly Crossovers")).toHaveDisplayValue("New exercise: Cable Fly Crossovers")
    await expect(canvas.queryByRole("radiogroup")).toBeNull()
    await expect(canvas.getByText(/2 rows not imported/)).toBeVisible()
    await expect(canvas.getByRole("button", { name: "Import 4 sets" })).toBeEnabled()
    // Remapping changes what is sent, on the spot.
    await userEvent.selectOptions(table.getByLabelText("Cable Fly Crossovers"), "Cable Fly")
    await expect(table.getByLabelText("Cable Fly Crossovers")).toHaveDisplayValue("Cable Fly")
  }
}

export const PreviewingAsksTheUnit: Story = {
  ...inState("previewing", previewing({ logbook: unitlessLogbook, error: SAY_THE_UNIT })),
  play: async ({ canvasElement }) => {
    const canvas = section(canvasElement)
    const unit = within(canvas.getByRole("group", { name: /This file does not say kg or lb/ }))
    await expect(unit.getByRole("radio", { name: "kg" })).not.toBeChecked()
    await expect(unit.getByRole("radio", { name: "lb" })).not.toBeChecked()
    await expect(canvas.getByRole("alert")).toHaveTextContent(SAY_THE_UNIT)
    await userEvent.click(unit.getByRole("radio", { name: "kg" }))
    await expect(unit.getByRole("radio", { name: "kg" })).toBeChecked()
    await expect(canvas.queryByRole("alert")).toBeNull()
  }
}

export const Storing: Story = {
  ...inState("storing", storing(1, { stored: { sessionsAdded: 2, setsAdded: 4, sessionsSkipped: 0 } })),
  play: async ({ canvasElement }) => {
    const canvas = section(canvasElement)
    await expect(canvas.getByRole("status")).toHaveTextContent("4 new sets stored so far")
    await expect(canvas.getByRole("progressbar", { name: "Storing strong_workouts.csv" })).toHaveAttribute(
      "value",
      "50"
    )
    await expect(canvas.queryByRole("button")).toBeNull()
  }
}

export const StoreFailed: Story = {
  ...inState(
    "storeFailed",
    storing(1, { stored: { sessionsAdded: 2, setsAdded: 4, sessionsSkipped: 0 }, error: NETWORK_DOWN })
  ),
  play: async ({ canvasElement }) => {
    const canvas = section(canvasElement)
    await expect(canvas.getByRole("alert")).toHaveTextContent("4 new sets stored so far; Try again sends the rest.")
    await expect(canvas.getByRole("button", { name: "Try again" })).toBeEnabled()
    await expect(canvas.getByRole("button", { name: "Stop here" })).toBeEnabled()
  }
}

export const Stored: Story = {
  ...inState("stored", storing(2, { stored: { sessionsAdded: 2, setsAdded: 4, sessionsSkipped: 0 } })),
  play: async ({ canvasElement }) => {
    const canvas = section(canvasElement)
    await expect(canvas.getByRole("status")).toHaveTextContent("Imported 4 new sets from 2 sessions.")
    await expect(canvas.getByRole("link", { name: "See your progress" })).toHaveAttribute("href", "/client/progress")
    await expect(canvas.getByLabelText("Import another file")).toBeEnabled()
  }
}

export const StoredNothingNew: Story = {
  ...inState("stored", storing(2, { stored: { sessionsAdded: 0, setsAdded: 0, sessionsSkipped: 2 } })),
  play: async ({ canvasElement }) => {
    const canvas = section(canvasElement)
    await expect(canvas.getByRole("status")).toHaveTextContent(
      "0 new sets: everything in this file was already in your history. 2 sessions already imported stayed as they were."
    )
  }
}
