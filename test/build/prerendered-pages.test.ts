import { getByLabelText, getByRole } from "@testing-library/dom"
import { JSDOM } from "jsdom"
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { REMEMBERED_USER_KEY } from "#identity/remembered-user.ts"
import { USER_TYPE_HINT } from "#ui/account/signup-form.tsx"
import { DASHBOARD_SNAPSHOT_KEY } from "../../src/routes/client/-dashboard-snapshot.ts"
import { PUBLIC_SCREENS, prerenderPublicScreens } from "../../scripts/prerender-public.ts"
import type { Manifest } from "../../scripts/route-chunks.ts"

// The build step on a dist folder shaped like the real one (the repository's index.html,
// a manifest naming each public route's chunk and stylesheet), rendering the real screens.
const indexHtml = readFileSync("index.html", "utf8").replace(
  '<script type="module" src="/src/main.tsx"></script>',
  '<script type="module" crossorigin src="/assets/index.js"></script>'
)
const split = (route: string) => `src/routes/${route}.tsx?tsr-split=component`
const manifest: Manifest = {
  "index.html": { file: "assets/index.js", src: "index.html", isEntry: true, css: ["assets/index.css"] },
  [split("login")]: { file: "assets/login.js", isDynamicEntry: true, imports: ["_account.js"] },
  [split("signup")]: { file: "assets/signup.js", isDynamicEntry: true, imports: ["_account.js"] },
  [split("forgot-password")]: { file: "assets/forgot-password.js", isDynamicEntry: true, imports: ["_account.js"] },
  "_account.js": { file: "assets/account.js", css: ["assets/account.css"] },
  [split("client/dashboard")]: {
    file: "assets/dashboard.js",
    isDynamicEntry: true,
    imports: ["_client.js"],
    css: ["assets/dashboard.css"]
  },
  "_client.js": { file: "assets/client.js", css: ["assets/client.css"] }
}

let dist: string
const page = (name: string) => readFileSync(join(dist, name), "utf8")
const inlineScripts = (html: string) => [...html.matchAll(/<script>([\s\S]*?)<\/script>/g)].map((match) => match[1])

beforeAll(async () => {
  dist = mkdtempSync(join(tmpdir(), "prerendered-"))
  mkdirSync(join(dist, ".vite"))
  writeFileSync(join(dist, "index.html"), indexHtml)
  writeFileSync(join(dist, ".vite/manifest.json"), JSON.stringify(manifest))
  await prerenderPublicScreens(dist)
}, 60_000)
afterAll(() => rmSync(dist, { recursive: true, force: true }))

describe("prerendered public pages", () => {
  it("are written for /login, /signup and /forgot-password, marked for their path", () => {
    for (const path of PUBLIC_SCREENS)
      expect(page(`${path}.html`)).toContain(`<div id="root" data-prerendered="${path}">`)
  })

  it("hold the login form's labelled fields and buttons, as the screen renders them", () => {
    const root = new JSDOM(page("login.html")).window.document.body
    expect(getByRole(root, "heading", { name: "Sign in" })).toBeTruthy()
    expect(getByLabelText(root, "Email")).toHaveProperty("type", "email")
    expect(getByLabelText(root, "Password")).toHaveProperty("type", "password")
    expect(getByRole(root, "button", { name: "Sign in with Google" })).toBeTruthy()
    expect(getByRole(root, "button", { name: "Log In" })).toBeTruthy()
    expect(getByRole(root, "link", { name: "Sign up" }).getAttribute("href")).toBe("/signup")
  })

  it("hold the sign-up and reset forms", () => {
    const signup = new JSDOM(page("signup.html")).window.document.body
    expect(getByRole(signup, "heading", { name: "Sign up" })).toBeTruthy()
    expect(getByLabelText(signup, "Email")).toBeTruthy()
    const userType = getByLabelText(signup, "User type")
    expect(signup.querySelector(`#${userType.getAttribute("aria-describedby") ?? ""}`)?.textContent).toBe(
      USER_TYPE_HINT
    )
    const reset = new JSDOM(page("forgot-password.html")).window.document.body
    expect(getByRole(reset, "heading", { name: "Forgot password" })).toBeTruthy()
    expect(getByLabelText(reset, "Email")).toBeTruthy()
  })

  it("link the route's stylesheets, so the markup paints styled before the route's code arrives", () => {
    expect(page("login.html")).toContain('<link rel="stylesheet" crossorigin href="/assets/account.css">')
    expect(page("index.html")).not.toContain("/assets/account.css")
  })

  it("carry only inline scripts index.html carries too (the server's script policy allows those by hash)", () => {
    const allowed = inlineScripts(page("index.html"))
    expect(allowed.length).toBeGreaterThan(0)
    for (const path of PUBLIC_SCREENS)
      for (const script of inlineScripts(page(`${path}.html`))) expect(allowed).toContain(script)
  })
})

describe("the page's takeover script", () => {
  const runScript = (html: string, storage: Record<string, string> = {}) => {
    const dom = new JSDOM(html, { url: "http://localhost/login", runScripts: "outside-only" })
    for (const [key, value] of Object.entries(storage)) dom.window.localStorage.setItem(key, value)
    for (const script of inlineScripts(html)) dom.window.eval(script ?? "")
    return dom.window
  }

  it("leaves the form to a visitor this device does not remember", () => {
    const window = runScript(page("login.html"))
    expect(window.document.getElementById("root")?.dataset["prerendered"]).toBe("/login")
    expect(getByLabelText(window.document.body, "Email")).toBeTruthy()
  })

  it("shows 'Loading...' instead of the form to a visitor remembered as signed in", () => {
    const window = runScript(page("login.html"), { [REMEMBERED_USER_KEY]: "{}" })
    const root = window.document.getElementById("root")
    expect(root?.hasAttribute("data-prerendered")).toBe(false)
    expect(root?.textContent).toBe("Loading...")
  })

  it("holds a form sent before the app has taken over, and lets it through after", () => {
    const window = runScript(page("login.html"))
    const root = window.document.getElementById("root")
    const form = window.document.querySelector("form")
    const early = new window.Event("submit", { bubbles: true, cancelable: true })
    form?.dispatchEvent(early)
    expect(early.defaultPrevented).toBe(true)
    expect(root?.getAttribute("data-held")).toBe("submit")
    expect(root?.getAttribute("aria-busy")).toBe("true")
    root?.removeAttribute("data-prerendered")
    const late = new window.Event("submit", { bubbles: true, cancelable: true })
    form?.dispatchEvent(late)
    expect(late.defaultPrevented).toBe(false)
  })

  it("holds a press of the Google button (by its place among the buttons) before the app has taken over", () => {
    const window = runScript(page("login.html"))
    const root = window.document.getElementById("root")
    const google = getByRole(window.document.body, "button", { name: "Sign in with Google" })
    let reached = false
    root?.addEventListener("click", () => (reached = true))
    google.querySelector("span")?.click()
    expect(reached).toBe(false)
    expect(root?.getAttribute("data-held")).toBe(
      `button ${[...(root?.querySelectorAll("button") ?? [])].indexOf(google as HTMLButtonElement)}`
    )
    root?.removeAttribute("data-prerendered")
    google.click()
    expect(reached).toBe(true)
  })

  it("keeps typing from the half-hydrated app until it has taken over (src/prerendered.tsx hands it over)", () => {
    const window = runScript(page("login.html"))
    const root = window.document.getElementById("root")
    let seen = 0
    root?.addEventListener("input", () => (seen += 1))
    const email = getByLabelText(window.document.body, "Email")
    email.dispatchEvent(new window.Event("input", { bubbles: true }))
    expect(seen).toBe(0)
    root?.removeAttribute("data-prerendered")
    email.dispatchEvent(new window.Event("input", { bubbles: true }))
    expect(seen).toBe(1)
  })

  it("keeps the last value the person gave each control on #root, for the app to adopt (src/prerendered.tsx)", () => {
    const window = runScript(page("signup.html"))
    const root = window.document.getElementById("root")
    const userType = getByLabelText<HTMLSelectElement>(window.document.body, "User type")
    const name = getByLabelText<HTMLInputElement>(window.document.body, "Name")
    userType.value = "Coach"
    userType.dispatchEvent(new window.Event("change", { bubbles: true }))
    name.value = "Sam"
    name.dispatchEvent(new window.Event("input", { bubbles: true }))
    // As a re-render of the half-hydrated form would put it back.
    userType.value = "Client"
    const given = (root as unknown as { __prerenderedInput: Map<Element, unknown> }).__prerenderedInput
    expect(given.get(userType)).toEqual([false, true])
    expect(given.get(name)).toBe("Sam")
  })

  it("does nothing on index.html", () => {
    const window = runScript(page("index.html"), { [REMEMBERED_USER_KEY]: "{}" })
    expect(window.document.getElementById("root")?.textContent.trim()).toBe("Loading...")
  })
  describe("the kept dashboard's page (client/dashboard.html)", () => {
    const kept = '<main class="page client-dashboard"><h1>Hello, Sam!</h1><p>Back Squat</p></main>'
    const remembered = (id: number) => JSON.stringify({ id, name: "Sam", email: "sam@example.com" })
    const snapshot = (user: number) => JSON.stringify({ user, html: kept })

    it("links the dashboard route's stylesheets, so what it paints is styled", () => {
      const html = page("client/dashboard.html")
      for (const css of ["assets/dashboard.css", "assets/client.css"])
        expect(html).toContain(`<link rel="stylesheet" crossorigin href="/${css}">`)
      expect(html).toContain('<div id="root" data-snapshot-for>')
    })

    it("starts the app's code only after the painter, so preloaded modules do not hold its paint back", () => {
      const html = page("client/dashboard.html")
      const [head = ""] = html.split("</head>")
      expect(head).not.toMatch(/<script\b|modulepreload/)
      const painter = html.indexOf("data-snapshot-for")
      expect(html.indexOf('<script type="module" crossorigin src="/assets/index.js"></script>')).toBeGreaterThan(
        painter
      )
      expect(inlineScripts(html)).toEqual(inlineScripts(page("index.html")))
    })

    it("paints the kept dashboard, inert and busy, for the person it was kept for", () => {
      const window = runScript(page("client/dashboard.html"), {
        [REMEMBERED_USER_KEY]: remembered(7),
        [DASHBOARD_SNAPSHOT_KEY]: snapshot(7)
      })
      const root = window.document.getElementById("root")
      expect(root?.innerHTML).toBe(kept)
      expect(root?.hasAttribute("data-snapshot")).toBe(true)
      expect(root?.hasAttribute("inert")).toBe(true)
      expect(root?.getAttribute("aria-busy")).toBe("true")
    })

    it("is live again once the app's first render has replaced it", async () => {
      const window = runScript(page("client/dashboard.html"), {
        [REMEMBERED_USER_KEY]: remembered(7),
        [DASHBOARD_SNAPSHOT_KEY]: snapshot(7)
      })
      const root = window.document.getElementById("root")
      root?.replaceChildren(window.document.createElement("main"))
      await new Promise((resolve) => window.setTimeout(resolve, 0))
      expect(["data-snapshot", "inert", "aria-busy"].filter((name) => root?.hasAttribute(name))).toEqual([])
    })

    it("paints nothing for anyone else, or with no one remembered", () => {
      const devices: Array<Record<string, string>> = [
        { [REMEMBERED_USER_KEY]: remembered(8), [DASHBOARD_SNAPSHOT_KEY]: snapshot(7) },
        { [DASHBOARD_SNAPSHOT_KEY]: snapshot(7) },
        { [REMEMBERED_USER_KEY]: remembered(7), [DASHBOARD_SNAPSHOT_KEY]: "not json" }
      ]
      for (const storage of devices) {
        const root = runScript(page("client/dashboard.html"), storage).document.getElementById("root")
        expect(root?.textContent.trim()).toBe("Loading...")
        expect(root?.hasAttribute("inert")).toBe(false)
      }
    })
  })
})
