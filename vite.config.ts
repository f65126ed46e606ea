import { tanstackRouter } from "@tanstack/router-plugin/vite"
import react from "@vitejs/plugin-react"
import { defineConfig } from "vite"

const apiTarget = `http://127.0.0.1:${process.env["API_PORT"] ?? "3000"}`

export default defineConfig({
  // The router plugin must run before the React plugin so route files are split
  // before JSX is transformed.
  plugins: [
    tanstackRouter({
      target: "react",
      routesDirectory: "./src/routes",
      generatedRouteTree: "./src/routeTree.gen.ts",
      autoCodeSplitting: true
    }),
    react()
  ],
  build: {
    outDir: "dist"
  },
  server: {
    proxy: {
      "/beta": { target: apiTarget, changeOrigin: true }
    }
  },
  preview: {
    proxy: {
      "/beta": { target: apiTarget, changeOrigin: true }
    }
  }
})
