import type { Meta, StoryObj } from "@storybook/react-vite"
import { expect, userEvent, within } from "storybook/test"
import { fromCallback, fromPromise } from "xstate"
import type { DrainReport } from "#machines/outbox-drain/outbox-drain.drain.ts"
import { drainReport, removedSet, waitingCompletion } from "#machines/outbox-drain/outbox-drain.fixtures.ts"
import { outboxDrainMachine } from "#machines/outbox-drain/outbox-drain.machine.ts"
import { useStartedActor } from "./client-story.tsx"
import { OutboxNotices } from "./logging-outbox.tsx"
import "./client.css"

const completion = waitingCompletion
const report = drainReport

/** The drain over an outbox whose every pass answers as planned ("never": a pass under way). */
const storyDrain = (planned: DrainReport | "never") =>
  outboxDrainMachine.provide({
    actors: {
      drain: fromPromise<DrainReport>(() =>
        planned === "never" ? new Promise<DrainReport>(() => undefined) : Promise.resolve(planned)
      ),
      watch: fromCallback(() => () => undefined)
    }
  })

function StartedNotices({ planned }: { planned: DrainReport | "never" }) {
  const drain = useStartedActor(storyDrain(planned), undefined)
  return (
    <div className="page">
      <p>The dashboard or any client screen</p>
      <OutboxNotices drain={drain} />
    </div>
  )
}

const meta = {
  title: "Client/OutboxNotices",
  component: StartedNotices,
  parameters: { machine: "outbox-drain" }
} satisfies Meta<typeof StartedNotices>

export default meta
type Story = StoryObj<typeof meta>

/** A pass under way says nothing: nothing is known to wait yet. */
export const Draining: Story = {
  args: { planned: "never" },
  parameters: { machineState: "draining" },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).queryByRole("complementary")).toBeNull()
  }
}

/** Offline with a finished workout on the phone: it is said to wait, never to be sent. */
export const WorkoutWaitingOffline: Story = {
  args: { planned: report({ failed: true, waiting: [completion] }) },
  parameters: { machineState: "waitingToRetry" },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await expect(await canvas.findByRole("status")).toHaveTextContent(
      "Your workout of Thursday, November 26, 2026 is kept on this phone and not yet sent. It will be sent when you are back online."
    )
    await expect(canvas.queryByText(/Submitted|Saved/)).toBeNull()
  }
}

/** Everything arrived: nothing to say. */
export const AllSent: Story = {
  args: { planned: report({ sent: [completion] }) },
  parameters: { machineState: "idle" },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).queryByRole("complementary")).toBeNull()
  }
}

/** A set the coach removed meanwhile: what was logged there is told, until dismissed. */
export const SetRemovedByTheCoach: Story = {
  args: { planned: report({ lost: [removedSet] }) },
  parameters: { machineState: "idle" },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    const alert = await canvas.findByRole("alert")
    await expect(alert).toHaveTextContent(removedSet.text)
    await userEvent.click(within(alert).getByRole("button", { name: "Dismiss" }))
    await expect(canvas.queryByRole("alert")).toBeNull()
  }
}
