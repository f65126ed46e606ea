import type { Meta, StoryObj } from "@storybook/react-vite"
import { expect, within } from "storybook/test"
import { AreaLayout } from "#ui/layout/area-layout.tsx"
import { ChatPlaceholder } from "./chat-placeholder.tsx"

const meta = {
  title: "Client/Chat",
  component: ChatPlaceholder,
  parameters: { route: "/client/chat" },
  render: () => (
    <AreaLayout area="client">
      <ChatPlaceholder />
    </AreaLayout>
  )
} satisfies Meta<typeof ChatPlaceholder>

export default meta
type Story = StoryObj<typeof meta>

export const Placeholder: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    for (const name of ["Attach a file", "Record a voice message", "Take a photo", "Send"]) {
      await expect(canvas.getByRole("button", { name })).toBeVisible()
    }
    await expect(canvas.getByRole("textbox", { name: "Message" })).toBeVisible()
  }
}
