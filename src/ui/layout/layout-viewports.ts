// The two widths the area layout is drawn for, as Storybook viewports: the phone the e2e
// tests use (test/e2e/support/viewports.ts) and a desk's screen, past the rail's 1024 px.
// The vitest run of the stories sizes the page to the story's viewport too.

export const LAYOUT_VIEWPORTS = {
  phone: { name: "Phone (390 x 844)", styles: { width: "390px", height: "844px" }, type: "mobile" },
  desktop: { name: "Desktop (1280 x 800)", styles: { width: "1280px", height: "800px" }, type: "desktop" }
} as const

/** Story parameters offering the two viewports. */
export const layoutViewports = { viewport: { options: LAYOUT_VIEWPORTS } }

/** Story globals that open a story at phone width. */
export const atPhone = { viewport: { value: "phone", isRotated: false } }

/** Story globals that open a story at desktop width, where the nav is a rail. */
export const atDesktop = { viewport: { value: "desktop", isRotated: false } }

/**
 * Where the Main navigation sits: a bar across the foot of the window with its links in a
 * row, a rail down the left edge with its links one under another, or neither.
 */
export function navPlacement(nav: HTMLElement): "bar" | "rail" | "neither" {
  const box = nav.getBoundingClientRect()
  const links = [...nav.querySelectorAll("a")].map((link) => link.getBoundingClientRect())
  const { innerWidth, innerHeight } = window
  const inRow = links.every((link) => link.top === links[0]?.top)
  const stacked = links.every((link, index) => index === 0 || link.top >= (links[index - 1]?.bottom ?? 0))
  if (box.left === 0 && Math.round(box.bottom) === innerHeight && Math.round(box.width) === innerWidth && inRow)
    return "bar"
  if (
    box.left === 0 &&
    box.top === 0 &&
    Math.round(box.height) === innerHeight &&
    box.width < innerWidth / 3 &&
    stacked
  )
    return "rail"
  return "neither"
}

/** Where a nav link's icon sits against its label: above it (the bar) or beside it (the rail). */
export function iconPlacement(link: HTMLElement): "above" | "beside" | "neither" {
  const icon = link.querySelector("svg")?.getBoundingClientRect()
  const label = [...link.childNodes].find((node) => node.nodeType === Node.TEXT_NODE)
  if (icon === undefined || label === undefined) return "neither"
  const range = document.createRange()
  range.selectNodeContents(label)
  const text = range.getBoundingClientRect()
  const middle = (box: DOMRect) => (box.top + box.bottom) / 2
  if (icon.bottom <= text.top) return "above"
  if (icon.right <= text.left && Math.abs(middle(icon) - middle(text)) < 4) return "beside"
  return "neither"
}
