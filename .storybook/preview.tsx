import type { Decorator, Preview } from "@storybook/react-vite"
import { StoryRouter } from "../src/ui/story-router.tsx"
import "../src/ui/theme.css"

// Components use TanStack <Link>, which needs a router. Stories pick the current
// location with `parameters: { route: "/coach/dashboard" }` (default "/").
const withRouter: Decorator = (Story, context) => {
  const route: unknown = context.parameters["route"]
  return (
    <StoryRouter initialPath={typeof route === "string" ? route : "/"}>
      <Story />
    </StoryRouter>
  )
}

const preview: Preview = {
  decorators: [withRouter],
  parameters: {
    layout: "fullscreen"
  }
}

export default preview
