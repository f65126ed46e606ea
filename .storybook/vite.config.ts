import react from "@vitejs/plugin-react"
import { defineConfig } from "vite"

// Storybook's own Vite config. The app's vite.config.ts describes the app build: the route
// generator and code splitter, index.html's route preloads (read from the app's manifest,
// which Storybook's build never writes), precompression and chunk groups. None of that
// belongs to a build of stories, so Storybook does not load it: stories need JSX and
// `#ui/*`-style imports, which Vite resolves from package.json#imports on its own.
export default defineConfig({
  plugins: [react()]
})
