import AxeBuilder from "@axe-core/playwright"
import { expect, type Page } from "@playwright/test"

/** Fails with the offending rules and elements if axe finds a serious or critical violation. */
export async function expectNoSeriousViolations(page: Page): Promise<void> {
  const { violations } = await new AxeBuilder({ page }).analyze()
  const serious = violations
    .filter((violation) => violation.impact === "serious" || violation.impact === "critical")
    .map(({ id, impact, help, nodes }) => ({ id, impact, help, targets: nodes.map((node) => node.target) }))
  expect(serious, `accessibility violations on ${page.url()}`).toEqual([])
}
