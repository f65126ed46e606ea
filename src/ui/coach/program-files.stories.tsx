import type { Meta, StoryObj } from "@storybook/react-vite"
import { useState } from "react"
import { expect, fn, userEvent, waitFor, within } from "storybook/test"
import { NETWORK_DOWN } from "#machines/failure-text.ts"
import { programFilesImplementations } from "#machines/program-files/program-files.actors.ts"
import {
  baseBlock,
  brokenReading,
  idleProgramContext,
  notJsonReading,
  programContext,
  storyProgramFilesPorts
} from "#machines/program-files/program-files.fixtures.ts"
import { FILE_NOT_READ, programFilesMachine } from "#machines/program-files/program-files.machine.ts"
import type { ProgramFilesContext } from "#machines/program-files/program-files.types.ts"
import type { TemplateId } from "#domain/templates.ts"
import type { MoreTemplatesView } from "./more-templates.tsx"
import { ProgramFiles, SHOW_MORE_TO_EXPORT } from "./program-files.tsx"
import { SeededActor } from "./seeded-actor.tsx"
import "./coach.css"
import "./copy-plan.css"

// A coach's program files beside their templates (docs/decisions/049), one story per state of each region.

const storyMachine = programFilesMachine.provide(programFilesImplementations(storyProgramFilesPorts))

const TEMPLATES = [
  { id: baseBlock.id, name: baseBlock.name },
  { id: 32 as TemplateId, name: "Squat day" }
]

type PageState = "to come" | "asked" | "came"

/**
 * `state`: the one region's leaf that is not idle (a seeded parallel state starts its other region idle).
 * `lastPage`: the templates the copy screen's last page lists, still to come: the button lists them a
 * moment after it is pressed, as over the network, and is gone then.
 */
function ProgramFilesScreen({
  state,
  context,
  more,
  onMore,
  lastPage
}: {
  state: string
  context: ProgramFilesContext
  /** The copy screen's next page of templates, when the coach has more (docs/decisions/051). */
  more?: MoreTemplatesView
  onMore?: () => void
  lastPage?: ReadonlyArray<TemplateId>
}) {
  const [page, setPage] = useState<PageState>("to come")
  const paging = lastPage !== undefined && page !== "came"
  const listed = paging ? TEMPLATES.filter((template) => !lastPage.includes(template.id)) : TEMPLATES
  const pageMore: MoreTemplatesView = paging ? { loading: page === "asked", failure: null } : null
  const nextPage = (): void => {
    setPage("asked")
    setTimeout(() => setPage("came"), 50)
  }
  return (
    <main className="page coach-stack">
      <h1>Copy Ann Lifter’s Wednesday, March 4, 2026</h1>
      <SeededActor machine={storyMachine} state={state} context={context} input={undefined}>
        {(programs) => (
          <ProgramFiles
            programs={programs}
            templates={listed}
            more={lastPage === undefined ? more : pageMore}
            onMore={lastPage === undefined ? onMore : nextPage}
          />
        )}
      </SeededActor>
    </main>
  )
}

const meta = {
  title: "Coach/Copy or repeat/Program files",
  component: ProgramFilesScreen,
  parameters: { machine: "program-files", route: "/coach/copy/7/03-04-2026" }
} satisfies Meta<typeof ProgramFilesScreen>

export default meta
type Story = StoryObj<typeof meta>

type ImportLeaf = "idle" | "reading" | "previewing" | "saving" | "saved" | "failed"
type ExportLeaf = "idle" | "exporting" | "failed"

const inState = (importLeaf: ImportLeaf, exportLeaf: ExportLeaf, context: ProgramFilesContext) => ({
  args: { state: importLeaf === "idle" ? `export.${exportLeaf}` : `import.${importLeaf}`, context },
  parameters: { machineState: [`import.${importLeaf}`, `export.${exportLeaf}`] }
})

export const Idle: Story = {
  ...inState("idle", "idle", idleProgramContext),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    const input = canvas.getByLabelText("Program file (CSV or JSON)")
    await expect(input).toBeEnabled()
    await expect(input).toHaveAccessibleDescription(/week, day, workout, exercise, sets, reps, load/)
    // Each template can be written as either file.
    await expect(canvas.getByRole("button", { name: "Export Base block as CSV" })).toBeEnabled()
    await expect(canvas.getByRole("button", { name: "Export Squat day as JSON" })).toBeEnabled()
    // Two status lines, the import's and the export's, each saying only its own.
    await expect(canvas.getAllByRole("status").map((line) => line.textContent)).toEqual(["", ""])
  }
}

export const IdleNotRead: Story = {
  ...inState("idle", "idle", { ...idleProgramContext, fileName: "photo.png", failure: FILE_NOT_READ }),
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole("alert")).toHaveTextContent(FILE_NOT_READ)
  }
}

export const Reading: Story = {
  ...inState("reading", "idle", programContext({ reading: null, name: "" })),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await expect(canvas.getAllByRole("status")[0]).toHaveTextContent("Reading the file…")
    await expect(canvas.getByLabelText("Program file (CSV or JSON)")).toBeDisabled()
  }
}

export const Previewing: Story = {
  ...inState("previewing", "idle", programContext()),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await expect(canvasElement.querySelector("dl")?.textContent).toBe("Weeks2Days4Workouts4Exercises4Sets10")
    const table = canvas.getByRole("table", { name: "What Base block.csv holds" })
    await expect(table).toHaveFocus()
    await expect(
      within(table)
        .getAllByRole("row")
        .map((row) => row.textContent)
    ).toEqual([
      "WeekDayWorkouts",
      "11Heavy: Back Squat 3 sets",
      "13Bench Press 3 sets",
      "21Heavy: Back Squat 3 sets",
      "25Deadlift 1 set"
    ])
    await expect(canvas.getByLabelText("Template name")).toHaveValue("Base block")
    await expect(canvas.getByRole("button", { name: "Save as template" })).toBeEnabled()
    await expect(canvas.queryByRole("alert")).toBeNull()
  }
}

export const PreviewingProblems: Story = {
  ...inState("previewing", "idle", programContext({ fileName: "broken.csv", reading: brokenReading, name: "broken" })),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    const problems = canvas.getByRole("list", { name: "Problems in the file" })
    await expect(
      within(problems)
        .getAllByRole("listitem")
        .map((item) => item.textContent)
    ).toEqual([
      "Line 3: day must be a whole number from 1 to 7",
      'Line 3: reps must be "AMRAP" or a whole number from 0 to 19'
    ])
    await expect(canvas.getByRole("alert")).toHaveTextContent("Fix these lines in the file, then choose it again.")
    await expect(canvas.getByRole("button", { name: "Save as template" })).toBeDisabled()
  }
}

export const PreviewingNotJson: Story = {
  ...inState("previewing", "idle", programContext({ fileName: "block.json", reading: notJsonReading, name: "" })),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await expect(canvas.getByRole("alert")).toHaveTextContent("the file is not JSON")
    await expect(canvas.queryByRole("table")).toBeNull()
    await expect(canvas.getByRole("button", { name: "Save as template" })).toBeDisabled()
  }
}

export const PreviewingNameTaken: Story = {
  ...inState(
    "previewing",
    "idle",
    programContext({
      refusal: 'name: you already have a template named "Base block" with other content; choose another name'
    })
  ),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    const name = canvas.getByLabelText("Template name")
    await expect(name).toHaveAttribute("aria-invalid", "true")
    await expect(name).toHaveAccessibleDescription(/you already have a template named "Base block"/)
    await userEvent.clear(name)
    await userEvent.type(name, "Base block 2")
    await expect(name).toHaveAttribute("aria-invalid", "false")
  }
}

export const Saving: Story = {
  ...inState("saving", "idle", programContext()),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await expect(canvas.getAllByRole("status")[0]).toHaveTextContent("Saving the program…")
    await expect(canvas.getByRole("button", { name: "Saving…" })).toBeDisabled()
    await expect(canvas.getByRole("button", { name: "Cancel" })).toBeDisabled()
  }
}

export const Saved: Story = {
  ...inState("saved", "idle", programContext({ saved: baseBlock })),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await expect(canvas.getAllByRole("status")[0]).toHaveTextContent(
      "Saved “Base block” as a template. Choose it under “Or a template” to apply it."
    )
    await expect(canvas.getByRole("button", { name: "Done" })).toBeEnabled()
    await expect(canvas.getByLabelText("Program file (CSV or JSON)")).toBeEnabled()
  }
}

export const Failed: Story = {
  ...inState("failed", "idle", programContext({ failure: NETWORK_DOWN })),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await expect(canvas.getByRole("alert")).toHaveTextContent(`The program was not saved.${NETWORK_DOWN}`)
    await expect(canvas.getByRole("button", { name: "Try again" })).toBeEnabled()
    await expect(canvas.getByRole("button", { name: "Back" })).toBeEnabled()
  }
}

export const Exporting: Story = {
  ...inState("idle", "exporting", {
    ...idleProgramContext,
    exporting: { templateId: baseBlock.id, name: "Base block", format: "csv" }
  }),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await expect(canvas.getAllByRole("status")[1]).toHaveTextContent("Writing Base block as CSV…")
    await expect(canvas.getByRole("button", { name: "Export Squat day as CSV" })).toBeDisabled()
  }
}

export const ExportFailed: Story = {
  ...inState("idle", "failed", {
    ...idleProgramContext,
    exporting: { templateId: 32 as TemplateId, name: "Squat day", format: "json" },
    exportFailure:
      "templateId: this template holds what a program file cannot: week 1, day 1, Squat has a backoff percentage"
  }),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await expect(canvas.getByRole("alert")).toHaveTextContent(
      "The program was not written.templateId: this template holds what a program file cannot"
    )
    await expect(canvas.getByRole("button", { name: "Dismiss" })).toBeEnabled()
    await expect(canvas.getByRole("button", { name: "Export Base block as CSV" })).toBeEnabled()
  }
}

export const Exported: Story = {
  ...inState("idle", "idle", { ...idleProgramContext, exported: "Base block.csv" }),
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getAllByRole("status")[1]).toHaveTextContent("Exported Base block.csv.")
  }
}

export const IdleMoreToExport: Story = {
  args: {
    ...inState("idle", "idle", idleProgramContext).args,
    more: { loading: false, failure: NETWORK_DOWN },
    onMore: fn()
  },
  parameters: { machineState: ["import.idle", "export.idle"] },
  play: async ({ args, canvasElement }) => {
    const canvas = within(canvasElement)
    // The copy screen's list goes on: the export list asks for its next page too. Why a page failed is
    // shown beside this button as well, far down the screen from the source list's, which alone announces it.
    const more = canvas.getByRole("button", { name: SHOW_MORE_TO_EXPORT })
    await expect(more).toHaveAccessibleDescription(NETWORK_DOWN)
    await expect(canvas.queryByRole("alert")).toBeNull()
    await userEvent.click(more)
    await expect(args.onMore).toHaveBeenCalledOnce()
  }
}

export const IdleLastPageToExport: Story = {
  // The copy screen's last page still to come: its button lists Squat day, then is gone.
  args: { ...inState("idle", "idle", idleProgramContext).args, lastPage: [32 as TemplateId] },
  parameters: { machineState: ["import.idle", "export.idle"] },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await userEvent.click(canvas.getByRole("button", { name: SHOW_MORE_TO_EXPORT }))
    // The button is disabled while the page comes and gone after it: the keyboard goes on to the template it listed.
    await waitFor(() => expect(canvas.getByRole("button", { name: "Export Squat day as CSV" })).toHaveFocus())
    await expect(canvas.queryByRole("button", { name: SHOW_MORE_TO_EXPORT })).toBeNull()
  }
}
