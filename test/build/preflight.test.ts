/**
 * `npm test`'s first step (scripts/preflight.ts): Chromium is installed from Debian when
 * the run may (root with apt-get); anywhere else the run stops before any test with the
 * one command to run, instead of failing later in the browser tests.
 */
import { describe, expect, test } from "vitest"
import { chromiumStep, INSTALL_CHROMIUM } from "../../scripts/preflight.ts"

describe("the Chromium preflight", () => {
  test("does nothing when Chromium is there", () => {
    expect(chromiumStep({ hasChromium: true, isRoot: false, hasAptGet: false })).toEqual({ kind: "ready" })
  })

  test("installs Debian's chromium as root with apt-get", () => {
    expect(chromiumStep({ hasChromium: false, isRoot: true, hasAptGet: true })).toEqual({
      kind: "install",
      command: INSTALL_CHROMIUM
    })
    expect(INSTALL_CHROMIUM).toContain("apt-get install -y -qq chromium")
  })

  test("stops with the apt-get command to run under sudo when it may not install", () => {
    const step = chromiumStep({ hasChromium: false, isRoot: false, hasAptGet: true })
    expect(step.kind).toBe("stop")
    expect(step.kind === "stop" && step.message).toContain(`  sudo sh -c '${INSTALL_CHROMIUM}'`)
  })

  test("stops and names the path to provide where there is no apt-get", () => {
    const step = chromiumStep({ hasChromium: false, isRoot: true, hasAptGet: false })
    expect(step.kind).toBe("stop")
    expect(step.kind === "stop" && step.message).toContain("install Chromium so that /usr/bin/chromium exists")
  })
})
