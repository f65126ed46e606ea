import { runInNewContext } from "node:vm"
import { describe, expect, it } from "vitest"
import {
  pathPattern,
  routeLoads,
  routePreloadScript,
  startupPreloadTags,
  type Manifest
} from "../../scripts/route-chunks.ts"

// A manifest shaped like the real build's: an entry with its libraries, Firebase Auth
// (imported at start-up), a layout route and two routes of the client area, the login
// route, and the API client (gateway, which imports Effect's chunk).
const manifest: Manifest = {
  "index.html": { file: "assets/index.js", src: "index.html", isEntry: true, imports: ["_vendor.js"] },
  "_vendor.js": { file: "assets/vendor.js" },
  "src/identity/firebase-auth.ts": {
    file: "assets/firebase-auth.js",
    src: "src/identity/firebase-auth.ts",
    isDynamicEntry: true,
    imports: ["_firebase.js"]
  },
  "_firebase.js": { file: "assets/firebase.js" },
  "_effect.js": { file: "assets/effect.js" },
  "_gateway.js": { file: "assets/gateway.js", name: "gateway", imports: ["index.html", "_effect.js"] },
  "_area.js": { file: "assets/area.js", imports: ["_vendor.js"], css: ["assets/client.css"] },
  "src/routes/login.tsx?tsr-split=component": {
    file: "assets/login.js",
    isDynamicEntry: true,
    imports: ["_vendor.js"]
  },
  "src/routes/client/route.tsx?tsr-split=component": {
    file: "assets/client-route.js",
    isDynamicEntry: true,
    imports: ["_area.js"]
  },
  "src/routes/client/dashboard.tsx?tsr-split=component": {
    file: "assets/dashboard.js",
    isDynamicEntry: true,
    imports: ["_gateway.js", "_area.js"]
  },
  "src/routes/client/workouts/$date/$idx.tsx?tsr-split=component": {
    file: "assets/logging.js",
    isDynamicEntry: true,
    imports: ["_gateway.js"]
  }
}

/** Runs the inline script as a browser would on `path`; answers the links it added to <head>. */
function preloadsOn(path: string): Array<{ rel: string; as?: string; href: string; crossOrigin: string }> {
  const added: Array<{ rel: string; as?: string; href: string; crossOrigin: string }> = []
  const document = {
    createElement: () => ({}) as { rel: string; as?: string; href: string; crossOrigin: string },
    head: { appendChild: (link: (typeof added)[number]) => added.push(link) }
  }
  const tasks: Array<() => void> = []
  const setTimeout = (task: () => void) => void tasks.push(task)
  runInNewContext(routePreloadScript(manifest), { location: { pathname: path }, document, setTimeout })
  // Nothing is added in the parser's own task: each link waits for a task of its own.
  if (added.length > 0) throw new Error("links were added while the script ran")
  for (const task of tasks) task()
  if (tasks.length !== added.length) throw new Error(`${added.length} links added in ${tasks.length} tasks`)
  return added
}

describe("preloading the opening route's chunks from index.html", () => {
  it("a signed-in route preloads its layout, its own chunks, their styles and the API client", () => {
    expect(preloadsOn("/client/dashboard")).toEqual([
      { rel: "preload", as: "style", crossOrigin: "", href: "/assets/client.css" },
      { rel: "modulepreload", crossOrigin: "", href: "/assets/client-route.js" },
      { rel: "modulepreload", crossOrigin: "", href: "/assets/area.js" },
      { rel: "modulepreload", crossOrigin: "", href: "/assets/dashboard.js" },
      { rel: "modulepreload", crossOrigin: "", href: "/assets/gateway.js" },
      { rel: "modulepreload", crossOrigin: "", href: "/assets/effect.js" }
    ])
  })

  it("path parameters match any value, and a trailing slash is ignored", () => {
    const hrefs = preloadsOn("/client/workouts/11-23-2026/0/").map((link) => link.href)
    expect(hrefs).toContain("/assets/logging.js")
    expect(hrefs).not.toContain("/assets/dashboard.js")
  })

  it("never preloads what index.html already loads, nor the API client on a signed-out route", () => {
    expect(preloadsOn("/login").map((link) => link.href)).toEqual(["/assets/login.js"])
  })

  it("an unknown path preloads nothing", () => {
    expect(preloadsOn("/client/dashboard/extra")).toEqual([])
    expect(preloadsOn("/nowhere")).toEqual([])
  })

  it("route patterns escape the path's own characters", () => {
    expect(new RegExp(pathPattern("/a.b/$id")).test("/a.b/7")).toBe(true)
    expect(new RegExp(pathPattern("/a.b/$id")).test("/axb/7")).toBe(false)
  })

  it("every page preloads Firebase Auth with the entry, from a tag of its own", () => {
    expect(startupPreloadTags(manifest).split("\n    ")).toEqual([
      '<link rel="modulepreload" crossorigin href="/assets/firebase-auth.js">',
      '<link rel="modulepreload" crossorigin href="/assets/firebase.js">'
    ])
    expect(preloadsOn("/login").map((link) => link.href)).not.toContain("/assets/firebase.js")
  })

  it("the app's start-up phases are preloaded, and their styles linked, from tags of their own", () => {
    const phased: Manifest = {
      "index.html": { file: "assets/index.js", src: "index.html", isEntry: true, css: ["assets/index.css"] },
      "src/services.ts": {
        file: "assets/services.js",
        src: "src/services.ts",
        isDynamicEntry: true,
        imports: ["_app.js"]
      },
      "_app.js": { file: "assets/app.js", css: ["assets/app.css"] }
    }
    expect(startupPreloadTags(phased).split("\n    ")).toEqual([
      '<link rel="stylesheet" crossorigin href="/assets/app.css">',
      '<link rel="modulepreload" crossorigin href="/assets/services.js">',
      '<link rel="modulepreload" crossorigin href="/assets/app.js">'
    ])
  })

  it("size budgets still count the whole first load of each route", () => {
    const dashboard = routeLoads(manifest).find((load) => load.path === "/client/dashboard")
    expect(dashboard?.chunks).toEqual(
      new Set([
        "index.html",
        "_vendor.js",
        "src/identity/firebase-auth.ts",
        "_firebase.js",
        "src/routes/client/route.tsx?tsr-split=component",
        "_area.js",
        "src/routes/client/dashboard.tsx?tsr-split=component",
        "_gateway.js",
        "_effect.js"
      ])
    )
  })
})
