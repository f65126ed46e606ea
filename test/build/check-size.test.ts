import { describe, expect, it } from "vitest"
import { AREA_BUDGETS, areaOf, checkSizes, KiB, staticCycles } from "../../scripts/check-size.ts"
import type { Manifest } from "../../scripts/route-chunks.ts"

// One route per area, each loading the entry and a chunk of its own (docs/decisions/047).
const manifest: Manifest = {
  "index.html": { file: "assets/index.js", src: "index.html", isEntry: true },
  "src/routes/login.tsx?tsr-split=component": { file: "assets/login.js", isDynamicEntry: true },
  "src/routes/client/workouts/$date/$idx.tsx?tsr-split=component": { file: "assets/logging.js", isDynamicEntry: true },
  "src/routes/coach/dashboard.tsx?tsr-split=component": { file: "assets/coach.js", isDynamicEntry: true }
}

/** Sizes each route's own chunk so that the route weighs `total` with a 10 KiB entry. */
const weighing =
  (totals: Readonly<Record<string, number>>) =>
  (file: string): number =>
    file === "assets/index.js" ? 10 * KiB : (totals[file] ?? 0) - 10 * KiB

const over = (totals: Readonly<Record<string, number>>) =>
  checkSizes(manifest, weighing(totals)).problems.filter((problem) => problem.includes("cap of its area"))

describe("one first-load cap per area", () => {
  it("a route is in the area of its path", () => {
    expect(
      ["/login", "/", "/client", "/client/chat", "/coach/workouts/$userId/$date", "/clientele"].map(areaOf)
    ).toEqual(["public", "public", "client", "client", "coach", "public"])
  })

  it("every route is held to its area's cap, and none has a cap of its own", () => {
    const atCap = {
      "assets/login.js": AREA_BUDGETS.public,
      "assets/logging.js": AREA_BUDGETS.client,
      "assets/coach.js": AREA_BUDGETS.coach
    }
    const report = checkSizes(manifest, weighing(atCap))
    expect(report.routes.map((row) => [row.name, row.budget])).toEqual([
      ["/client/workouts/$date/$idx", AREA_BUDGETS.client],
      ["/coach/dashboard", AREA_BUDGETS.coach],
      ["/login", AREA_BUDGETS.public]
    ])
    expect(over(atCap)).toEqual([])
    expect(
      over({
        "assets/login.js": AREA_BUDGETS.public + 1,
        "assets/logging.js": AREA_BUDGETS.client + 1,
        "assets/coach.js": AREA_BUDGETS.coach + 1
      })
    ).toHaveLength(3)
  })

  it("the public cap is the smallest: a signed-out screen the size of a signed-in one is over", () => {
    expect(AREA_BUDGETS.public).toBeLessThan(Math.min(AREA_BUDGETS.client, AREA_BUDGETS.coach))
    expect(over({ "assets/login.js": AREA_BUDGETS.coach })).toEqual([
      expect.stringMatching(/^\/login: .* over the .* KiB cap of its area$/)
    ])
  })
})

describe("chunks that import each other", () => {
  const manifest: Manifest = {
    "_gateway.js": { file: "assets/gateway.js", imports: ["_effect.js", "_loads.js"] },
    "_loads.js": { file: "assets/loads.js", imports: ["_gateway.js"] },
    "_effect.js": { file: "assets/effect.js" }
  }

  it("names a static import cycle between two chunks", () => {
    expect(staticCycles(manifest)).toEqual(["assets/gateway.js -> assets/loads.js -> assets/gateway.js"])
  })

  it("finds none when the imports only go one way", () => {
    const oneWay: Manifest = { ...manifest, "_loads.js": { file: "assets/loads.js", imports: ["_effect.js"] } }
    expect(staticCycles(oneWay)).toEqual([])
  })
})
