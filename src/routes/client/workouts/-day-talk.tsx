import type { ComponentProps } from "react"
import Notes from "./-notes.tsx"
import Videos from "./-videos.tsx"

/**
 * What the lifter and their coach say about this day's sets, mounted in one chunk after the
 * logging page paints: the notes (docs/decisions/041) and the form checks (docs/decisions/050).
 */
export default function DayTalk({
  notes,
  videos
}: {
  notes: ComponentProps<typeof Notes>
  videos: ComponentProps<typeof Videos>
}) {
  return (
    <>
      <Notes {...notes} />
      <Videos {...videos} />
    </>
  )
}
