/**
 * Every machine state has a story, and every story file loads.
 *
 * Convention (docs/decisions/001-story-per-machine-state.md): a story shows one machine
 * state by declaring it in its parameters, usually `machine` on the meta and
 * `machineState` on the story:
 *
 *   const meta = { component: LoginForm, parameters: { machine: "session" } }
 *   export const SigningInEmail = { parameters: { machineState: "signingIn.email" } }
 *
 * `machine` is the folder name under src/machines; `machineState` is the dot path of a
 * leaf state (or a list of leaves, one per region of a parallel state). States are read
 * from the machine definitions themselves, so adding a state without a story fails here.
 *
 * The stories themselves run in Chromium, not here: the "storybook" project of
 * vitest.config.ts renders each one, runs its play function and axe, and checks that its
 * actor shows the state it declares (.storybook/machine-state.ts).
 */
import { composeStories, type composeStory } from "@storybook/react-vite"
import { readdirSync } from "node:fs"
import { dirname, resolve } from "node:path"
import { fileURLToPath } from "node:url"
import { StateMachine, type AnyStateMachine } from "xstate"
import { describe, expect, test } from "vitest"
import { storyCoverage, type StoryDeclaration } from "./story-coverage.ts"

type StoryModule = Parameters<typeof composeStories>[0]
type ComposedStory = ReturnType<typeof composeStory>

// Modules load one by one so a file that throws on import fails its own test only.
type Loaded<T> = { file: string; module: T; error?: undefined } | { file: string; module?: undefined; error: unknown }

async function loadAll<T>(loaders: Record<string, () => Promise<T>>): Promise<Array<Loaded<T>>> {
  return Promise.all(
    Object.entries(loaders).map(async ([file, load]): Promise<Loaded<T>> => {
      try {
        return { file, module: await load() }
      } catch (error) {
        return { file, error }
      }
    })
  )
}

const storyFiles = await loadAll(import.meta.glob<StoryModule>("/src/**/*.stories.tsx"))
const machineFiles = await loadAll(import.meta.glob<Record<string, unknown>>("/src/machines/*/*.machine.ts"))

// A string, not new URL(): under jsdom, URL is the DOM class that node:url rejects.
const srcDir = resolve(dirname(fileURLToPath(import.meta.url)), "../../src")

/** Paths like "/src/ui/x.stories.tsx" of files on disk, to prove the globs miss nothing. */
const filesOnDisk = (suffix: string): Array<string> =>
  readdirSync(srcDir, { recursive: true, encoding: "utf8" })
    .map((file) => `/src/${file.split("\\").join("/")}`)
    .filter((file) => file.endsWith(suffix))
    .sort()

const composed = storyFiles.map(({ file, module, error }) => ({
  file,
  error,
  stories:
    module === undefined
      ? []
      : Object.entries(composeStories(module)).map(([name, story]) => [name, story as ComposedStory] as const)
}))

const machineName = (file: string): string => file.split("/").at(-2) ?? file

const machinesByFile = machineFiles.map(({ file, module, error }) => ({
  file,
  error,
  machines: Object.values(module ?? {}).filter((value): value is AnyStateMachine => value instanceof StateMachine)
}))

describe("every story", () => {
  test("file under src is found by the story loader", () => {
    expect(storyFiles.map(({ file }) => file).sort()).toEqual(filesOnDisk(".stories.tsx"))
    expect(composed.length).toBeGreaterThan(0)
  })

  test.each(composed)("in $file loads and exports at least one story", ({ error, stories }) => {
    expect(error).toBeUndefined()
    expect(stories.length).toBeGreaterThan(0)
  })
})

describe("every machine", () => {
  test("file in src/machines loads and exports exactly one machine", () => {
    expect(machineFiles.map(({ file }) => file).sort()).toEqual(
      filesOnDisk(".machine.ts").filter((file) => /^\/src\/machines\/[^/]+\/[^/]+$/.test(file))
    )
    for (const { file, error, machines } of machinesByFile) {
      expect(error, `${file} fails to load`).toBeUndefined()
      expect(machines, `${file} must export exactly one machine`).toHaveLength(1)
    }
  })

  const machines = Object.fromEntries(
    machinesByFile.flatMap(({ file, machines }) => machines.map((machine) => [machineName(file), machine] as const))
  )
  const declarations: Array<StoryDeclaration> = composed.flatMap(({ file, stories }) =>
    stories.map(([name, Story]) => ({ story: `${file} > ${name}`, parameters: Story.parameters }))
  )
  const report = storyCoverage(machines, declarations)

  test("state has a story", () => {
    expect(report.missing).toEqual([])
  })

  test("story names a machine and a state that exist", () => {
    expect(report.invalid).toEqual([])
  })
})
