import type { Meta, StoryObj } from "@storybook/react-vite"
import { useSelector } from "@xstate/react"
import { expect, within } from "storybook/test"
import { fromCallback, fromPromise } from "xstate"
import type { UnreadCounts } from "#domain/chat.ts"
import { coachUnread, nothingUnread, twoUnread, annId, coachId } from "#machines/unread/unread.fixtures.ts"
import { unreadMachine } from "#machines/unread/unread.machine.ts"
import { selectUnreadTotal } from "#machines/unread/unread.selectors.ts"
import { useSeededActor } from "../client/client-story.tsx"
import type { Area } from "./area.ts"
import { BottomNav } from "./bottom-nav.tsx"
import { atDesktop, atPhone, layoutViewports, navPlacement } from "./layout-viewports.ts"

// The Chat tab's unread badge: one story per state of the unread machine, seeded in it.

const storyUnread = unreadMachine.provide({
  actors: {
    loadUnread: fromPromise<UnreadCounts>(() => new Promise<never>(() => undefined)),
    watchLive: fromCallback(() => () => undefined)
  }
})

function UnreadNav({ area, state, counts }: { area: Area; state: string; counts: UnreadCounts | null }) {
  const unread = useSeededActor(storyUnread, state, {
    me: area === "coach" ? coachId : annId,
    counts,
    changedMeanwhile: false
  })
  return (
    <main>
      <BottomNav area={area} unread={useSelector(unread, selectUnreadTotal)} />
    </main>
  )
}

const meta = {
  title: "Layout/BottomNav/Chat tab",
  component: UnreadNav,
  parameters: { machine: "unread", route: "/client/dashboard", ...layoutViewports },
  globals: atPhone
} satisfies Meta<typeof UnreadNav>

export default meta
type Story = StoryObj<typeof meta>

const chatTab = (canvasElement: HTMLElement) =>
  within(within(canvasElement).getByRole("navigation", { name: "Main" })).getByRole("link", { name: /^Chat/ })

/** The tab names its unread messages; the badge shows the number, or nothing when there are none. */
const showsUnread = async (canvasElement: HTMLElement, unread: number | null) => {
  const tab = chatTab(canvasElement)
  const shown = unread !== null && unread > 0
  await expect(tab).toHaveAccessibleName(shown ? `Chat, ${unread} unread` : "Chat")
  const badge = tab.querySelector(".nav-badge")
  if (shown) await expect(badge).toHaveAttribute("data-count", String(unread))
  else await expect(badge).toBeNull()
}

/** The first read of the counts is under way: no badge yet, rather than a guess. */
export const UnreadReadingFirst: Story = {
  args: { area: "client", state: "reading", counts: null },
  parameters: { machineState: "reading" },
  play: async ({ canvasElement }) => showsUnread(canvasElement, null)
}

/** Read again (the stream reopened, or the lifter read on another device): the last count stays meanwhile. */
export const UnreadReadingAgain: Story = {
  args: { area: "client", state: "reading", counts: twoUnread },
  parameters: { machineState: "reading" },
  play: async ({ canvasElement }) => showsUnread(canvasElement, 2)
}

/** Two messages from the coach the lifter has not read. */
export const UnreadLoaded: Story = {
  args: { area: "client", state: "loaded", counts: twoUnread },
  parameters: { machineState: "loaded" },
  play: async ({ canvasElement }) => showsUnread(canvasElement, 2)
}

/** A coach's badge counts every client's thread: three from Ann and one from Bo. */
export const UnreadLoadedCoach: Story = {
  args: { area: "coach", state: "loaded", counts: coachUnread },
  parameters: { machineState: "loaded", route: "/coach/dashboard" },
  play: async ({ canvasElement }) => showsUnread(canvasElement, 4)
}

/** All read: no badge. */
export const UnreadLoadedNothing: Story = {
  args: { area: "client", state: "loaded", counts: nothingUnread },
  parameters: { machineState: "loaded" },
  play: async ({ canvasElement }) => showsUnread(canvasElement, 0)
}

/** More than 99 unread: the badge says 99+, the tab's name the number. */
export const UnreadLoadedMany: Story = {
  args: { area: "client", state: "loaded", counts: { total: 120, threads: [] } },
  parameters: { machineState: "loaded" },
  play: async ({ canvasElement }) => {
    const tab = chatTab(canvasElement)
    await expect(tab).toHaveAccessibleName("Chat, 120 unread")
    await expect(tab.querySelector(".nav-badge")).toHaveAttribute("data-count", "99+")
  }
}

/** The counts could not be read: no badge (it is tried again on its own). */
export const UnreadFailed: Story = {
  args: { area: "client", state: "failed", counts: null },
  parameters: { machineState: "failed" },
  play: async ({ canvasElement }) => showsUnread(canvasElement, null)
}

/** On the rail (a desk's screen) the count sits at the end of the Chat row, clear of the label. */
export const UnreadLoadedOnRail: Story = {
  args: { area: "coach", state: "loaded", counts: coachUnread },
  parameters: { machineState: "loaded", route: "/coach/chat" },
  globals: atDesktop,
  play: async ({ canvasElement }) => {
    await expect(navPlacement(within(canvasElement).getByRole("navigation", { name: "Main" }))).toBe("rail")
    await showsUnread(canvasElement, 4)
    const tab = chatTab(canvasElement)
    const badge = tab.querySelector(".nav-badge")
    await expect(badge).toBeVisible()
    const row = tab.getBoundingClientRect()
    const count = badge?.getBoundingClientRect()
    const label = document.createRange()
    label.selectNodeContents(tab.lastChild ?? tab)
    await expect(count?.left).toBeGreaterThan(label.getBoundingClientRect().right)
    await expect(count?.right).toBeLessThanOrEqual(row.right)
    await expect(count?.top).toBeGreaterThanOrEqual(row.top)
    await expect(count?.bottom).toBeLessThanOrEqual(row.bottom)
  }
}
