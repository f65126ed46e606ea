import type { ReactNode } from "react"
import type { LiveStatus } from "#machines/live-stream/live-stream.selectors.ts"
import type { Area } from "./area.ts"
import { BottomNav } from "./bottom-nav.tsx"

/**
 * Frame of every coach or client screen: the screen itself above the bottom bar, whose
 * Chat tab shows the unread messages and whose chat screens say when the live stream is away.
 */
export function AreaLayout({
  area,
  children,
  unread = null,
  liveStatus = "open"
}: {
  area: Area
  children: ReactNode
  unread?: number | null
  liveStatus?: LiveStatus
}) {
  return (
    <>
      {children}
      <BottomNav area={area} unread={unread} liveStatus={liveStatus} />
    </>
  )
}
