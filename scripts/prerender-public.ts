// The public screens paint before any JavaScript runs. After the client build,
// the real screens (scripts/prerender-screens.tsx: the app's router and components, as a
// signed-out visitor's first render shows them) are rendered with react-dom/server and
// written into copies of the final index.html: dist/login.html, signup.html,
// forgot-password.html. server/static-assets.ts answers /login with login.html, and
// src/prerendered.tsx hydrates the markup once the app has loaded.
import { mkdirSync, readFileSync, writeFileSync } from "node:fs"
import { dirname, join } from "node:path"
import type { Plugin } from "vite"
import { REMEMBERED_USER_KEY } from "../src/identity/remembered-user.ts"
import { DASHBOARD_PATH, DASHBOARD_SNAPSHOT_KEY } from "../src/routes/client/-dashboard-snapshot.ts"
import { readManifest, routeLoads, type Manifest } from "./route-chunks.ts"

/** The prerendered screens; each is written to `<path>.html`. */
export const PUBLIC_SCREENS = ["/login", "/signup", "/forgot-password"] as const

const ROOT = /<div id="root">([\s\S]*?)<\/div>/

type RenderScreen = (path: string) => Promise<string>

/**
 * The window's names that Node lacks (window, document, history, location,
 * addEventListener, ...), lent to the global scope; answers a function taking them back.
 */
function lendToGlobalScope(window: object): () => void {
  const globals = globalThis as Record<string, unknown>
  const source = window as Record<string, unknown>
  const names = new Set<string>()
  for (
    let level: object | null = window;
    level !== null && level !== Object.prototype;
    level = Object.getPrototypeOf(level) as object | null
  )
    for (const name of Object.getOwnPropertyNames(level)) names.add(name)
  const lent = [...names].filter((name) => !(name in globals))
  for (const name of lent) {
    const value = source[name]
    // Its methods (addEventListener, getComputedStyle) called bare must still be the window's.
    globals[name] = typeof value === "function" && !/^[A-Z]/.test(name) ? value.bind(window) : value
  }
  return () => lent.forEach((name) => Reflect.deleteProperty(globals, name))
}

/**
 * Renders the screens in Vite's SSR module loader (it compiles the TSX and skips the CSS
 * imports). The router takes its client path, as in the browser: `@tanstack/*` are
 * compiled here under the "development" condition, whose isServer is decided at run time
 * by `document`, which a jsdom window provides while rendering. Its server path would
 * render other markup (no Suspense boundary, a scroll script) and hydration would fail.
 */
async function withScreenRenderer<T>(use: (render: RenderScreen) => Promise<T>): Promise<T> {
  // Loaded here, not with vite.config.ts: only a build that writes the pages needs them.
  const [{ createServer }, { default: react }, { JSDOM }] = await Promise.all([
    import("vite"),
    import("@vitejs/plugin-react"),
    import("jsdom")
  ])
  const server = await createServer({
    configFile: false,
    logLevel: "warn",
    appType: "custom",
    server: { middlewareMode: true, hmr: false, ws: false },
    plugins: [react()],
    ssr: { noExternal: [/^@tanstack\//], resolve: { conditions: ["module", "node", "development"] } }
  })
  const dom = new JSDOM("<!doctype html><html><body></body></html>", { url: "http://localhost/" })
  const giveBack = lendToGlobalScope(dom.window)
  try {
    const screens = (await server.ssrLoadModule("/scripts/prerender-screens.tsx")) as {
      renderPublicScreen: RenderScreen
    }
    return await use(screens.renderPublicScreen)
  } finally {
    giveBack()
    dom.window.close()
    await server.close()
  }
}

/**
 * Runs in the page before its first paint, right after #root, on a prerendered page (and
 * does nothing elsewhere): a visitor this device remembers as signed in
 * (src/identity/remembered-user.ts) sees 'Loading...' as before, not a form the app is
 * about to leave; and the last form sent or button pressed before the app has taken over
 * is held (a form not sent as a GET with the password in the address, nor either to a
 * half-hydrated app), the page marked busy, and done again once it has (src/prerendered.tsx).
 * What the person does to the controls meanwhile (typing, a chosen option, a ticked box)
 * stays out of the half-hydrated app, which would record it as already seen and never hand
 * it to the form, and then put the form's state back on its next render. The last value of
 * each control is kept on #root as `__prerenderedInput` (control -> value, in the shapes
 * src/prerendered.tsx's `valueOf` gives), which the app adopts once it is in. index.html
 * carries the script too, so the server's script policy, which allows index.html's inline
 * scripts by their hashes (server/security-headers.ts), allows it.
 */
const inlineJson = (value: string) => JSON.stringify(value).replaceAll("<", "\\u003c")

const takeoverScript = (loading: string): string =>
  `(function(root){${snapshotPainter}if(!root.hasAttribute("data-prerendered"))return;try{if(localStorage.getItem(${inlineJson(REMEMBERED_USER_KEY)})!==null){root.innerHTML=${inlineJson(loading)};root.removeAttribute("data-prerendered");return}}catch(e){}var given=root.__prerenderedInput=new Map();function hold(event,what){event.preventDefault();event.stopPropagation();root.setAttribute("data-held",what);root.setAttribute("aria-busy","true")}function keep(event){if(!root.hasAttribute("data-prerendered"))return;event.stopPropagation();var control=event.target;if(control instanceof HTMLSelectElement)given.set(control,Array.prototype.map.call(control.options,function(option){return option.selected}));else if(control instanceof HTMLInputElement&&(control.type==="checkbox"||control.type==="radio"))given.set(control,control.checked);else if(control instanceof HTMLInputElement||control instanceof HTMLTextAreaElement)given.set(control,control.value)}document.addEventListener("input",keep,true);document.addEventListener("change",keep,true);document.addEventListener("submit",function(event){if(root.hasAttribute("data-prerendered"))hold(event,"submit")},true);document.addEventListener("click",function(event){if(!root.hasAttribute("data-prerendered")||!(event.target instanceof Element))return;var button=event.target.closest('button[type="button"]');if(button!==null&&root.contains(button))hold(event,"button "+Array.prototype.indexOf.call(root.querySelectorAll("button"),button))},true)})(document.getElementById("root"))`

/**
 * On the snapshot page (dist/client/dashboard.html): the dashboard as the remembered person
 * last saw it with the server's answer (src/routes/client/-dashboard-snapshot.ts), inert and
 * marked "Updating…" (offline-note.css) until the app's first render replaces it, when the
 * page is live again.
 */
const snapshotPainter = `if(root.hasAttribute("data-snapshot-for")){try{var kept=JSON.parse(localStorage.getItem(${inlineJson(DASHBOARD_SNAPSHOT_KEY)})||"null"),who=JSON.parse(localStorage.getItem(${inlineJson(REMEMBERED_USER_KEY)})||"null");if(kept&&who&&kept.user===who.id&&typeof kept.html==="string"){root.innerHTML=kept.html;root.setAttribute("data-snapshot","");root.setAttribute("inert","");root.setAttribute("aria-busy","true");var painted=root.firstChild;new MutationObserver(function(changes,watch){if(root.contains(painted))return;root.removeAttribute("data-snapshot");root.removeAttribute("inert");root.removeAttribute("aria-busy");watch.disconnect()}).observe(root,{childList:true})}}catch(e){}return}`

/** The route's own stylesheets, linked (not only preloaded) so the markup paints styled. */
function routeStylesheets(manifest: Manifest, path: string): string {
  const load = routeLoads(manifest).find((candidate) => candidate.path === path)
  if (load === undefined) throw new Error(`the manifest has no route ${path}`)
  const css = [...load.routeChunks].flatMap((key) => manifest[key]?.css ?? [])
  return [...new Set(css)].map((file) => `<link rel="stylesheet" crossorigin href="/${file}">`).join("\n    ")
}

const rootOf = (html: string): string => {
  const loading = ROOT.exec(html)?.[1]
  if (loading === undefined || loading.includes("<div"))
    throw new Error('index.html must hold <div id="root"> without nested divs')
  return loading
}

/** index.html with the takeover script after #root. */
export function withTakeoverScript(indexHtml: string): string {
  const loading = rootOf(indexHtml)
  return indexHtml.replace(ROOT, (root) => `${root}\n    <script>${takeoverScript(loading.trim())}</script>`)
}

/** index.html (with its takeover script) holding `markup` in #root, marked as prerendered for `path`. */
export function prerenderedPage(indexHtml: string, manifest: Manifest, path: string, markup: string): string {
  rootOf(indexHtml)
  if (/<script\b/i.test(markup)) throw new Error(`the prerendered ${path} holds a script`)
  return indexHtml
    .replace("</head>", `  ${routeStylesheets(manifest, path)}\n  </head>`)
    .replace(ROOT, () => `<div id="root" data-prerendered="${path}">${markup}</div>`)
}

/** The head's tags that start the app's code: its module script, the route-preload script, modulepreloads. */
const APP_CODE_TAGS = /\s*(?:<script\b[^>]*>[\s\S]*?<\/script>|<link rel="modulepreload"[^>]*>)/g

/**
 * index.html (with its takeover script) that paints the kept dashboard, if any, for `path`.
 * The app's code starts after the painter, at the end of the body: Chromium compiles each
 * preloaded module in a main-thread task as it arrives, and the parser, yielding between
 * its own tasks, otherwise reached the painter only after ~200 ms of them at 4x CPU.
 */
export function snapshotPage(indexHtml: string, manifest: Manifest, path: string): string {
  rootOf(indexHtml)
  const [head = "", body = ""] = indexHtml.split("</head>")
  const appCode = head.match(APP_CODE_TAGS)?.join("") ?? ""
  return `${head.replace(APP_CODE_TAGS, "")}\n    ${routeStylesheets(manifest, path)}\n  </head>${body}`
    .replace(ROOT, (root) => root.replace('<div id="root">', '<div id="root" data-snapshot-for>'))
    .replace("</body>", `${appCode}\n  </body>`)
}

export async function prerenderPublicScreens(distDir: string): Promise<void> {
  const indexPath = join(distDir, "index.html")
  const indexHtml = withTakeoverScript(readFileSync(indexPath, "utf8"))
  const manifest = readManifest(distDir)
  const snapshotPath = join(distDir, `${DASHBOARD_PATH}.html`)
  mkdirSync(dirname(snapshotPath), { recursive: true })
  writeFileSync(snapshotPath, snapshotPage(indexHtml, manifest, DASHBOARD_PATH))
  await withScreenRenderer(async (render) => {
    for (const path of PUBLIC_SCREENS)
      writeFileSync(join(distDir, `${path}.html`), prerenderedPage(indexHtml, manifest, path, await render(path)))
  })
  writeFileSync(indexPath, indexHtml)
}

/**
 * After index.html has its preload tags (strength:route-preload, order "pre") and before
 * the precompressed copies are made: sequential, so the plugins after it wait for the pages.
 */
export const prerenderPublic = (): Plugin => ({
  name: "strength:prerender-public",
  apply: "build",
  writeBundle: {
    sequential: true,
    async handler(options) {
      await prerenderPublicScreens(options.dir ?? "dist")
    }
  }
})
