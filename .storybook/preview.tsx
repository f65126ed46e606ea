import type { Decorator, Preview } from "@storybook/react-vite"
import { StateMachine, type AnyStateMachine } from "xstate"
import { StoryRouter } from "../src/ui/story-router.tsx"
import { machineStateHooks } from "./machine-state.ts"
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

// Every machine by its folder name, the name stories give in parameters.machine.
const machines: Record<string, AnyStateMachine> = Object.fromEntries(
  Object.entries(import.meta.glob<Record<string, unknown>>("/src/machines/*/*.machine.ts", { eager: true })).flatMap(
    ([file, module]) =>
      Object.values(module)
        .filter((value): value is AnyStateMachine => value instanceof StateMachine)
        .map((machine) => [file.split("/").at(-2) ?? file, machine] as const)
  )
)

const preview: Preview = {
  decorators: [withRouter],
  ...machineStateHooks(machines),
  parameters: {
    layout: "fullscreen",
    a11y: {
      // axe runs after every story; under vitest a violation fails the story's test.
      test: "error",
      // Only serious and critical violations fail (vitest-axe's matcher reads
      // impactLevels from the options axe reports back); the Storybook panel lists all.
      options: { impactLevels: ["serious", "critical"] }
    }
  }
}

export default preview
