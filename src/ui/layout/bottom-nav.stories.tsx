import type { Meta, StoryObj } from "@storybook/react-vite"
import { expect, within } from "storybook/test"
import { BottomNav } from "./bottom-nav.tsx"

const meta = {
  title: "Layout/BottomNav",
  component: BottomNav
} satisfies Meta<typeof BottomNav>

export default meta
type Story = StoryObj<typeof meta>

export const CoachOnDashboard: Story = {
  args: { area: "coach" },
  parameters: { route: "/coach/dashboard" },
  play: async ({ canvasElement }) => {
    const nav = within(canvasElement).getByRole("navigation", { name: "Main" })
    await expect(within(nav).getByRole("link", { name: "Dashboard" })).toHaveAttribute("aria-current", "page")
    await expect(within(nav).getByRole("link", { name: "Calendar" })).not.toHaveAttribute("aria-current")
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
