// First step of `npm test`: get what the run needs before any test starts.
//   tsx scripts/preflight.ts          Chromium at /usr/bin/chromium (test/chromium.ts), the
//                                     one browser the story and e2e tests use: installed from
//                                     Debian when we may (root with apt-get), otherwise stop
//                                     at once with the one command to run. Caddy likewise: the
//                                     rate limit tests put it in front of the server as the
//                                     reverse proxy (test/server/rate-limit-proxy.test.ts).
//   tsx scripts/preflight.ts --after  Last step: repeat that the PostgreSQL half of the
//                                     server suite did not run, when DATABASE_URL is unset.
import { execFileSync } from "node:child_process"
import { accessSync, constants } from "node:fs"
import { pathToFileURL } from "node:url"
import { CHROMIUM_PATH } from "../test/chromium.ts"
import { POSTGRES_NOT_RUN_NOTICE } from "../test/server/support/databases.ts"

export const INSTALL_CHROMIUM = "apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium"

export const INSTALL_CADDY = "apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq caddy"

export interface Machine {
  readonly hasChromium: boolean
  readonly isRoot: boolean
  readonly hasAptGet: boolean
}

export type ChromiumStep =
  | { readonly kind: "ready" }
  | { readonly kind: "install"; readonly command: string }
  | { readonly kind: "stop"; readonly message: string }

/** What to do about Chromium on this machine. */
export function chromiumStep(machine: Machine): ChromiumStep {
  if (machine.hasChromium) return { kind: "ready" }
  if (machine.isRoot && machine.hasAptGet) return { kind: "install", command: INSTALL_CHROMIUM }
  const command = machine.hasAptGet
    ? `sudo sh -c '${INSTALL_CHROMIUM}'`
    : `install Chromium so that ${CHROMIUM_PATH} exists`
  return {
    kind: "stop",
    message: [
      `preflight: the story and browser tests need Chromium at ${CHROMIUM_PATH}, and it is missing.`,
      "Run this once, then npm test again:",
      "",
      `  ${command}`,
      ""
    ].join("\n")
  }
}

/** What to do about Caddy (on PATH) on this machine: as for Chromium. */
export function caddyStep(machine: Omit<Machine, "hasChromium"> & { readonly hasCaddy: boolean }): ChromiumStep {
  if (machine.hasCaddy) return { kind: "ready" }
  if (machine.isRoot && machine.hasAptGet) return { kind: "install", command: INSTALL_CADDY }
  const command = machine.hasAptGet ? `sudo sh -c '${INSTALL_CADDY}'` : "install Caddy 2 so that `caddy` is on PATH"
  return {
    kind: "stop",
    message: [
      "preflight: the rate limit tests need Caddy (`caddy` on PATH) as the reverse proxy, and it is missing.",
      "Run this once, then npm test again:",
      "",
      `  ${command}`,
      ""
    ].join("\n")
  }
}

const canRun = (path: string): boolean => {
  try {
    accessSync(path, constants.X_OK)
    return true
  } catch {
    return false
  }
}

const onPath = (command: string): boolean => {
  try {
    execFileSync("sh", ["-c", `command -v ${command}`], { stdio: "ignore" })
    return true
  } catch {
    return false
  }
}

function ensureChromium(): void {
  const step = chromiumStep({
    hasChromium: canRun(CHROMIUM_PATH),
    isRoot: process.getuid?.() === 0,
    hasAptGet: onPath("apt-get")
  })
  if (step.kind === "ready") return
  if (step.kind === "stop") {
    console.error(step.message)
    process.exit(1)
  }
  console.log(`preflight: ${CHROMIUM_PATH} is missing; installing Debian's chromium: ${step.command}`)
  execFileSync("sh", ["-c", step.command], { stdio: "inherit" })
  if (!canRun(CHROMIUM_PATH)) {
    console.error(`preflight: apt-get installed chromium, but ${CHROMIUM_PATH} is still missing.`)
    process.exit(1)
  }
}

function ensureCaddy(): void {
  const step = caddyStep({ hasCaddy: onPath("caddy"), isRoot: process.getuid?.() === 0, hasAptGet: onPath("apt-get") })
  if (step.kind === "ready") return
  if (step.kind === "stop") {
    console.error(step.message)
    process.exit(1)
  }
  console.log(`preflight: caddy is missing; installing Debian's caddy: ${step.command}`)
  execFileSync("sh", ["-c", step.command], { stdio: "inherit" })
  if (!onPath("caddy")) {
    console.error("preflight: apt-get installed caddy, but `caddy` is still not on PATH.")
    process.exit(1)
  }
}

if (process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href) {
  if (process.argv.includes("--after")) {
    if (!process.env["DATABASE_URL"]) console.warn(POSTGRES_NOT_RUN_NOTICE)
  } else {
    ensureChromium()
    ensureCaddy()
  }
}
