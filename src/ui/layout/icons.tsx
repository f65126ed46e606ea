// Line icons drawn in the text colour; always decorative, so the button or link that
// holds one must carry the accessible name.

function LineIcon({ path, size }: { readonly path: string; readonly size: number }) {
  return (
    <svg
      viewBox="0 0 24 24"
      width={size}
      height={size}
      fill="none"
      stroke="currentColor"
      strokeWidth="2.2"
      aria-hidden="true"
    >
      <path d={path} strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  )
}

export function ChevronIcon({
  direction,
  size = 24
}: {
  readonly direction: "left" | "right"
  readonly size?: number
}) {
  return <LineIcon path={direction === "left" ? "M15 5l-7 7 7 7" : "M9 5l7 7-7 7"} size={size} />
}

export function ArrowRightIcon({ size = 24 }: { readonly size?: number }) {
  return <LineIcon path="M5 12h14M13 6l6 6-6 6" size={size} />
}

/** A previous/next control: the chevron shows the way, the label says it aloud. */
export function ChevronButton({
  direction,
  label,
  onClick,
  className = "icon-button",
  size
}: {
  readonly direction: "left" | "right"
  readonly label: string
  readonly onClick: () => void
  readonly className?: string
  readonly size?: number
}) {
  return (
    <button type="button" className={className} aria-label={label} onClick={onClick}>
      <ChevronIcon direction={direction} {...(size === undefined ? {} : { size })} />
    </button>
  )
}
