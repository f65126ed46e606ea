import type { Meta, StoryObj } from "@storybook/react-vite"
import { expect, within } from "storybook/test"
import { NotFound } from "./not-found.tsx"

const meta = {
  title: "Pages/NotFound",
  component: NotFound
} satisfies Meta<typeof NotFound>

export default meta
type Story = StoryObj<typeof meta>

export const UnknownPath: Story = {
  parameters: { route: "/no/such/page" },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole("heading", { level: 1 })).toHaveTextContent(
      "There's nothing here: 404!"
    )
  }
}
