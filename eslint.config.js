import js from "@eslint/js"
import reactHooks from "eslint-plugin-react-hooks"
import tseslint from "typescript-eslint"

export default tseslint.config(
  {
    ignores: [
      "dist/",
      "storybook-static/",
      "coverage/",
      "test-results/",
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
          allowDefaultProject: ["*.js", "*.mjs"]
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
    files: ["**/*.js", "**/*.mjs"],
    ...tseslint.configs.disableTypeChecked
  }
)
