import type { Meta, StoryObj } from "@storybook/react-vite"
import { expect, userEvent, within } from "storybook/test"
import type { StateValueFrom } from "xstate"
import { readRosterFile } from "#domain/roster-file.ts"
import { NETWORK_DOWN } from "#machines/failure-text.ts"
import { rosterImportImplementations } from "#machines/roster-import/roster-import.actors.ts"
import { rosterContext, rosterReport, storyRosterImportPorts } from "#machines/roster-import/roster-import.fixtures.ts"
import {
  FILE_NOT_READ,
  rosterImportMachine,
  type RosterImportMachine
} from "#machines/roster-import/roster-import.machine.ts"
import type { RosterImportContext } from "#machines/roster-import/roster-import.types.ts"
import { RosterImport } from "./roster-import.tsx"
import { SeededActor } from "./seeded-actor.tsx"

// A coach brings their roster from a file (docs/decisions/049), one story per state of its machine.

const storyMachine = rosterImportMachine.provide(rosterImportImplementations(storyRosterImportPorts))

type RosterState = Extract<StateValueFrom<RosterImportMachine>, string>

function RosterScreen({ state, context }: { state: RosterState; context: RosterImportContext }) {
  return (
    <main className="page coach-stack">
      <h1>Clients</h1>
      <SeededActor machine={storyMachine} state={state} context={context} input={undefined}>
        {(roster) => <RosterImport roster={roster} />}
      </SeededActor>
    </main>
  )
}

const meta = {
  title: "Coach/Dashboard/Roster import",
  component: RosterScreen,
  parameters: { machine: "roster-import", route: "/coach/dashboard" }
} satisfies Meta<typeof RosterScreen>

export default meta
type Story = StoryObj<typeof meta>

const inState = (state: RosterState, context: RosterImportContext = rosterContext()) => ({
  args: { state, context },
  parameters: { machineState: state }
})

const idle = rosterContext({ fileName: "", file: null })

export const Idle: Story = {
  ...inState("idle", idle),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    const toggle = canvas.getByRole("button", { name: "Import clients" })
    await expect(toggle).toHaveAttribute("aria-expanded", "false")
    await expect(canvas.getByLabelText("Roster file (CSV)")).not.toBeVisible()
    await userEvent.click(toggle)
    await expect(toggle).toHaveAttribute("aria-expanded", "true")
    // The file input is labelled and says what the file holds.
    const input = canvas.getByLabelText("Roster file (CSV)")
    await expect(input).toBeEnabled()
    await expect(input).toHaveAccessibleDescription(/One row per client: name, then email/)
    await expect(canvas.queryByRole("table")).toBeNull()
  }
}

export const IdleNotRead: Story = {
  ...inState("idle", rosterContext({ fileName: "photo.png", file: null, failure: FILE_NOT_READ })),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await expect(canvas.getByRole("alert")).toHaveTextContent(FILE_NOT_READ)
    await expect(canvas.getByLabelText("Roster file (CSV)")).toBeEnabled()
  }
}

export const Reading: Story = {
  ...inState("reading", rosterContext({ file: null })),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await expect(canvas.getByRole("status")).toHaveTextContent("Reading the file…")
    await expect(canvas.getByLabelText("Roster file (CSV)")).toBeDisabled()
  }
}

export const Previewing: Story = {
  ...inState("previewing"),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    // A real table: its caption says what it is, and which rows will not be invited.
    const table = canvas.getByRole("table", { name: "clients.csv: 3 rows, 1 will not be invited" })
    const rows = within(table).getAllByRole("row")
    await expect(rows.map((row) => row.textContent)).toEqual([
      "LineNameEmailCheck",
      "2Sam Leesam@example.comLooks right",
      "3Bo Badbo at exampleNot an email address",
      "4Ana Ortizana@example.orgLooks right"
    ])
    await expect(table).toHaveFocus()
    await expect(canvas.getByRole("button", { name: "Confirm import" })).toBeEnabled()
    await expect(canvas.getByRole("button", { name: "Cancel" })).toBeEnabled()
    // Nothing is said to be sent yet.
    await expect(canvas.getByRole("status")).toHaveTextContent("")
  }
}

export const PreviewingNothingToSend: Story = {
  ...inState("previewing", rosterContext({ fileName: "empty.csv", file: readRosterFile("name,email\n") })),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await expect(canvas.getByRole("alert")).toHaveTextContent("The file holds no rows with an address.")
    await expect(canvas.getByRole("button", { name: "Confirm import" })).toBeDisabled()
  }
}

export const Importing: Story = {
  ...inState("importing"),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await expect(canvas.getByRole("status")).toHaveTextContent("Sending the invitations…")
    await expect(canvas.getByRole("button", { name: "Confirm import" })).toBeDisabled()
    await expect(canvas.getByRole("button", { name: "Cancel" })).toBeDisabled()
  }
}

export const Reported: Story = {
  ...inState("reported", rosterContext({ report: rosterReport })),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    // The report is announced, then read row by row, each row on its line of the file.
    await expect(canvas.getByRole("status")).toHaveTextContent("Import done: 1 invitation sent, 2 rows not invited.")
    const table = canvas.getByRole("table", { name: "What became of each row of clients.csv" })
    await expect(
      within(table)
        .getAllByRole("row")
        .map((row) => row.textContent)
    ).toEqual([
      "LineEmailOutcomeDetails",
      "2sam@example.comInvitedInvitation sent",
      "3bo at exampleNot an emailNot an email address",
      "4ana@example.orgAlready invitedAlready invited: the invitation is still waiting for an answer"
    ])
    await expect(canvas.getByRole("button", { name: "Done" })).toBeEnabled()
    await expect(canvas.getByLabelText("Roster file (CSV)")).toBeEnabled()
  }
}

export const Failed: Story = {
  ...inState("failed", rosterContext({ failure: NETWORK_DOWN })),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await expect(canvas.getByRole("alert")).toHaveTextContent(`The clients were not imported.${NETWORK_DOWN}`)
    await expect(canvas.getByRole("button", { name: "Try again" })).toBeEnabled()
    await expect(canvas.getByRole("button", { name: "Back" })).toBeEnabled()
    // The preview stays: what a retry sends is in view.
    await expect(canvas.getByRole("table", { name: /clients\.csv: 3 rows/ })).toBeVisible()
  }
}
