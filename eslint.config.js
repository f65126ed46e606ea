import js from "@eslint/js"
import path from "node:path"
import boundaries from "eslint-plugin-boundaries"
import reactHooks from "eslint-plugin-react-hooks"
import tseslint from "typescript-eslint"

// Imports flow one way (docs/decisions/011-import-boundaries.md, 043-device-layer.md):
// domain -> gateway/identity/device -> machines -> ui -> routes -> the composition root.
// The server imports only the domain. Tests, scripts and configs are no layer: they import anything.
// Element patterns name folders; the first that holds a file gives its layer, so "root"
// (the files directly in src/: services.ts, router.tsx, main.tsx, router-context.ts,
// session-guards.ts, yield-to-browser.ts) comes after the layer folders inside it.
const LAYERS = [
  { type: "domain", pattern: "src/domain" },
  { type: "gateway", pattern: "src/gateway" },
  { type: "identity", pattern: "src/identity" },
  { type: "device", pattern: "src/device" },
  { type: "machines", pattern: "src/machines" },
  { type: "ui", pattern: "src/ui" },
  { type: "routes", pattern: "src/routes" },
  { type: "root", pattern: "src" },
  { type: "server", pattern: "server" }
]

/** Which layers each layer may import from, besides its own files. */
const MAY_IMPORT = {
  domain: [],
  gateway: ["domain"],
  identity: ["domain"],
  // The browser's storage and APIs; beside the gateway, not above it: what joins the two
  // (a drain, a refresh of the device copy) is a machine's actor or the composition root's.
  device: ["domain"],
  machines: ["domain", "gateway", "identity", "device"],
  ui: ["domain", "machines"],
  routes: ["domain", "gateway", "identity", "device", "machines", "ui", "root"],
  root: ["domain", "gateway", "identity", "device", "machines", "ui", "routes"],
  server: ["domain"]
}

// Domain files the signed-out screens load: they must stay free of Effect (the 35 KiB
// Effect chunk would otherwise join /login's first load; docs/performance.md). They may
// use each other, and only types from the Schema-based domain modules.
const EFFECT_FREE_DOMAIN = [
  "src/domain/exercise-catalogue.ts",
  "src/domain/exercise-kinds.ts",
  "src/domain/exercise-search.ts",
  "src/domain/firebase-uid.ts",
  "src/domain/lifts.ts",
  "src/domain/plain-bounds.ts",
  "src/domain/progress-search.ts",
  "src/domain/session-user.ts",
  "src/domain/units.ts",
  "src/domain/workout-search.ts"
]
const effectFreeNames = EFFECT_FREE_DOMAIN.map((file) => file.replace("src/domain/", ""))

// A machine reaches the browser only through its ports, which src/device implements
// (docs/decisions/043-device-layer.md): none of these globals is named in src/machines.
const BROWSER_GLOBALS = [
  "window",
  "document",
  "navigator",
  "location",
  "history",
  "screen",
  "visualViewport",
  "indexedDB",
  "IDBKeyRange",
  "localStorage",
  "sessionStorage",
  "caches",
  "Notification",
  "BroadcastChannel",
  "ServiceWorker",
  "Worker",
  "WebSocket",
  "EventSource",
  "XMLHttpRequest",
  "fetch",
  "AudioContext",
  "matchMedia",
  "requestIdleCallback",
  "cancelIdleCallback",
  "requestAnimationFrame",
  "cancelAnimationFrame",
  "addEventListener",
  "removeEventListener",
  "alert",
  "confirm",
  "prompt",
  "self",
  "globalThis"
]

// What one machine folder may import from another: its public surface (docs/architecture.md).
// The chart, its types, its selectors, and its actors (the ports and implementations a parent
// that invokes or spawns it must provide). Fixtures may build on another machine's fixtures.
const MACHINES_DIR = path.join(import.meta.dirname, "src/machines")
const PUBLIC_SURFACE = /\.(?:machine|types|selectors|actors)\.ts$/

/** The machine folder a file is in; null for a file directly in src/machines, undefined outside it. */
const machineFolderOf = (file) => {
  const relative = path.relative(MACHINES_DIR, file)
  if (relative.startsWith("..") || path.isAbsolute(relative)) return undefined
  const parts = relative.split(path.sep)
  return parts.length > 1 ? parts[0] : null
}

const machinePublicSurface = {
  meta: {
    type: "problem",
    schema: [],
    messages: {
      internal:
        "{{name}} is internal to the {{folder}} machine: import its .machine.ts, .types.ts, .selectors.ts or .actors.ts, or move shared pure logic to src/domain"
    }
  },
  create(context) {
    const own = machineFolderOf(context.filename)
    if (own === undefined) return {}
    const check = (node) => {
      const source = node?.type === "Literal" ? node.value : undefined
      if (typeof source !== "string") return
      let target
      if (source.startsWith("#machines/")) target = path.join(MACHINES_DIR, source.slice("#machines/".length))
      else if (source.startsWith(".")) target = path.resolve(path.dirname(context.filename), source)
      else return
      const folder = machineFolderOf(target)
      if (folder == null || folder === own) return
      const name = path.basename(target)
      if (PUBLIC_SURFACE.test(name)) return
      if (context.filename.endsWith(".fixtures.ts") && name.endsWith(".fixtures.ts")) return
      context.report({ node, messageId: "internal", data: { name, folder } })
    }
    return {
      ImportDeclaration: (node) => check(node.source),
      ExportNamedDeclaration: (node) => check(node.source),
      ExportAllDeclaration: (node) => check(node.source),
      ImportExpression: (node) => check(node.source)
    }
  }
}

export default tseslint.config(
  {
    ignores: [
      "dist/",
      "dist-*/",
      "storybook-static/",
      "coverage/",
      "test-results/",
      "test-results-*/",
      "playwright-report/",
      ".data/",
      "node_modules/",
      "src/routeTree.gen.ts"
    ]
  },
  js.configs.recommended,
  tseslint.configs.strictTypeChecked,
  {
    languageOptions: {
      parserOptions: {
        projectService: {
          // Config files outside tsconfig's include still get type information.
          allowDefaultProject: ["*.js", "*.mjs", "scripts/*.cjs"]
        },
        tsconfigRootDir: import.meta.dirname
      }
    },
    rules: {
      // Template literals with numbers are everywhere in dates and set text.
      "@typescript-eslint/restrict-template-expressions": ["error", { allowNumber: true }],
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
      // `onClick={() => send(event)}` is the idiom for React handlers and XState sends.
      "@typescript-eslint/no-confusing-void-expression": ["error", { ignoreArrowShorthand: true }]
    }
  },
  {
    files: ["**/*.tsx"],
    ...reactHooks.configs.flat["recommended-latest"]
  },
  {
    files: ["src/**/*.{ts,tsx}", "server/**/*.ts"],
    plugins: { boundaries },
    settings: {
      "boundaries/elements": LAYERS,
      // Node's resolution (package.json#imports included) first, the usual node resolver after.
      "import/resolver": { "./scripts/eslint-import-resolver.cjs": {}, node: {} },
      // Re-exports and lazy imports cross layers as surely as static imports do.
      "boundaries/dependency-nodes": ["import", "dynamic-import", "export"],
      "boundaries/legacy-templates": false
    },
    rules: {
      "boundaries/dependencies": [
        "error",
        {
          default: "disallow",
          message:
            "{{from.type}} must not import from {{to.type}}: imports flow domain -> gateway/identity/device -> machines -> ui -> routes",
          policies: [
            ...Object.entries(MAY_IMPORT).map(([from, allowed]) => ({
              from: { element: { type: from } },
              allow: { to: { element: { types: { anyOf: [from, ...allowed] } } } }
            })),
            // A re-export across the line makes one layer's module speak for another's.
            {
              disallow: { to: { element: { type: "*" } }, dependency: { nodeKind: "export" } },
              message: "no re-exports across layers: import {{to.type}}'s module where it is used"
            }
          ]
        }
      ]
    }
  },
  {
    // Machines are charts over ports: the browser comes in through src/device, and another
    // machine only through its public surface (docs/decisions/043-device-layer.md).
    files: ["src/machines/**/*.{ts,tsx}"],
    plugins: { machines: { rules: { "public-surface": machinePublicSurface } } },
    rules: {
      "no-restricted-globals": [
        "error",
        ...BROWSER_GLOBALS.map((name) => ({
          name,
          message: "machines reach the browser through their ports: implement it in src/device (docs/decisions/043)"
        }))
      ],
      "machines/public-surface": "error"
    }
  },
  {
    // A domain module that re-exports another's helpers drags its own imports (Schema)
    // along with them: import the helper from the module that defines it.
    files: ["src/domain/**/*.ts"],
    rules: {
      "no-restricted-syntax": [
        "error",
        {
          selector: "ExportNamedDeclaration[source]",
          message: "no re-exports in the domain: import from the defining module"
        },
        { selector: "ExportAllDeclaration", message: "no re-exports in the domain: import from the defining module" }
      ]
    }
  },
  {
    files: EFFECT_FREE_DOMAIN,
    rules: {
      "@typescript-eslint/no-restricted-imports": [
        "error",
        {
          patterns: [
            {
              group: ["effect", "effect/*"],
              message: "this domain file is loaded by the signed-out screens and must stay free of Effect"
            },
            {
              // Types are erased; a value import of a Schema-based module would load Effect.
              group: ["./*", "#domain/*", ...effectFreeNames.flatMap((name) => [`!./${name}`, `!#domain/${name}`])],
              allowTypeImports: true,
              message: "an Effect-free domain file may import values only from the other Effect-free ones"
            }
          ]
        }
      ]
    }
  },
  {
    // The boundaries resolver is loaded with require(), so it is CommonJS.
    files: ["**/*.cjs"],
    languageOptions: {
      sourceType: "commonjs",
      globals: { require: "readonly", exports: "writable", module: "writable" }
    },
    rules: { "@typescript-eslint/no-require-imports": "off" }
  },
  {
    files: ["**/*.js", "**/*.mjs", "**/*.cjs"],
    ...tseslint.configs.disableTypeChecked
  }
)
