import type { Meta, StoryObj } from "@storybook/react-vite"
import { expect, userEvent, within } from "storybook/test"
import { coachClientsImplementations } from "#machines/coach-clients/coach-clients.actors.ts"
import { clientsContext, coachId, storyCoachClientsPorts } from "#machines/coach-clients/coach-clients.fixtures.ts"
import { coachClientsMachine } from "#machines/coach-clients/coach-clients.machine.ts"
import type { CoachClientsContext } from "#machines/coach-clients/coach-clients.types.ts"
import { CoachDashboard } from "./coach-dashboard.tsx"
import { SeededActor } from "./seeded-actor.tsx"

const storyMachine = coachClientsMachine.provide(coachClientsImplementations(storyCoachClientsPorts))

function DashboardScreen({ state, context }: { state: string; context: CoachClientsContext }) {
  return (
    <SeededActor machine={storyMachine} state={state} context={context} input={{ coachId }}>
      {(clients) => <CoachDashboard clients={clients} />}
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
  ...inState("loadFailed", clientsContext({ clients: {} })),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await expect(canvas.getByRole("alert")).toHaveTextContent("couldn't load your clients")
    await expect(canvas.getByRole("button", { name: "Try again" })).toBeEnabled()
  }
}

export const Clients: Story = {
  ...inState("ready.idle"),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    const list = within(canvas.getByRole("list", { name: "Clients" }))
    await expect(list.getAllByRole("listitem").map((item) => item.textContent)).toEqual([
      "ann Lifter",
      "Bo Client",
      "cy@example.comWaiting for them to sign upInvitation pending"
    ])
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

export const ClientAdded: Story = {
  ...inState("ready.added"),
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
