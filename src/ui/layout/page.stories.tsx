import type { Meta, StoryObj } from "@storybook/react-vite"
import { AreaLayout } from "./area-layout.tsx"
import { Page } from "./page.tsx"

const meta = {
  title: "Layout/Page",
  component: Page
} satisfies Meta<typeof Page>

export default meta
type Story = StoryObj<typeof meta>

export const InCoachArea: Story = {
  args: { title: "Dashboard" },
  parameters: { route: "/coach/dashboard" },
  render: (args) => (
    <AreaLayout area="coach">
      <Page {...args} />
    </AreaLayout>
  )
}
