/**
 * Where this run's stack lives. Two runs side by side (say, two developers' helpers on one
 * machine) each take a port of their own; a port other than the default also gets its own
 * build and output folders, so neither overwrites the other's.
 */
export const e2ePort = process.env["E2E_PORT"] ?? "4173"
const ownFolder = e2ePort === "4173" ? "" : `-${e2ePort}`
export const distDir = `dist${ownFolder}`
export const outputDir = `test-results${ownFolder}`

/** The extra API instances a run starts (test/e2e/chat-instances.spec.ts), beside its own port. */
export const instancePort = (index: number): number => Number(e2ePort) + 10 + index
