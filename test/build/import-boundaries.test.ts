/**
 * The import-boundary rule (eslint.config.js, docs/decisions/011-import-boundaries.md) run
 * through ESLint's Node API with the project's own config, as `npm run lint` runs it:
 * wrong-direction imports, Effect in an Effect-free domain file and re-exports across a
 * layer are errors; imports that follow domain -> gateway/identity -> machines -> ui ->
 * routes are not. Each snippet is linted as if it were the text of a real file in that
 * layer, since the rule classifies a file by its path.
 */
import { ESLint } from "eslint"
import { fileURLToPath } from "node:url"
import { describe, expect, test } from "vitest"

const root = fileURLToPath(new URL("../../", import.meta.url))
const eslint = new ESLint({
  cwd: root,
  // Only the rules this test is about, without type information: the project's typed
  // rules would load the whole TypeScript program (half a minute) to say nothing here.
  overrideConfig: { languageOptions: { parserOptions: { projectService: false, project: null } } },
  ruleFilter: ({ ruleId }) =>
    ruleId.startsWith("boundaries/") ||
    ruleId === "@typescript-eslint/no-restricted-imports" ||
    ruleId === "no-restricted-syntax"
})

/** Files that exist in each layer; the text linted replaces theirs. */
const IN = {
  domain: "src/domain/ids.ts",
  effectFreeDomain: "src/domain/lifts.ts",
  machines: "src/machines/failure-text.ts",
  ui: "src/ui/client/progress-chart.tsx",
  routes: "src/routes/login.tsx",
  root: "src/services.ts",
  server: "server/main.ts"
} as const

async function problems(layer: keyof typeof IN, text: string): Promise<Array<string>> {
  const [result] = await eslint.lintText(text, { filePath: `${root}${IN[layer]}` })
  const messages = result?.messages ?? []
  const fatal = messages.find((message) => message.fatal === true)
  if (fatal !== undefined) throw new Error(`${IN[layer]} did not parse: ${fatal.message}`)
  return messages.map((message) => `${message.ruleId ?? "?"}: ${message.message}`)
}

describe("imports against the direction domain -> gateway/identity -> machines -> ui -> routes", () => {
  test.each([
    ["the domain importing a machine", "domain", 'import { describeFailure } from "#machines/failure-text.ts"'],
    ["the domain importing the gateway by a relative path", "domain", 'import { x } from "../gateway/gateway.ts"'],
    ["a machine importing the ui", "machines", 'import { x } from "#ui/client/progress-screen.tsx"'],
    ["a machine importing a route", "machines", 'import { x } from "../routes/-mount.ts"'],
    ["the ui importing the gateway", "ui", 'import { x } from "#gateway/gateway.ts"'],
    ["the ui loading identity lazily", "ui", 'export const load = () => import("#identity/firebase-auth.ts")'],
    ["the server importing a machine", "server", 'import { x } from "#machines/failure-text.ts"']
  ] as const)("%s is an error", async (_, layer, line) => {
    const found = await problems(layer, `${line}\n`)
    expect(found).toHaveLength(1)
    expect(found[0]).toMatch(/^boundaries\/dependencies: \w+ must not import from \w+/)
  })

  test("a re-export across layers is an error even in the allowed direction", async () => {
    const found = await problems("machines", 'export { IsoDate } from "#domain/calendar.ts"\n')
    expect(found).toEqual([
      "boundaries/dependencies: no re-exports across layers: import domain's module where it is used"
    ])
  })

  test("a re-export inside the domain is an error", async () => {
    const found = await problems("domain", 'export { liftLabel } from "./lifts.ts"\n')
    expect(found).toEqual(["no-restricted-syntax: no re-exports in the domain: import from the defining module"])
  })
})

describe("the Effect-free domain files", () => {
  test("may not import Effect", async () => {
    const found = await problems(
      "effectFreeDomain",
      'import * as Schema from "effect/Schema"\nexport const s = Schema\n'
    )
    expect(found).toHaveLength(1)
    expect(found[0]).toMatch(/^@typescript-eslint\/no-restricted-imports: .*must stay free of Effect/)
  })

  test("may not import values from a Schema-based domain module, only types", async () => {
    const value = await problems("effectFreeDomain", 'import { UserId } from "./ids.ts"\nexport const id = UserId\n')
    expect(value).toHaveLength(1)
    expect(value[0]).toMatch(/only from the other Effect-free ones/)
    expect(
      await problems("effectFreeDomain", 'import type { UserId } from "./ids.ts"\nexport type Id = UserId\n')
    ).toEqual([])
    expect(
      await problems(
        "effectFreeDomain",
        'import { isFirebaseUid } from "./firebase-uid.ts"\nexport const f = isFirebaseUid\n'
      )
    ).toEqual([])
  })
})

describe("imports in the right direction", () => {
  test.each([
    [
      "a machine importing the domain and the gateway",
      "machines",
      'import { x } from "#domain/calendar.ts"\nimport { y } from "#gateway/gateway.ts"'
    ],
    [
      "the ui importing a machine's selectors and the domain",
      "ui",
      'import { x } from "#machines/logging/logging.selectors.ts"\nimport { y } from "#domain/lifts.ts"'
    ],
    [
      "a route importing the ui, machines and the composition root",
      "routes",
      'import { x } from "#ui/client/progress-screen.tsx"\nimport { y } from "#machines/failure-text.ts"\nimport type { AppServices } from "../services.ts"'
    ],
    [
      "the composition root importing a route tree and identity",
      "root",
      'import { x } from "./routeTree.gen.ts"\nconst y = () => import("#identity/firebase-auth.ts")'
    ],
    ["the server importing the domain", "server", 'import { Api } from "#domain/api.ts"'],
    [
      "the domain importing the domain and packages",
      "domain",
      'import * as Schema from "effect/Schema"\nimport { x } from "./calendar.ts"'
    ]
  ] as const)("%s is fine", async (_, layer, lines) => {
    expect(await problems(layer, `${lines}\n`)).toEqual([])
  })
})
