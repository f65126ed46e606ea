import type { Meta, StoryObj } from "@storybook/react-vite"
import { expect, within } from "storybook/test"
import { AreaLayout } from "#ui/layout/area-layout.tsx"
import { ClientProfile } from "./client-profile.tsx"

const meta = {
  title: "Client/Profile",
  component: ClientProfile,
  parameters: { route: "/client/profile" },
  render: (args) => (
    <AreaLayout area="client">
      <ClientProfile {...args} />
    </AreaLayout>
  )
} satisfies Meta<typeof ClientProfile>

export default meta
type Story = StoryObj<typeof meta>

export const Placeholder: Story = {
  args: { name: "Alex Lifter" },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await expect(canvas.getByRole("heading", { level: 1 })).toHaveTextContent("Alex Lifter")
    await expect(canvas.getByRole("button", { name: "Settings" })).toBeVisible()
    await expect(canvas.getAllByRole("listitem", { name: /Progress photo/ })).toHaveLength(6)
  }
}
