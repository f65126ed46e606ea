import { tanstackRouter } from "@tanstack/router-plugin/vite"
import react from "@vitejs/plugin-react"
import { readdirSync, readFileSync, writeFileSync } from "node:fs"
import { join } from "node:path"
import { brotliCompressSync, constants as zlib, gzipSync } from "node:zlib"
import { defineConfig, type Plugin } from "vite"
import { VitePWA } from "vite-plugin-pwa"
import { prerenderPublic } from "./scripts/prerender-public.ts"
import { readManifest, routePreloadScript, startupPreloadTags } from "./scripts/route-chunks.ts"

// Precompressed siblings (.br, .gz) of every compressible built asset, so the server
// (server/static-assets.ts) sends the smallest body without compressing per request.
const COMPRESSIBLE = /\.(?:js|mjs|css|html|svg|json|txt|map|webmanifest)$/
const precompress = (): Plugin => ({
  name: "strength:precompress",
  apply: "build",
  writeBundle(options) {
    const root = options.dir ?? "dist"
    const walk = (dir: string): Array<string> =>
      readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
        entry.isDirectory() ? walk(join(dir, entry.name)) : [join(dir, entry.name)]
      )
    for (const file of walk(root)) {
      if (!COMPRESSIBLE.test(file) || file.includes("/.vite/")) continue
      const body = readFileSync(file)
      writeFileSync(`${file}.br`, brotliCompressSync(body, { params: { [zlib.BROTLI_PARAM_QUALITY]: 11 } }))
      writeFileSync(`${file}.gz`, gzipSync(body, { level: 9 }))
    }
  }
})

// index.html gets modulepreload tags for the chunks every page imports at start-up and a
// small inline script that preloads the opening route's chunks (scripts/route-chunks.ts). Written after the manifest is on disk and before the
// precompressed copies are made.
const routePreload = (): Plugin => ({
  name: "strength:route-preload",
  apply: "build",
  writeBundle: {
    order: "pre",
    sequential: true,
    handler(options) {
      const root = options.dir ?? "dist"
      const html = join(root, "index.html")
      const manifest = readManifest(root)
      const tags = `${startupPreloadTags(manifest)}\n    <script>${routePreloadScript(manifest)}</script>`
      writeFileSync(html, readFileSync(html, "utf8").replace("</head>", `  ${tags}\n  </head>`))
    }
  }
})

// The installable app (docs/decisions/026): the web manifest, and a Workbox service worker
// that precaches the shell, every route chunk and css, and answers navigations from the
// precached HTML. Nothing else is cached by it: no runtimeCaching, so the API (/beta),
// Firebase's scripts and endpoints (cross-origin) always go to the network. A new version
// waits until the lifter presses "Update" (src/machines/app-update) or every tab is closed.
const installableApp = () =>
  VitePWA({
    registerType: "prompt",
    // Registered by the app itself (workbox-window, after the first paint), not by a script in index.html.
    injectRegister: false,
    // After every other plugin's closeBundle (a page written there is precached too), and
    // after writeBundle, where routePreload finishes index.html: the revision is the final file's.
    integration: { closeBundleOrder: "post" },
    includeAssets: ["icons/apple-touch-icon.png"],
    manifest: {
      id: "/",
      name: "Strength Coach",
      short_name: "Strength",
      description: "Strength training coaching: coaches build workouts, clients log them.",
      lang: "en",
      start_url: "/",
      scope: "/",
      display: "standalone",
      theme_color: "#1f4fd1",
      background_color: "#f4f5f7",
      icons: [
        { src: "/icons/icon-192.png", sizes: "192x192", type: "image/png", purpose: "any" },
        { src: "/icons/icon-512.png", sizes: "512x512", type: "image/png", purpose: "any" },
        { src: "/icons/maskable-192.png", sizes: "192x192", type: "image/png", purpose: "maskable" },
        { src: "/icons/maskable-512.png", sizes: "512x512", type: "image/png", purpose: "maskable" }
      ]
    },
    workbox: {
      // Every page, chunk and stylesheet; not the precompressed siblings nor Vite's manifest.
      globPatterns: ["**/*.{html,js,css}"],
      globIgnores: ["**/.vite/**", "**/*.br", "**/*.gz"],
      navigateFallback: "/index.html",
      // The API, Firebase's auth handler, and addresses of files (a dot in the path's last
      // segment, not in the query) reach the network.
      navigateFallbackDenylist: [/^\/beta(?:\/|$)/, /^\/__\//, /^[^?]*\/[^/?]*\.[^/?]*(?:\?.*)?$/],
      inlineWorkboxRuntime: true,
      skipWaiting: false,
      // The first version takes the page that installed it (same build, nothing to mix), so
      // its first session already works offline; later versions still wait for "Update".
      clientsClaim: true,
      cleanupOutdatedCaches: true,
      runtimeCaching: []
    }
  })

/**
 * Whether a module is in the static graph of the app's start-up: src/main.tsx and the
 * phases it imports in turn (services, router, React DOM's mount; docs/decisions/047).
 * Rolldown's "$initial" tag would see only main.tsx, whose graph is now tiny; this walks a
 * module's static importers up to one of them instead.
 */
const STARTUP_ROOT = /[\\/]src[\\/](?:main|services|router|prerendered)\.tsx?$/
type ModuleGraph = { getModuleInfo(id: string): { readonly importers: ReadonlyArray<string> } | null }
function inStartupGraph(id: string, graph: ModuleGraph): boolean {
  const seen = new Set<string>([id])
  const queue = [id]
  for (let next = queue.pop(); next !== undefined; next = queue.pop()) {
    if (STARTUP_ROOT.test(next)) return true
    for (const importer of graph.getModuleInfo(next)?.importers ?? [])
      if (!seen.has(importer)) {
        seen.add(importer)
        queue.push(importer)
      }
  }
  return false
}
const STARTUP_LIBRARIES = /node_modules[\\/](?:@tanstack|xstate|@xstate|react|use-sync-external-store)[\\/]/
// The Effect-free domain and gateway helpers the session and the guards start with
// (session-user.ts, firebase-uid.ts, the gateway's lazy calls, ...): in the domain's or the
// gateway's chunk they would pull those, and Effect, into start-up.
const DOMAIN_OR_GATEWAY = /src[\\/](?:domain|gateway)[\\/]/

// The gateway's chunk is the gateway and the route mounts, with the domain modules they
// import (Rolldown takes a group's dependencies with it). A domain module only screens and
// machines import is not among them: it loads with the screens that use it.
const GATEWAY_CHUNK = /src[\\/](?:gateway[\\/]|routes[\\/](?:-mount|client[\\/]-client-actors)\.ts$)/

const apiTarget = `http://127.0.0.1:${process.env["API_PORT"] ?? "3000"}`

// The app's build and dev server only. Storybook builds stories with
// .storybook/vite.config.ts and Vitest runs with vitest.config.ts: neither has the app's
// index.html or manifest that routePreload reads, nor needs the route generator.
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
    react(),
    routePreload(),
    // /login, /signup, /forgot-password as HTML that paints before the JavaScript.
    prerenderPublic(),
    precompress(),
    installableApp()
  ],
  build: {
    outDir: "dist",
    // scripts/check-size.ts follows each route's import graph through the manifest.
    manifest: true,
    // Every browser we serve supports <link rel="modulepreload">.
    modulePreload: { polyfill: false },
    rolldownOptions: {
      output: {
        codeSplitting: {
          // Rolldown keeps each module in one chunk, and a module's code is what any chunk
          // uses of it. So: big, rarely changing libraries get chunks of their own (no chunk
          // passes the 100 KiB budget, an app deploy does not invalidate them in the HTTP
          // cache); the app's start-up code is one chunk per phase of src/main.tsx, each
          // evaluated in a task of its own (docs/decisions/047); Effect goes with the gateway
          // into one lazy chunk, named "gateway"
          // (scripts/check-size.ts counts it on every signed-in screen). The first screens import no
          // Effect at all (src/domain/session-user.ts, lifts.ts, firebase-uid.ts), so /login
          // does not load it, and signed-in screens load it once, when the gateway is needed.
          groups: [
            // Vite's preload helper, which every dynamic import calls, starts with the app: in a
            // group with its dependencies it would pull that group's chunk into start-up.
            { name: "app", test: /vite[\\/]preload-helper/, priority: 6 },
            { name: "react-dom", test: /node_modules[\\/](?:react-dom|scheduler)[\\/]/, priority: 5 },
            { name: "firebase", test: /node_modules[\\/](?:@firebase|firebase|idb)[\\/]/, priority: 4 },
            // The libraries every page starts with (the part of them start-up uses).
            {
              debugName: "vendor",
              name: (id, graph) => (STARTUP_LIBRARIES.test(id) && inStartupGraph(id, graph) ? "vendor" : null),
              priority: 3
            },
            {
              debugName: "app (start-up domain and gateway helpers)",
              name: (id, graph) => (DOMAIN_OR_GATEWAY.test(id) && inStartupGraph(id, graph) ? "app" : null),
              priority: 2
            },
            // Loaded by every route, though only route chunks import them: one gzip stream and no
            // round trip of their own instead of two small chunks.
            {
              name: "app",
              test: /node_modules[\\/]@xstate[\\/]react[\\/]|src[\\/]ui[\\/]account[\\/]session-status\./,
              priority: 2
            },
            { name: "effect", test: /node_modules[\\/]effect[\\/]/, priority: 1 },
            // Reading earlier results and working loads out of them: one chunk, which the logging
            // page fetches after it paints and the coach's day and builder load with the loads.
            {
              name: "loads",
              test: /src[\\/]domain[\\/](?:history|progress|loads|set-loads)\.ts$/,
              // Their imports (units, maxes, calendar) stay in the gateway every screen has.
              includeDependenciesRecursively: false,
              priority: 1
            },
            // The exercise library is data only some screens read (progress, maxes,
            // the builder): it stays with them instead of riding in every screen's gateway.
            // So do the loads math (loads.ts, set-loads.ts) and the reading of earlier results
            // (history.ts, progress.ts): the logging page fetches them after it paints.
            // Chat and comments: their contract and client load with the screens that
            // talk, not in the gateway every signed-in screen loads.
            {
              name: "chat",
              test: /src[\\/](?:gateway[\\/](?:chat-gateway|live-feed|live-stream)|machines[\\/](?:live-stream|unread)[\\/][^\\/]+|domain[\\/](?:chat|chat-api|comments|live-events|message-links|set-videos))\.ts$/,
              includeDependenciesRecursively: false,
              priority: 1
            },
            // Coaching by consent (docs/decisions/033): its contract and client load with the
            // screens that show or change coaching. In the gateway chunk they would pull the chat
            // chunk (the contract's Instant) into every signed-in screen, and the two chunks
            // would import each other, so one of them runs before the other's exports exist.
            {
              name: "coaching",
              test: /src[\\/](?:gateway[\\/]coaching-gateway|domain[\\/]coaching(?:-api)?)\.ts$/,
              includeDependenciesRecursively: false,
              priority: 1
            },
            // Imports and exports (docs/decisions/049): their contract and client load with "Your
            // data" and the coach's import screens, not with every signed-in screen's gateway.
            {
              name: "data",
              test: /src[\\/](?:gateway[\\/](?:data-gateway|export-file)|domain[\\/](?:data-api|history-import|import-errors|roster-import|program))\.ts$/,
              includeDependenciesRecursively: false,
              priority: 1
            },
            // Form checks (docs/decisions/050): their contract, client and uploader load with the
            // screens that show clips. The uploader's own import of tus-js-client must not take
            // the preload helper into a chunk start-up imports, hence no dependencies taken along.
            {
              name: "videos",
              test: /src[\\/](?:gateway[\\/](?:videos-gateway|video-upload)|domain[\\/](?:videos-api|video-errors))\.ts$/,
              includeDependenciesRecursively: false,
              priority: 1
            },
            {
              // The coach's set text (set-text.ts, docs/decisions/038) is left to the coach's
              // screens that show it, not carried by every screen's gateway.
              name: "gateway",
              test: GATEWAY_CHUNK,
              priority: 0
            }
          ]
        }
      }
    }
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
