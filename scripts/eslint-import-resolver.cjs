// Resolves imports for eslint-plugin-boundaries the way Node does, so the `#domain/*`,
// `#machines/*`, ... specifiers of package.json#imports land in their layer's folder
// (eslint-import-resolver-node does not read `imports`). eslint.config.js names this file.
const { builtinModules, createRequire } = require("node:module")

exports.interfaceVersion = 2

/** @type {(source: string, file: string) => { found: boolean, path?: string | null }} */
exports.resolve = (source, file) => {
  if (source.startsWith("node:") || builtinModules.includes(source)) return { found: true, path: null }
  try {
    return { found: true, path: createRequire(file).resolve(source) }
  } catch {
    return { found: false }
  }
}
