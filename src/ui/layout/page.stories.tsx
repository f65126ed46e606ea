import type { Meta, StoryObj } from "@storybook/react-vite"
import { expect, within } from "storybook/test"
import { AreaLayout } from "./area-layout.tsx"
import { atDesktop, atPhone, layoutViewports, navPlacement } from "./layout-viewports.ts"
import { Page } from "./page.tsx"

const meta = {
  title: "Layout/Page",
  component: Page,
  parameters: layoutViewports,
  globals: atPhone
} satisfies Meta<typeof Page>

export default meta
type Story = StoryObj<typeof meta>

const inCoachArea: Story["render"] = (args) => (
  <AreaLayout area="coach">
    <Page {...args}>
      <p>
        Each client&apos;s week at a glance, the workouts they logged and the ones still ahead, with the messages
        waiting for an answer.
      </p>
    </Page>
  </AreaLayout>
)

const parts = (canvasElement: HTMLElement) => {
  const canvas = within(canvasElement)
  return {
    nav: canvas.getByRole("navigation", { name: "Main" }),
    main: canvas.getByRole("main"),
    heading: canvas.getByRole("heading", { level: 1, name: "Dashboard" })
  }
}

/** A phone: the screen is one column above the bottom bar, which covers none of it. */
export const InCoachArea: Story = {
  args: { title: "Dashboard" },
  parameters: { route: "/coach/dashboard" },
  render: inCoachArea,
  play: async ({ canvasElement }) => {
    const { nav, main, heading } = parts(canvasElement)
    await expect(navPlacement(nav)).toBe("bar")
    await expect(heading).toBeVisible()
    await expect(main.getBoundingClientRect().width).toBe(window.innerWidth)
    // The screen's foot keeps clear of the bar: its last words end above it.
    const text = main.querySelector("p")?.getBoundingClientRect()
    await expect(text?.bottom).toBeLessThanOrEqual(nav.getBoundingClientRect().top)
  }
}

/** A desk's screen: the rail on the left, the screen right of it and wider than a phone's column. */
export const InCoachAreaOnDesktop: Story = {
  args: { title: "Dashboard" },
  parameters: { route: "/coach/dashboard" },
  globals: atDesktop,
  render: inCoachArea,
  play: async ({ canvasElement }) => {
    const { nav, main, heading } = parts(canvasElement)
    await expect(navPlacement(nav)).toBe("rail")
    await expect(heading).toBeVisible()
    const rail = nav.getBoundingClientRect()
    const screen = main.getBoundingClientRect()
    await expect(screen.left).toBeGreaterThanOrEqual(rail.right)
    await expect(heading.getBoundingClientRect().left).toBeGreaterThan(rail.right)
    await expect(screen.width).toBeGreaterThan(720)
    await expect(screen.right).toBeLessThanOrEqual(window.innerWidth)
  }
}
