import type { Meta, StoryObj } from "@storybook/react-vite"
import { PublicPage } from "./public-page.tsx"

const meta = {
  title: "Layout/PublicPage",
  component: PublicPage
} satisfies Meta<typeof PublicPage>

export default meta
type Story = StoryObj<typeof meta>

export const WithHeadingOnly: Story = {
  args: { title: "Sign in" },
  parameters: { route: "/login" }
}

export const WithContent: Story = {
  args: {
    title: "Forgot password",
    children: <p className="muted">Enter the email you signed up with.</p>
  },
  parameters: { route: "/forgot-password" }
}
