import { useRouterState } from "@tanstack/react-router"
import { useEffect, type ReactNode } from "react"
import type { LiveStatus } from "#machines/live-stream/live-stream.selectors.ts"
import type { Area } from "./area.ts"
import { BottomNav } from "./bottom-nav.tsx"
import "./area-layout.css"

export const LIVE_RECONNECTING = "Reconnecting… New messages may be late."
export const LIVE_OFFLINE = "Offline. New messages will show when you're back."

/** What the chat screens say about the live stream while it is away; nothing while it works or starts. */
export const liveStatusNote = (status: LiveStatus): string | null =>
  status === "reconnecting" ? LIVE_RECONNECTING : status === "offline" ? LIVE_OFFLINE : null

/** On the root element while the note shows (area-layout.css). */
const NOTED = "live-noted"

/**
 * Frame of every coach or client screen: the screen itself above the bottom bar (on a
 * phone) or right of the rail (from 1024 px), whose Chat tab shows the unread messages.
 * On the chat screens a one-line note on top of the bar says when new messages cannot
 * arrive live; the bar is that much taller meanwhile (--nav-height, which the screens keep
 * clear of), so the note covers nothing. The navigation comes after the screen in the
 * page, as it always has, at every width.
 */
export function AreaLayout({
  area,
  children,
  unread = null,
  liveStatus = "open"
}: {
  area: Area
  children: ReactNode
  /** Unread chat messages; null while none are known (no badge). */
  unread?: number | null
  /** The live stream's status (services.live). */
  liveStatus?: LiveStatus
}) {
  const pathname = useRouterState({ select: (state) => state.location.pathname })
  const onChat = pathname === `/${area}/chat` || pathname.startsWith(`/${area}/chat/`)
  const note = onChat ? liveStatusNote(liveStatus) : null
  const noted = note !== null
  useEffect(() => {
    if (!noted) return
    document.documentElement.classList.add(NOTED)
    return () => document.documentElement.classList.remove(NOTED)
  }, [noted])
  return (
    <>
      <div className="area-content">{children}</div>
      <BottomNav area={area} unread={unread} note={note} />
    </>
  )
}
