import { useEffect, useRef, type RefObject } from "react"
import type { StepCounterView } from "#machines/builder/builder.selectors.ts"

/**
 * When the step changes (ADR 020), focus moves to the new step's heading (tabIndex -1), so
 * a screen reader announces it by its name and the keyboard starts from the top of the step.
 * The heading is the only announcement: no live region repeats it. The first step of a visit
 * is left alone, as the page's own load is announced.
 */
export function useFocusStepHeading(step: StepCounterView["step"], page: RefObject<HTMLElement | null>): void {
  const shown = useRef(step)
  useEffect(() => {
    if (shown.current === step) return
    shown.current = step
    page.current?.querySelector<HTMLElement>("#builder-step")?.focus()
  }, [step, page])
}
