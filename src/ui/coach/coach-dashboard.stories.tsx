import type { Meta, StoryObj } from "@storybook/react-vite"
import { expect, userEvent, within } from "storybook/test"
import type { StateValueFrom } from "xstate"
import { coachClientsImplementations } from "#machines/coach-clients/coach-clients.actors.ts"
import {
  clientsContext,
  coachId,
  storyCoachClientsPorts,
  withADeclinedInvitation,
  withAnnArchived
} from "#machines/coach-clients/coach-clients.fixtures.ts"
import { coachClientsMachine } from "#machines/coach-clients/coach-clients.machine.ts"
import type { CoachClientsContext } from "#machines/coach-clients/coach-clients.types.ts"
import { coachOverviewImplementations } from "#machines/coach-overview/coach-overview.actors.ts"
import {
  noClients,
  nothingScheduledLatelyClients,
  overviewContext,
  overviewToday,
  storyCoachOverviewPorts
} from "#machines/coach-overview/coach-overview.fixtures.ts"
import { coachOverviewMachine, type CoachOverviewMachine } from "#machines/coach-overview/coach-overview.machine.ts"
import type { CoachOverviewContext } from "#machines/coach-overview/coach-overview.types.ts"
import { NETWORK_DOWN, SOMETHING_WENT_WRONG } from "#machines/failure-text.ts"
import { notOnListText } from "#machines/coach-clients/coach-clients.machine.ts"
import { CoachDashboard } from "./coach-dashboard.tsx"
import { SeededActor } from "./seeded-actor.tsx"

const storyMachine = coachClientsMachine.provide(coachClientsImplementations(storyCoachClientsPorts))
const storyOverviewMachine = coachOverviewMachine.provide(coachOverviewImplementations(storyCoachOverviewPorts))

type OverviewState = Extract<StateValueFrom<CoachOverviewMachine>, string>

function DashboardScreen({
  state,
  context,
  overviewState = "loaded",
  overview = overviewContext(),
  canInvite = true
}: {
  state: string
  context: CoachClientsContext
  canInvite?: boolean
  overviewState?: OverviewState
  overview?: CoachOverviewContext
}) {
  return (
    <SeededActor machine={storyMachine} state={state} context={context} input={{ coachId }}>
      {(clients) => (
        <SeededActor
          machine={storyOverviewMachine}
          state={overviewState}
          context={overview}
          input={{ today: overviewToday, utcOffset: 0 }}
        >
          {(overviewActor) => <CoachDashboard clients={clients} overview={overviewActor} canInvite={canInvite} />}
        </SeededActor>
      )}
    </SeededActor>
  )
}

const meta = {
  title: "Coach/Dashboard",
  component: DashboardScreen,
  parameters: { machine: "coach-clients", route: "/coach/dashboard" }
} satisfies Meta<typeof DashboardScreen>

export default meta
type Story = StoryObj<typeof meta>

const inState = (state: string, context: CoachClientsContext = clientsContext()) => ({
  args: { state, context },
  parameters: { machineState: state }
})

export const Loading: Story = {
  ...inState("loading", clientsContext({ clients: {} })),
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText("Loading clients…")).toBeVisible()
  }
}

export const LoadFailed: Story = {
  ...inState("loadFailed", clientsContext({ clients: {}, loadFailure: NETWORK_DOWN })),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await expect(canvas.getByRole("alert")).toHaveTextContent(`We couldn't load your clients. ${NETWORK_DOWN}`)
    await expect(canvas.getByRole("button", { name: "Try again" })).toBeEnabled()
  }
}

// The server refused the session (a 401): its reason is said, not a connection to check.
const REVOKED = "Your account is disabled or your sign-in was revoked; sign in again"

export const LoadRefused: Story = {
  ...inState("loadFailed", clientsContext({ clients: {}, loadFailure: REVOKED })),
  play: async ({ canvasElement }) => {
    const alert = within(canvasElement).getByRole("alert")
    await expect(alert).toHaveTextContent(`We couldn't load your clients. ${REVOKED}`)
    await expect(alert).not.toHaveTextContent(/connection/i)
    await expect(within(alert).getByRole("button", { name: "Try again" })).toBeEnabled()
  }
}

// The server failed (a 500): nothing for the coach to check, only to try again.
export const LoadServerFault: Story = {
  ...inState("loadFailed", clientsContext({ clients: {}, loadFailure: SOMETHING_WENT_WRONG })),
  play: async ({ canvasElement }) => {
    const alert = within(canvasElement).getByRole("alert")
    await expect(alert).toHaveTextContent(`We couldn't load your clients. ${SOMETHING_WENT_WRONG}`)
    await expect(alert).not.toHaveTextContent(/connection/i)
  }
}

export const Clients: Story = {
  ...inState("ready.idle"),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    const list = within(canvas.getByRole("list", { name: "Clients" }))
    await expect(list.getAllByRole("listitem").map((item) => item.textContent)).toEqual([
      "ann Lifter4 weeks: 83% (10 of 12 done) Last session: Nov 18ArchiveEnd coaching",
      "Bo ClientNeeds attention4 weeks: 60% (9 of 15 done) Last session: Nov 4Missed: 3ArchiveEnd coaching",
      "cy@example.comWaiting for their answerInvitation pendingResend invitationWithdraw invitation"
    ])
    // Nobody archived: no Archived section.
    await expect(canvas.queryByRole("button", { name: /^Archived/ })).toBeNull()
    // Only a linked client's calendar can be opened.
    await expect(list.getByRole("link", { name: "Bo Client" })).toHaveAttribute("href", "/coach/calendar?client=7")
    await expect(list.queryByRole("link", { name: "cy@example.com" })).toBeNull()
    await expect(canvas.getByRole("heading", { name: "Upcoming workouts" })).toBeVisible()
    await expect(canvas.getByRole("heading", { name: "Comments" })).toBeVisible()
    await userEvent.type(canvas.getByRole("textbox", { name: "Client email" }), "not-an-email")
    await userEvent.click(canvas.getByRole("button", { name: "Add client" }))
    await expect(canvas.getByText("Invalid email format")).toBeVisible()
  }
}

export const NoClients: Story = {
  ...inState("ready.idle", clientsContext({ clients: {} })),
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText("No clients yet! Add some to get started!")).toBeVisible()
  }
}

export const InvalidEmail: Story = {
  ...inState("ready.invalid", clientsContext({ email: "ann@lifter" })),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await expect(canvas.getByText("Invalid email format")).toBeVisible()
    await expect(canvas.getByRole("textbox", { name: "Client email" })).toHaveAttribute("aria-invalid", "true")
  }
}

export const Adding: Story = {
  ...inState("ready.adding", clientsContext({ email: "dee@example.com" })),
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole("button", { name: "Adding…" })).toBeDisabled()
  }
}

export const InvitationSent: Story = {
  ...inState("ready.added", clientsContext({ added: "invited" })),
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText("Invitation sent")).toBeVisible()
    await expect(within(canvasElement).queryByText("Client added!")).toBeNull()
  }
}

export const ClientAdded: Story = {
  ...inState("ready.added", clientsContext({ added: "linked" })),
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText("Client added!")).toBeVisible()
  }
}

export const ErrorAddingClient: Story = {
  ...inState("ready.addFailed", clientsContext({ email: "dee@example.com" })),
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText("Error adding client")).toBeVisible()
  }
}

export const VerifyBeforeInviting: Story = {
  ...inState(
    "ready.addFailed",
    clientsContext({ email: "dee@example.com", addRefusal: "Verify your email address before inviting clients" })
  ),
  play: async ({ canvasElement }) => {
    // A 403's own words: the coach can act on them, where a 409 stays ADR 015's one message.
    await expect(within(canvasElement).getByText("Verify your email address before inviting clients")).toBeVisible()
    await expect(within(canvasElement).queryByText("Error adding client")).toBeNull()
  }
}

export const UnverifiedCoach: Story = {
  ...inState("ready.idle"),
  args: { state: "ready.idle", context: clientsContext(), canInvite: false },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    const note = canvas.getByRole("note", { name: "Verify your email address to invite clients" })
    await expect(note).toHaveTextContent(/Open the verification link we sent/)
    await expect(canvas.queryByRole("textbox", { name: "Client email" })).toBeNull()
  }
}

const entryOf = (canvasElement: HTMLElement, name: string) =>
  within(
    within(within(canvasElement).getByRole("list", { name: "Clients" }))
      .getAllByRole("listitem")
      .find((item) => item.textContent.startsWith(name)) as HTMLElement
  )

export const DeclinedInvitation: Story = {
  ...inState("ready.idle", clientsContext({ clients: withADeclinedInvitation })),
  play: async ({ canvasElement }) => {
    const dee = entryOf(canvasElement, "dee@example.com")
    await expect(dee.getByText("Declined")).toBeVisible()
    await expect(dee.getByRole("button", { name: "Withdraw invitation: dee@example.com" })).toBeEnabled()
    // A declined invitation is not sent again; an open one is.
    await expect(dee.queryByRole("button", { name: /Resend invitation/ })).toBeNull()
    await expect(
      entryOf(canvasElement, "cy@example.com").getByRole("button", { name: "Resend invitation: cy@example.com" })
    ).toBeEnabled()
    await expect(entryOf(canvasElement, "cy@example.com").getByText("Invitation pending")).toBeVisible()
  }
}

const bo = { key: "7", name: "Bo Client", linked: true }
const cy = { key: "pending:cy@example.com", name: "cy@example.com", linked: false }

export const ConfirmingRemoval: Story = {
  ...inState("ready.confirmingRemoval", clientsContext({ removal: bo })),
  play: async ({ canvasElement }) => {
    const question = within(
      entryOf(canvasElement, "Bo Client").getByRole("group", { name: "End coaching with Bo Client?" })
    )
    await expect(question.getByText("Their workouts and logs stay theirs; your access to them ends.")).toBeVisible()
    await expect(question.getByRole("button", { name: "End coaching" })).toBeEnabled()
    await expect(question.getByRole("button", { name: "Cancel" })).toHaveFocus()
  }
}

export const Removing: Story = {
  ...inState("ready.removing", clientsContext({ removal: cy })),
  play: async ({ canvasElement }) => {
    await expect(entryOf(canvasElement, "cy@example.com").getByRole("status")).toHaveTextContent(
      "Withdrawing invitation…"
    )
    await expect(entryOf(canvasElement, "Bo Client").getByRole("button", { name: /End coaching/ })).toBeDisabled()
  }
}

export const RemoveFailed: Story = {
  ...inState("ready.removeFailed", clientsContext({ removal: bo, removeFailure: NETWORK_DOWN })),
  play: async ({ canvasElement }) => {
    const entry = entryOf(canvasElement, "Bo Client")
    await expect(entry.getByRole("alert")).toHaveTextContent(`Coaching was not ended.${NETWORK_DOWN}`)
    await expect(entry.getByRole("button", { name: "Try again" })).toBeEnabled()
    await expect(entry.getByRole("button", { name: "Back" })).toBeEnabled()
  }
}

export const Removed: Story = {
  ...inState(
    "ready.removed",
    clientsContext({
      removal: bo,
      clients: {
        "8": { name: "ann Lifter", pending: false },
        "pending:cy@example.com": { name: "cy@example.com", pending: true }
      }
    })
  ),
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText("Coaching with Bo Client ended.")).toBeVisible()
    const list = within(within(canvasElement).getByRole("list", { name: "Clients" }))
    await expect(list.queryByRole("link", { name: "Bo Client" })).toBeNull()
  }
}

const resendCy = { key: "pending:cy@example.com", name: "cy@example.com" }
const TOO_SOON = "This invitation was sent again a moment ago; you can resend it in 9 minutes"
const failure = (reason: string, retryable = true) => ({ reason, retryable })

export const Resending: Story = {
  ...inState("ready.resending", clientsContext({ resend: resendCy })),
  play: async ({ canvasElement }) => {
    const cyEntry = entryOf(canvasElement, "cy@example.com")
    await expect(cyEntry.getByRole("status")).toHaveTextContent("Sending the invitation again…")
    await expect(cyEntry.getByRole("button", { name: "Resend invitation: cy@example.com" })).toBeDisabled()
    await expect(cyEntry.getByRole("button", { name: "Withdraw invitation: cy@example.com" })).toBeDisabled()
  }
}

export const Resent: Story = {
  ...inState("ready.resent", clientsContext({ resend: resendCy })),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await expect(canvas.getByText("Invitation sent again to cy@example.com.")).toHaveAttribute("role", "status")
    // The list takes the next action at once.
    await expect(
      entryOf(canvasElement, "cy@example.com").getByRole("button", { name: "Resend invitation: cy@example.com" })
    ).toBeEnabled()
  }
}

export const ResendFailed: Story = {
  ...inState("ready.resendFailed", clientsContext({ resend: resendCy, resendFailure: failure(NETWORK_DOWN) })),
  play: async ({ canvasElement }) => {
    const cyEntry = entryOf(canvasElement, "cy@example.com")
    await expect(cyEntry.getByRole("alert")).toHaveTextContent(`The invitation was not sent again.${NETWORK_DOWN}`)
    await expect(cyEntry.getByRole("button", { name: "Try again" })).toHaveFocus()
    await expect(cyEntry.getByRole("button", { name: "Back" })).toBeEnabled()
    await userEvent.click(cyEntry.getByRole("button", { name: "Back" }))
    await expect(within(canvasElement).queryByRole("alert")).toBeNull()
  }
}

// A second resend within ten minutes is refused until then: the panel says when, and offers only Back.
export const ResendTooSoon: Story = {
  ...inState("ready.resendFailed", clientsContext({ resend: resendCy, resendFailure: failure(TOO_SOON, false) })),
  play: async ({ canvasElement }) => {
    const cyEntry = entryOf(canvasElement, "cy@example.com")
    await expect(cyEntry.getByRole("alert")).toHaveTextContent(`The invitation was not sent again.${TOO_SOON}`)
    await expect(cyEntry.queryByRole("button", { name: "Try again" })).toBeNull()
    await expect(cyEntry.getByRole("button", { name: "Back" })).toHaveFocus()
    await userEvent.click(cyEntry.getByRole("button", { name: "Back" }))
    await expect(within(canvasElement).queryByRole("alert")).toBeNull()
  }
}

// Archiving and restoring a linked client (src/domain/client-archive.ts).
const annArchival = { key: "8", name: "ann Lifter" }

const archivedToggle = (canvasElement: HTMLElement) =>
  within(canvasElement).getByRole("button", { name: /^Archived \(\d+\)$/ })

const archivedEntryOf = (canvasElement: HTMLElement, name: string) =>
  within(
    within(within(canvasElement).getByRole("list", { name: "Archived clients" }))
      .getAllByRole("listitem")
      .find((item) => item.textContent.startsWith(name)) as HTMLElement
  )

export const ConfirmingArchive: Story = {
  ...inState("ready.confirmingArchive", clientsContext({ archival: annArchival })),
  play: async ({ canvasElement }) => {
    const question = within(entryOf(canvasElement, "ann Lifter").getByRole("group", { name: "Archive ann Lifter?" }))
    await expect(question.getByText("Their history is kept; you can restore them from Archived.")).toBeVisible()
    await expect(question.getByRole("button", { name: "Archive" })).toBeEnabled()
    await expect(question.getByRole("button", { name: "Cancel" })).toHaveFocus()
    // Nothing else is taken while the question is asked.
    await expect(entryOf(canvasElement, "Bo Client").getByRole("button", { name: "Archive: Bo Client" })).toBeDisabled()
    await userEvent.click(question.getByRole("button", { name: "Cancel" }))
    await expect(within(canvasElement).queryByRole("group", { name: "Archive ann Lifter?" })).toBeNull()
    await expect(
      entryOf(canvasElement, "ann Lifter").getByRole("button", { name: "Archive: ann Lifter" })
    ).toBeEnabled()
  }
}

export const Archiving: Story = {
  ...inState("ready.archiving", clientsContext({ archival: annArchival })),
  play: async ({ canvasElement }) => {
    const ann = entryOf(canvasElement, "ann Lifter")
    await expect(ann.getByRole("status")).toHaveTextContent("Archiving…")
    await expect(ann.getByRole("button", { name: "Archive: ann Lifter" })).toBeDisabled()
    await expect(ann.getByRole("button", { name: "End coaching: ann Lifter" })).toBeDisabled()
  }
}

export const ArchiveFailed: Story = {
  ...inState("ready.archiveFailed", clientsContext({ archival: annArchival, archivalFailure: failure(NETWORK_DOWN) })),
  play: async ({ canvasElement }) => {
    const ann = entryOf(canvasElement, "ann Lifter")
    await expect(ann.getByRole("alert")).toHaveTextContent(`ann Lifter was not archived.${NETWORK_DOWN}`)
    await expect(ann.getByRole("button", { name: "Try again" })).toHaveFocus()
    await expect(ann.getByRole("button", { name: "Back" })).toBeEnabled()
  }
}

// Coaching ended meanwhile: the client is no longer on the list, and trying again would not change that.
export const ArchiveFailedNotOnList: Story = {
  ...inState(
    "ready.archiveFailed",
    clientsContext({ archival: annArchival, archivalFailure: failure(notOnListText("ann Lifter"), false) })
  ),
  play: async ({ canvasElement }) => {
    const ann = entryOf(canvasElement, "ann Lifter")
    await expect(ann.getByRole("alert")).toHaveTextContent(
      "ann Lifter was not archived.ann Lifter is no longer on your list."
    )
    await expect(ann.queryByRole("button", { name: "Try again" })).toBeNull()
    await expect(ann.getByRole("button", { name: "Back" })).toHaveFocus()
  }
}

export const Archived: Story = {
  ...inState("ready.archived", clientsContext({ archival: annArchival, clients: withAnnArchived })),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await expect(canvas.getByText("ann Lifter archived. You can restore them from Archived.")).toHaveAttribute(
      "role",
      "status"
    )
    // Off the roster's main list, counted under Archived, which stays closed until opened.
    const list = within(canvas.getByRole("list", { name: "Clients" }))
    await expect(list.queryByRole("link", { name: "ann Lifter" })).toBeNull()
    const toggle = archivedToggle(canvasElement)
    await expect(toggle).toHaveTextContent("Archived (1)")
    await expect(toggle).toHaveAttribute("aria-expanded", "false")
    await expect(canvas.queryByRole("list", { name: "Archived clients" })).toBeNull()
    await userEvent.click(toggle)
    await expect(toggle).toHaveAttribute("aria-expanded", "true")
    const ann = archivedEntryOf(canvasElement, "ann Lifter")
    // Still linked: the calendar opens; no compliance for an archived client.
    await expect(ann.getByRole("link", { name: "ann Lifter" })).toHaveAttribute("href", "/coach/calendar?client=8")
    await expect(ann.getByRole("button", { name: "Restore: ann Lifter" })).toBeEnabled()
    await expect(ann.queryByText(/4 weeks/)).toBeNull()
    await expect(ann.queryByRole("button", { name: /^Archive:/ })).toBeNull()
  }
}

export const Restoring: Story = {
  ...inState("ready.restoring", clientsContext({ archival: annArchival, clients: withAnnArchived })),
  play: async ({ canvasElement }) => {
    // The section opens where the restore is under way.
    await expect(archivedToggle(canvasElement)).toHaveAttribute("aria-expanded", "true")
    const ann = archivedEntryOf(canvasElement, "ann Lifter")
    await expect(ann.getByRole("status")).toHaveTextContent("Restoring…")
    await expect(ann.getByRole("button", { name: "Restore: ann Lifter" })).toBeDisabled()
  }
}

export const RestoreFailed: Story = {
  ...inState(
    "ready.restoreFailed",
    clientsContext({ archival: annArchival, clients: withAnnArchived, archivalFailure: failure(NETWORK_DOWN) })
  ),
  play: async ({ canvasElement }) => {
    const ann = archivedEntryOf(canvasElement, "ann Lifter")
    await expect(ann.getByRole("alert")).toHaveTextContent(`ann Lifter was not restored.${NETWORK_DOWN}`)
    await expect(ann.getByRole("button", { name: "Try again" })).toHaveFocus()
    await userEvent.click(ann.getByRole("button", { name: "Back" }))
    await expect(within(canvasElement).queryByRole("alert")).toBeNull()
  }
}

export const Restored: Story = {
  ...inState("ready.restored", clientsContext({ archival: annArchival })),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await expect(canvas.getByText("ann Lifter is back on your list.")).toHaveAttribute("role", "status")
    await expect(entryOf(canvasElement, "ann Lifter").getByText("4 weeks: 83% (10 of 12 done)")).toBeVisible()
    await expect(canvas.queryByRole("button", { name: /^Archived/ })).toBeNull()
  }
}

// The 'Upcoming workouts' panel, one story per state of the coach-overview machine.
const overviewIn = (overviewState: OverviewState, overview: CoachOverviewContext = overviewContext()) => ({
  args: { state: "ready.idle", context: clientsContext(), overviewState, overview },
  parameters: { machine: "coach-overview", machineState: overviewState }
})

const rowsOf = (canvasElement: HTMLElement) =>
  within(within(canvasElement).getByRole("list", { name: "Training at a glance" })).getAllByRole("listitem")

export const OverviewLoading: Story = {
  ...overviewIn("loading", overviewContext({ overview: null })),
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText("Loading your clients' training…")).toBeVisible()
  }
}

export const OverviewLoaded: Story = {
  ...overviewIn("loaded"),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await expect(canvas.getByRole("heading", { name: "Upcoming workouts" })).toBeVisible()
    // Missed or nothing coming first, by name; then the rest.
    const rows = rowsOf(canvasElement)
    await expect(rows.map((row) => within(row).getByRole("link").textContent)).toEqual([
      "Bo Client",
      "Cy Idle",
      "Dee New",
      "Ann Lifter"
    ])
    const [bo, cy, dee, ann] = rows as [HTMLElement, HTMLElement, HTMLElement, HTMLElement]
    await expect(within(ann).getByRole("link", { name: "Ann Lifter" })).toHaveAttribute(
      "href",
      "/coach/calendar?client=8"
    )
    for (const line of [
      "Last session: Nov 18",
      "This week: 2 of 3 done",
      "New record: Back Squat — estimated 1RM 320 lb",
      "Next: Nov 21, Back Squat, Bench Press (2 days in the next 7)"
    ])
      await expect(within(ann).getByText(line)).toBeVisible()
    await expect(within(ann).queryByText(/Missed/)).toBeNull()
    await expect(within(ann).queryByText("Needs attention")).toBeNull()
    await expect(within(bo).getByText("Missed: 3")).toBeVisible()
    await expect(within(bo).getByText("This week: 0 of 2 done")).toBeVisible()
    await expect(within(bo).getByText("Next: Today, Front Squat")).toBeVisible()
    await expect(within(cy).getByText("Last session: Dec 30, 2024")).toBeVisible()
    await expect(within(cy).getByText("Nothing scheduled in the next 7 days")).toBeVisible()
    await expect(within(dee).getByText("Last session: Never")).toBeVisible()
    await expect(within(dee).getByText("This week: nothing scheduled")).toBeVisible()
    await expect(within(dee).getByText("Needs attention")).toBeVisible()
    await expect(canvas.getByRole("heading", { name: "Comments" })).toBeVisible()
    await expect(canvas.getByText("No comments yet.")).toBeVisible()
  }
}

const overallOf = (canvasElement: HTMLElement) =>
  within(within(canvasElement).getByRole("group", { name: "All clients' compliance" }))

// Done of scheduled in the last 7 days and 4 weeks, per client and for all (docs/product.md).
export const OverviewCompliance: Story = {
  ...overviewIn("loaded"),
  play: async ({ canvasElement }) => {
    const overall = overallOf(canvasElement)
    // Ann 10 of 12 and Bo 9 of 15: 19 of 27, 70%; in 7 days Ann 2 of 3 and Bo 0 of 1.
    await expect(overall.getByText("All clients, 4 weeks: 70% (19 of 27 done)")).toBeVisible()
    await expect(overall.getByText("All clients, 7 days: 2 of 4 done")).toBeVisible()
    await expect(overall.getByText(/^Done of scheduled: workouts submitted/)).toBeVisible()
    const [bo, cy, dee, ann] = rowsOf(canvasElement) as [HTMLElement, HTMLElement, HTMLElement, HTMLElement]
    await expect(within(ann).getByText("4 weeks: 83% (10 of 12 done)")).toBeVisible()
    await expect(within(ann).getByText("7 days: 2 of 3 done")).toBeVisible()
    await expect(within(bo).getByText("4 weeks: 60% (9 of 15 done)")).toBeVisible()
    await expect(within(bo).getByText("7 days: 0 of 1 done")).toBeVisible()
    for (const row of [cy, dee]) {
      await expect(within(row).getByText("Nothing scheduled in the last 4 weeks")).toBeVisible()
      await expect(within(row).queryByText(/^7 days:|%|NaN/)).toBeNull()
    }
  }
}

export const OverviewNothingScheduledLately: Story = {
  ...overviewIn("loaded", overviewContext({ overview: nothingScheduledLatelyClients })),
  play: async ({ canvasElement }) => {
    const overall = overallOf(canvasElement)
    await expect(overall.getByText("All clients: nothing scheduled in the last 4 weeks")).toBeVisible()
    await expect(overall.queryByText(/%|NaN|7 days:/)).toBeNull()
    for (const row of rowsOf(canvasElement)) {
      await expect(within(row).getByText("Nothing scheduled in the last 4 weeks")).toBeVisible()
      await expect(within(row).queryByText(/%|NaN/)).toBeNull()
    }
  }
}

export const OverviewNoClients: Story = {
  ...overviewIn("loaded", overviewContext({ overview: noClients })),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await expect(canvas.getByText("Once a client accepts your invitation, their training shows here.")).toBeVisible()
    await expect(canvas.queryByRole("list", { name: "Training at a glance" })).toBeNull()
    // No clients, no figure for all of them.
    await expect(canvas.queryByRole("group", { name: "All clients' compliance" })).toBeNull()
  }
}

export const OverviewRefreshing: Story = {
  ...overviewIn("refreshing"),
  play: async ({ canvasElement }) => {
    const panel = within(within(canvasElement).getByRole("region", { name: "Upcoming workouts" }))
    await expect(panel.getByRole("status")).toHaveTextContent("Updating…")
    // The rows read before stay on screen while the new read is under way.
    await expect(rowsOf(canvasElement)).toHaveLength(4)
  }
}

export const OverviewFailed: Story = {
  ...overviewIn("failed", overviewContext({ overview: null, failure: NETWORK_DOWN })),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    const panel = within(canvas.getByRole("region", { name: "Upcoming workouts" }))
    await expect(panel.getByRole("alert")).toHaveTextContent(NETWORK_DOWN)
    await userEvent.click(panel.getByRole("button", { name: "Try again" }))
    await expect(panel.getByText("Loading your clients' training…")).toBeVisible()
  }
}
