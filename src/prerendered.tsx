import { startTransition, useEffect, type ReactNode } from "react"
import { createRoot, hydrateRoot } from "react-dom/client"
import type { SessionSnapshot } from "#machines/session/session.selectors.ts"

// The public screens arrive prerendered (scripts/prerender-public.ts): #root holds the
// markup the app renders for a signed-out visitor, marked data-prerendered="<path>", and
// an inline script holds back a form sent or a button pressed before the app is here.

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

const inputValue = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, "value")

/**
 * What the visitor typed (or the browser filled in) before hydration is in the fields but
 * not in React's state: hydration keeps the DOM's value and records it as already seen.
 * Resetting React's record to the rendered value, then setting the field past it, makes
 * the input event below a change React hands to the form.
 */
function adoptTypedValues(container: HTMLElement) {
  // Read all first: the first change re-renders the form, which sets every field it
  // controls back to its state, typing not yet adopted included.
  const typed = [...container.querySelectorAll("input")]
    .map((input) => [input, input.value] as const)
    .filter(([input, value]) => value !== input.defaultValue)
  for (const [input, value] of typed) {
    if (inputValue?.set === undefined) return
    input.value = input.defaultValue
    inputValue.set.call(input, value)
    input.dispatchEvent(new Event("input", { bubbles: true }))
  }
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
 * Once the app is in: what was typed is handed to it, and the form sent or the button
 * pressed meanwhile (held back by the page's script as data-held="submit" or "button <n>")
 * is sent or pressed again; then the page's script lets everything through.
 */
function takeOver(container: HTMLElement, hydrating: boolean) {
  const release = (adopt: boolean) => {
    const held = adopt ? container.getAttribute("data-held") : null
    // First: the page's script keeps input events from React while the attribute is there.
    container.removeAttribute("data-prerendered")
    container.removeAttribute("data-held")
    if (adopt) adoptTypedValues(container)
    // After the input events' state updates have rendered.
    setTimeout(() => {
      if (held === "submit") container.querySelector("form")?.requestSubmit()
      else if (held?.startsWith("button ")) container.querySelectorAll("button")[Number(held.slice(7))]?.click()
    })
  }
  if (!hydrating) release(false)
  else whenHydrated([...container.querySelectorAll("form, input, button")], release)
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
