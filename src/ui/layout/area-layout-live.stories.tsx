import type { Meta, StoryObj } from "@storybook/react-vite"
import { useSelector } from "@xstate/react"
import { expect, within } from "storybook/test"
import { fromCallback } from "xstate"
import { liveStreamMachine } from "#machines/live-stream/live-stream.machine.ts"
import { selectLiveStatus } from "#machines/live-stream/live-stream.selectors.ts"
import type { LiveStreamContext } from "#machines/live-stream/live-stream.types.ts"
import { useSeededActor } from "../client/client-story.tsx"
import { AreaLayout, LIVE_OFFLINE, LIVE_RECONNECTING } from "./area-layout.tsx"
import { atDesktop, atPhone, layoutViewports, navPlacement } from "./layout-viewports.ts"

// What the chat screens say about the live stream, on top of the bottom bar: one story per
// state of the live-stream machine, seeded in it, at phone width; the last one on the rail.

const storyLive = liveStreamMachine.provide({
  actors: { connection: fromCallback(() => () => undefined) }
})

function LiveNav({ state, attempt = 0 }: { state: string; attempt?: number }) {
  const context: LiveStreamContext = {
    lastId: 41,
    attempt,
    retryMs: 3_000,
    waitMs: 4_000,
    refusedWith: null,
    random: Math.random
  }
  const live = useSeededActor(storyLive, state, context)
  return (
    <AreaLayout area="client" unread={2} liveStatus={useSelector(live, selectLiveStatus)}>
      <main className="page">
        <h1>Chat</h1>
        <p>Messages with your coach show here.</p>
      </main>
    </AreaLayout>
  )
}

const meta = {
  title: "Layout/AreaLayout/Live stream",
  component: LiveNav,
  parameters: { machine: "live-stream", route: "/client/chat", ...layoutViewports },
  globals: atPhone
} satisfies Meta<typeof LiveNav>

export default meta
type Story = StoryObj<typeof meta>

const chatTab = (canvasElement: HTMLElement) =>
  within(within(canvasElement).getByRole("navigation", { name: "Main" })).getByRole("link", { name: /^Chat/ })

const liveNote = (canvasElement: HTMLElement) => within(canvasElement).queryByRole("status")

const live = (state: string, note: string | null, extra: Partial<Story> = {}): Story => ({
  args: { state },
  parameters: { machine: "live-stream", machineState: state, route: "/client/chat" },
  play: async ({ canvasElement }) => {
    await expect(chatTab(canvasElement)).toHaveAccessibleName("Chat, 2 unread")
    if (note === null) await expect(liveNote(canvasElement)).toBeNull()
    else await expect(liveNote(canvasElement)).toHaveTextContent(note)
  },
  ...extra
})

/** Nobody signed in (or the server refused them): nothing to say on the bar. */
export const LiveStopped = live("stopped", null)

/** The first connect: it takes a moment and says nothing. */
export const LiveConnecting = live("streaming.connecting", null)

/** Connecting again after drops: new messages are late meanwhile, and the chat screen says so. */
export const LiveConnectingAgain = live("streaming.connecting", LIVE_RECONNECTING, {
  args: { state: "streaming.connecting", attempt: 2 }
})

/** Open: messages arrive as they are sent. */
export const LiveOpen = live("streaming.open", null)

/** Dropped, waiting to reconnect. */
export const LiveWaitingToReconnect = live("waitingToReconnect", LIVE_RECONNECTING)

/** No network: the note says new messages will show once it is back. */
export const LiveOffline = live("offline", LIVE_OFFLINE)

/** Off the chat screens the note stays away, even offline (other screens say so their own way). */
export const LiveOfflineOnDashboard = live("offline", null, {
  parameters: { machine: "live-stream", machineState: "offline", route: "/client/dashboard" }
})

/** On the rail (a desk's screen) the note sits under the tabs, whole, and the chat right of the rail. */
export const LiveOfflineOnRail = live("offline", LIVE_OFFLINE, {
  globals: atDesktop,
  play: async ({ canvasElement }) => {
    const nav = within(canvasElement).getByRole("navigation", { name: "Main" })
    await expect(navPlacement(nav)).toBe("rail")
    await expect(chatTab(canvasElement)).toHaveAccessibleName("Chat, 2 unread")
    const note = liveNote(canvasElement)
    await expect(note).toHaveTextContent(LIVE_OFFLINE)
    await expect(note).toBeVisible()
    const rail = nav.getBoundingClientRect()
    const box = note?.getBoundingClientRect()
    await expect(box?.left).toBeGreaterThanOrEqual(rail.left)
    await expect(box?.right).toBeLessThanOrEqual(rail.right)
    await expect(box?.top).toBeGreaterThanOrEqual(chatTab(canvasElement).getBoundingClientRect().bottom)
    // Not cut short: every word shows.
    await expect(note?.scrollWidth).toBeLessThanOrEqual(note?.clientWidth ?? 0)
    await expect(note?.scrollHeight).toBeLessThanOrEqual(note?.clientHeight ?? 0)
    const heading = within(canvasElement).getByRole("heading", { name: "Chat" })
    await expect(heading.getBoundingClientRect().left).toBeGreaterThanOrEqual(rail.right)
  }
})
