import { startTransition, useEffect, type ReactNode } from "react"
import { createRoot, hydrateRoot } from "react-dom/client"
import type { SessionSnapshot } from "#machines/session/session.selectors.ts"

// The public screens arrive prerendered (scripts/prerender-public.ts): #root holds the
// markup the app renders for a signed-out visitor, marked data-prerendered="<path>", and
// an inline script holds back a form sent or a button pressed before the app is here, and
// keeps what the person does to the controls meanwhile (docs/decisions/036).

/**
 * Whether the app's first render is the markup #root already holds: the page was
 * prerendered for the route the router settled on, and the session is where it was at
 * build time (signed out, nothing to say). Anything else (a signed-in visitor moved on, a
 * sign-up to finish, a failed Google redirect) renders afresh.
 */
export function rendersAsPrerendered(container: HTMLElement, pathname: string, session: SessionSnapshot): boolean {
  return (
    container.dataset["prerendered"] === pathname &&
    session.matches({ signedOut: "idle" }) &&
    session.context.message === null
  )
}

/** A control's value as the form reads it: a box's checked, a select's chosen options, a field's text. */
type ControlValue = string | boolean | ReadonlyArray<boolean>
type Control = HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement

/**
 * Where the page's script (scripts/prerender-public.ts) keeps, on #root, the last value the
 * person gave each control before the app took over, in the shape `valueOf` gives.
 */
const GIVEN_BEFORE_TAKEOVER = "__prerenderedInput"

const isCheckable = (control: Control): control is HTMLInputElement =>
  control instanceof HTMLInputElement && (control.type === "checkbox" || control.type === "radio")

function valueOf(control: Control): ControlValue {
  if (control instanceof HTMLSelectElement) return [...control.options].map((option) => option.selected)
  return isCheckable(control) ? control.checked : control.value
}

/**
 * What the app rendered into the control: hydration makes a field's default value and a
 * box's default checked the app's own; a select's default is the option its markup marks
 * (the browser's pick, the first enabled option, when none is marked).
 */
function renderedValueOf(control: Control): ControlValue {
  if (control instanceof HTMLSelectElement) {
    const options = [...control.options]
    if (control.multiple) return options.map((option) => option.defaultSelected)
    const marked = options.findLastIndex((option) => option.defaultSelected)
    const shown = marked >= 0 ? marked : options.findIndex((option) => !option.disabled)
    return options.map((_, index) => index === shown)
  }
  return isCheckable(control) ? control.defaultChecked : control.defaultValue
}

const sameValue = (a: ControlValue, b: ControlValue) => JSON.stringify(a) === JSON.stringify(b)

/**
 * Hands the person's value to the app as the change event React listens for. React's
 * record of what it last saw (its value tracker, behind the element's own value and checked
 * properties) is first set to something else, or it would take the event for no change.
 */
function handOver(control: Control, value: ControlValue) {
  if (control instanceof HTMLSelectElement) {
    if (!Array.isArray(value)) return
    ;[...control.options].forEach((option, index) => (option.selected = value[index] === true))
    control.dispatchEvent(new Event("change", { bubbles: true }))
  } else if (isCheckable(control)) {
    // A radio is left by choosing another, which is handed over itself.
    if (typeof value !== "boolean" || (control.type === "radio" && !value)) return
    control.checked = !value
    // The person's own gesture: it sets the box, and React hears a box's change as a click.
    control.click()
  } else {
    // The element's own value property is React's tracker; its prototype's sets the field alone.
    const ownValue = Object.getOwnPropertyDescriptor(Object.getPrototypeOf(control), "value")
    if (typeof value !== "string" || ownValue?.set === undefined) return
    control.value = control.defaultValue
    ownValue.set.call(control, value)
    control.dispatchEvent(new Event("input", { bubbles: true }))
  }
}

/**
 * What the person did to the controls before the app took over (chose, ticked, typed, or
 * the browser filled in or restored) is on screen but not in the app's state: hydration
 * keeps the DOM as it is and records it as already seen, or a re-render since has put the
 * app's state back. Each control the person left other than the app rendered it is handed
 * to the app as a change.
 */
function adoptPersonsInput(container: HTMLElement) {
  const given = (container as unknown as Record<string, unknown>)[GIVEN_BEFORE_TAKEOVER]
  const kept = given instanceof Map ? (given as Map<Element, ControlValue>) : new Map<Element, ControlValue>()
  // Read all first: the first change re-renders the form, which sets every control it
  // controls back to its state, the ones not yet handed over included.
  const changed = [...container.querySelectorAll<Control>("input, select, textarea")]
    .map((control) => [control, kept.get(control) ?? valueOf(control)] as const)
    .filter(([control, value]) => !sameValue(value, renderedValueOf(control)))
  for (const [control, value] of changed) handOver(control, value)
}

/**
 * Whether React has hydrated this element. The screens sit inside the router's Suspense
 * boundaries, whose content React hydrates after the root commits, at a lower priority:
 * until then an event on the form reaches no handler. React DOM keeps an element's props
 * under a "__reactProps$" key once it owns it; there is no public signal for this.
 */
const isHydrated = (element: Element): boolean => Object.keys(element).some((key) => key.startsWith("__reactProps$"))

const HYDRATION_CHECKS = { every: 50, atMost: 200 }

function whenHydrated(elements: ReadonlyArray<Element>, then: (hydrated: boolean) => void, checks = 0) {
  if (elements.every(isHydrated)) then(true)
  else if (checks >= HYDRATION_CHECKS.atMost) then(false)
  else setTimeout(() => whenHydrated(elements, then, checks + 1), HYDRATION_CHECKS.every)
}

/**
 * Once the app is in: what the person did to the controls is handed to it, and the form
 * sent or the button pressed meanwhile (held back by the page's script as data-held="submit"
 * or "button <n>", the page aria-busy) is sent or pressed again, with those values; then the
 * page's script lets everything through.
 */
function takeOver(container: HTMLElement, hydrating: boolean) {
  const release = (adopt: boolean) => {
    const held = adopt ? container.getAttribute("data-held") : null
    // First: the page's script keeps input events from React while the attribute is there.
    container.removeAttribute("data-prerendered")
    container.removeAttribute("data-held")
    container.removeAttribute("aria-busy")
    if (adopt) adoptPersonsInput(container)
    // After the input events' state updates have rendered.
    setTimeout(() => {
      if (held === "submit") container.querySelector("form")?.requestSubmit()
      else if (held?.startsWith("button ")) container.querySelectorAll("button")[Number(held.slice(7))]?.click()
    })
  }
  if (!hydrating) release(false)
  else whenHydrated([...container.querySelectorAll("form, input, select, textarea, button")], release)
}

function TakenOver({
  container,
  hydrating,
  children
}: {
  container: HTMLElement
  hydrating: boolean
  children: ReactNode
}) {
  useEffect(() => {
    if (container.hasAttribute("data-prerendered")) takeOver(container, hydrating)
  }, [container, hydrating])
  return children
}

/**
 * Renders the app into #root. Hydrating prerendered markup keeps its elements (the
 * painted text is not painted again, focus and typing stay); otherwise React replaces
 * what #root holds. A transition either way: the work runs in slices between which the
 * browser can handle input.
 */
export function mountApp(container: HTMLElement, app: ReactNode, hydrate: boolean) {
  const root = (
    <TakenOver container={container} hydrating={hydrate}>
      {app}
    </TakenOver>
  )
  startTransition(() => {
    if (hydrate) hydrateRoot(container, root)
    else createRoot(container).render(root)
  })
}
