/**
 * What `npm run lint` holds a machine to (eslint.config.js, docs/decisions/043-device-layer.md),
 * through ESLint's Node API with the project's own config: a machine that names a browser
 * global, or imports another machine's internals, is an error; a machine that gets the
 * browser through its ports and imports another machine's public surface is not. Each
 * snippet is linted as the text of a real machine file, since the rules pick files by path.
 */
import { ESLint } from "eslint"
import { fileURLToPath } from "node:url"
import { describe, expect, test } from "vitest"

const root = fileURLToPath(new URL("../../", import.meta.url))
const eslint = new ESLint({
  cwd: root,
  // Only the rules this test is about, without type information (the whole TypeScript
  // program would take half a minute to load and say nothing here).
  overrideConfig: { languageOptions: { parserOptions: { projectService: false, project: null } } },
  ruleFilter: ({ ruleId }) =>
    ruleId === "no-restricted-globals" || ruleId === "machines/public-surface" || ruleId.startsWith("boundaries/")
})

/** A real file in a machine folder; the text linted replaces its own. */
const MACHINE_FILE = "src/machines/chat-outbox/chat-outbox.actors.ts"

async function problems(text: string, file: string = MACHINE_FILE): Promise<Array<string>> {
  const [result] = await eslint.lintText(text, { filePath: `${root}${file}` })
  const messages = result?.messages ?? []
  const fatal = messages.find((message) => message.fatal === true)
  if (fatal !== undefined) throw new Error(`${file} did not parse: ${fatal.message}`)
  return messages.map((message) => `${message.ruleId ?? "?"}: ${message.message}`)
}

describe("a browser global in src/machines", () => {
  test.each([
    ["an online listener on window", 'window.addEventListener("online", () => undefined)'],
    ["navigator.onLine", "export const online = navigator.onLine"],
    ["the page's visibility", 'export const hidden = () => document.visibilityState === "hidden"'],
    ["IndexedDB as a default", "export const open = (factory: IDBFactory = indexedDB) => factory.open('x')"],
    ["sessionStorage", 'export const read = () => sessionStorage.getItem("k")'],
    ["localStorage", 'export const read = () => localStorage.getItem("k")'],
    ["the Cache API", "export const names = () => caches.keys()"],
    ["location", "export const reload = () => location.reload()"],
    ["a Notification", 'export const notify = () => new Notification("Rest is over")'],
    ["an IDBKeyRange", "export const range = IDBKeyRange.only(1)"],
    ["a BroadcastChannel", 'export const channel = new BroadcastChannel("tabs")'],
    ["a window reached through globalThis", "export const w = globalThis.window"]
  ])("%s is an error", async (_, line) => {
    const found = await problems(`${line}\n`)
    expect(found.length).toBeGreaterThan(0)
    expect(found.every((problem) => problem.startsWith("no-restricted-globals: "))).toBe(true)
    expect(found[0]).toMatch(/through their ports: implement it in src\/device/)
  })

  test("in any file of a machine folder, the chart and the fixtures too", async () => {
    for (const file of [
      "src/machines/wake-lock/wake-lock.machine.ts",
      "src/machines/chat/chat.fixtures.ts",
      "src/machines/failure-text.ts"
    ]) {
      expect(await problems("export const online = navigator.onLine\n", file)).toHaveLength(1)
    }
  })

  test("a local of the same name, a property and a port are fine", async () => {
    const text = [
      'import { watchNetwork } from "#device/network.ts"',
      "export const clip = (window: { from: number }) => window.from",
      "export const screenOf = (context: { screen: number }) => context.screen",
      "export const watch = (ports: { watchNetwork: typeof watchNetwork }) => ports.watchNetwork(() => undefined)",
      "export const id = () => crypto.randomUUID()",
      "export const later = (work: () => void) => setTimeout(work, 10)"
    ].join("\n")
    expect(await problems(`${text}\n`)).toEqual([])
  })

  test("outside src/machines the browser is allowed: that is what src/device is for", async () => {
    expect(await problems("export const online = navigator.onLine\n", "src/device/network.ts")).toEqual([])
  })
})

describe("a machine importing another machine", () => {
  test.each([
    ["a helper file of another folder", 'import { x } from "../autosave/autosave.edits.ts"', "autosave.edits.ts"],
    ["by the #machines alias", 'import { x } from "#machines/logging/logging.workout.ts"', "logging.workout.ts"],
    [
      "a registry, lazily",
      'export const load = () => import("../comments/notes-outbox.registry.ts")',
      "notes-outbox.registry.ts"
    ],
    ["a re-export of internals", 'export { x } from "../builder/builder.draft.ts"', "builder.draft.ts"],
    ["another machine's fixtures", 'import { x } from "../chat/chat.fixtures.ts"', "chat.fixtures.ts"]
  ])("%s is an error", async (_, line, name) => {
    const found = await problems(`${line}\n`)
    expect(found.filter((problem) => problem.startsWith("machines/public-surface: "))).toEqual([
      expect.stringContaining(`${name} is internal to the`)
    ])
  })

  test("a file directly in src/machines is held to it too", async () => {
    const found = await problems('import { x } from "./autosave/autosave.edits.ts"\n', "src/machines/failure-text.ts")
    expect(found).toEqual([expect.stringMatching(/^machines\/public-surface: autosave.edits.ts is internal/)])
  })

  test.each([
    [
      "another machine's chart, types, selectors and actors",
      [
        'import { x } from "../session/session.machine.ts"',
        'import type { y } from "../session/session.types.ts"',
        'import { z } from "#machines/session/session.selectors.ts"',
        'import { w } from "../logging/logging.actors.ts"'
      ].join("\n")
    ],
    ["its own folder's helper files", 'import { x } from "./chat-outbox.registry.ts"'],
    [
      "the device layer and the domain",
      'import { isOnline } from "#device/network.ts"\nimport { y } from "#domain/ids.ts"'
    ],
    ["a file directly in src/machines", 'import { describeFailure } from "../failure-text.ts"']
  ])("%s is fine", async (_, lines) => {
    expect(await problems(`${lines}\n`)).toEqual([])
  })

  test("fixtures may build on another machine's fixtures", async () => {
    expect(
      await problems(
        'import { dayInput } from "../coach-day/coach-day.fixtures.ts"\n',
        "src/machines/workout-removal/workout-removal.fixtures.ts"
      )
    ).toEqual([])
  })
})

describe("the device layer in the import direction", () => {
  test("the device may not import a machine", async () => {
    const found = await problems('import { x } from "#machines/session/session.types.ts"\n', "src/device/network.ts")
    expect(found).toEqual([expect.stringMatching(/^boundaries\/dependencies: device must not import from machines/)])
  })

  test("nor the gateway", async () => {
    const found = await problems('import { x } from "#gateway/gateway.ts"\n', "src/device/network.ts")
    expect(found).toEqual([expect.stringMatching(/^boundaries\/dependencies: device must not import from gateway/)])
  })
})
