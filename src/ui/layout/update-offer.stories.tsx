import type { Meta, StoryObj } from "@storybook/react-vite"
import { expect, userEvent, within } from "storybook/test"
import { appUpdateImplementations } from "#machines/app-update/app-update.actors.ts"
import { storyAppUpdatePorts } from "#machines/app-update/app-update.fixtures.ts"
import { appUpdateMachine } from "#machines/app-update/app-update.machine.ts"
import { UPDATE, UPDATE_READY, UPDATING } from "#machines/app-update/app-update.selectors.ts"
import { useSeededActor } from "../client/client-story.tsx"
import { UpdateOffer } from "./update-offer.tsx"

const storyAppUpdate = appUpdateMachine.provide(appUpdateImplementations(storyAppUpdatePorts))

function SeededUpdateOffer({ state }: { state: string }) {
  const appUpdate = useSeededActor(storyAppUpdate, state, undefined)
  return (
    <>
      <UpdateOffer appUpdate={appUpdate} />
      <main className="page">
        <h1>Today</h1>
        <p>The page goes on below the offer.</p>
      </main>
    </>
  )
}

const meta = {
  title: "Layout/UpdateOffer",
  component: SeededUpdateOffer,
  parameters: { machine: "app-update" }
} satisfies Meta<typeof SeededUpdateOffer>

export default meta
type Story = StoryObj<typeof meta>

/** Nothing to offer: the page is all there is. */
const offersNothing = async (canvasElement: HTMLElement) => {
  const canvas = within(canvasElement)
  await expect(canvas.getByRole("heading", { name: "Today" })).toBeVisible()
  await expect(canvas.queryByText(UPDATE_READY)).toBeNull()
  await expect(canvas.queryByRole("button")).toBeNull()
}

/** The first moment: does this browser run service workers at all. */
export const Checking: Story = {
  args: { state: "checking" },
  parameters: { machineState: "checking" },
  play: async ({ canvasElement }) => offersNothing(canvasElement)
}

/** No service worker (plain HTTP, some private modes): the app works as a web page, online. */
export const Unsupported: Story = {
  args: { state: "unsupported" },
  parameters: { machineState: "unsupported" },
  play: async ({ canvasElement }) => offersNothing(canvasElement)
}

/** The worker is registered and this is the newest version. */
export const Idle: Story = {
  args: { state: "watching.idle" },
  parameters: { machineState: "watching.idle" },
  play: async ({ canvasElement }) => offersNothing(canvasElement)
}

/** A new version waits; the page runs the old one, whole, until the lifter presses Update. */
export const UpdateReady: Story = {
  args: { state: "watching.updateReady" },
  parameters: { machineState: "watching.updateReady" },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await expect(canvas.getByRole("status")).toHaveTextContent(UPDATE_READY)
    const update = canvas.getByRole("button", { name: UPDATE })
    await expect(update).toBeEnabled()
    await userEvent.click(update)
    await expect(canvas.getByRole("button", { name: UPDATING })).toBeDisabled()
  }
}

/** The new version is taking over; the button cannot be pressed twice. */
export const Updating: Story = {
  args: { state: "watching.updating" },
  parameters: { machineState: "watching.updating" },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await expect(canvas.getByRole("status")).toHaveTextContent(UPDATE_READY)
    await expect(canvas.getByRole("button", { name: UPDATING })).toBeDisabled()
  }
}

/** The new version is in control and the page is loading again: the offer stays until it goes. */
export const Reloading: Story = {
  args: { state: "reloading" },
  parameters: { machineState: "reloading" },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole("button", { name: UPDATING })).toBeDisabled()
  }
}
