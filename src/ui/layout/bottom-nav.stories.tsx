import type { Meta, StoryObj } from "@storybook/react-vite"
import { expect, within } from "storybook/test"
import { BottomNav } from "./bottom-nav.tsx"
import { atDesktop, atPhone, iconPlacement, layoutViewports, navPlacement } from "./layout-viewports.ts"

// At phone width unless a story says otherwise; the last two show the bar and the rail.
const meta = {
  title: "Layout/BottomNav",
  component: BottomNav,
  parameters: layoutViewports,
  globals: atPhone
} satisfies Meta<typeof BottomNav>

export default meta
type Story = StoryObj<typeof meta>

const navOf = (canvasElement: HTMLElement) => within(canvasElement).getByRole("navigation", { name: "Main" })

const tabsOf = (canvasElement: HTMLElement) => within(navOf(canvasElement)).getAllByRole("link")

const currentOf = (canvasElement: HTMLElement) =>
  tabsOf(canvasElement)
    .filter((link) => link.getAttribute("aria-current") === "page")
    .map((link) => link.textContent)

export const CoachOnDashboard: Story = {
  args: { area: "coach" },
  parameters: { route: "/coach/dashboard" },
  play: async ({ canvasElement }) => {
    // SPEC's two tabs first, then the coach's chat and profile (docs/decisions/022-navigation.md).
    await expect(tabsOf(canvasElement).map((link) => [link.textContent, link.getAttribute("href")])).toEqual([
      ["Dashboard", "/coach/dashboard"],
      ["Calendar", "/coach/calendar"],
      ["Chat", "/coach/chat"],
      ["Profile", "/coach/profile"]
    ])
    await expect(currentOf(canvasElement)).toEqual(["Dashboard"])
  }
}

export const CoachOnProfile: Story = {
  args: { area: "coach" },
  parameters: { route: "/coach/profile" },
  play: async ({ canvasElement }) => {
    await expect(currentOf(canvasElement)).toEqual(["Profile"])
  }
}

/** A client's maxes page is reached from the calendar, so the calendar stays current there. */
export const CoachOnClientMaxes: Story = {
  args: { area: "coach" },
  parameters: { route: "/coach/clients/7/maxes" },
  play: async ({ canvasElement }) => {
    await expect(currentOf(canvasElement)).toEqual(["Calendar"])
  }
}

export const ClientOnCalendar: Story = {
  args: { area: "client" },
  parameters: { route: "/client/calendar" },
  play: async ({ canvasElement }) => {
    const calendar = within(canvasElement).getByRole("link", { name: "Calendar" })
    await expect(calendar).toHaveAttribute("href", "/client/calendar")
    await expect(calendar).toHaveAttribute("aria-current", "page")
  }
}

/** Every screen a client uses is a tab: progress, chat and profile one tap from anywhere. */
export const ClientOnProgress: Story = {
  args: { area: "client" },
  parameters: { route: "/client/progress" },
  play: async ({ canvasElement }) => {
    await expect(tabsOf(canvasElement).map((link) => [link.textContent, link.getAttribute("href")])).toEqual([
      ["Dashboard", "/client/dashboard"],
      ["Calendar", "/client/calendar"],
      ["Progress", "/client/progress"],
      ["Chat", "/client/chat"],
      ["Profile", "/client/profile"]
    ])
    await expect(currentOf(canvasElement)).toEqual(["Progress"])
  }
}

export const ClientOnChat: Story = {
  args: { area: "client" },
  parameters: { route: "/client/chat" },
  play: async ({ canvasElement }) => {
    await expect(currentOf(canvasElement)).toEqual(["Chat"])
  }
}

/** A phone: the bar across the foot of the screen, its tabs in a row; no room for the app's name. */
export const ClientBarOnPhone: Story = {
  args: { area: "client" },
  parameters: { route: "/client/calendar" },
  globals: atPhone,
  play: async ({ canvasElement }) => {
    await expect(navPlacement(navOf(canvasElement))).toBe("bar")
    await expect(within(canvasElement).getByText("Strength Coach")).not.toBeVisible()
    await expect(currentOf(canvasElement)).toEqual(["Calendar"])
    await expect(tabsOf(canvasElement).map(iconPlacement)).toEqual(Array(5).fill("above"))
  }
}

/** A desk's screen (from 1024 px): the same links as a rail down the left, headed by the app's name. */
export const ClientRailOnDesktop: Story = {
  args: { area: "client" },
  parameters: { route: "/client/calendar" },
  globals: atDesktop,
  play: async ({ canvasElement }) => {
    const nav = navOf(canvasElement)
    await expect(navPlacement(nav)).toBe("rail")
    await expect(within(nav).getByText("Strength Coach")).toBeVisible()
    await expect(tabsOf(canvasElement).map((link) => link.textContent)).toEqual([
      "Dashboard",
      "Calendar",
      "Progress",
      "Chat",
      "Profile"
    ])
    await expect(currentOf(canvasElement)).toEqual(["Calendar"])
    await expect(tabsOf(canvasElement).map(iconPlacement)).toEqual(Array(5).fill("beside"))
  }
}
