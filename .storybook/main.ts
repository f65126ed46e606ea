import type { StorybookConfig } from "@storybook/react-vite"

const config: StorybookConfig = {
  stories: ["../src/**/*.stories.tsx"],
  // a11y runs axe after every story (parameters in preview.tsx); vitest runs every story in
  // Chromium under `npm test` (the "storybook" project in vitest.config.ts).
  addons: ["@storybook/addon-a11y", "@storybook/addon-vitest"],
  framework: {
    name: "@storybook/react-vite",
    // Not the app's vite.config.ts: see .storybook/vite.config.ts.
    options: { builder: { viteConfigPath: ".storybook/vite.config.ts" } }
  },
  core: { disableTelemetry: true }
}

export default config
