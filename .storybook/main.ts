import type { StorybookConfig } from "@storybook/react-vite"
import type { PluginOption } from "vite"

const isRouterPlugin = (plugin: PluginOption): boolean =>
  typeof plugin === "object" && plugin !== null && "name" in plugin && plugin.name.startsWith("tanstack")

const config: StorybookConfig = {
  stories: ["../src/**/*.stories.tsx"],
  framework: { name: "@storybook/react-vite", options: {} },
  core: { disableTelemetry: true },
  // Stories never import route files: keep the route generator and code splitter
  // (from vite.config.ts) out of Storybook so it cannot rewrite routeTree.gen.ts.
  viteFinal: (viteConfig) => ({
    ...viteConfig,
    plugins: (viteConfig.plugins ?? []).flat(Infinity as 1).filter((plugin) => !isRouterPlugin(plugin))
  })
}

export default config
