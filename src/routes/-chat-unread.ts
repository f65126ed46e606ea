import { useEffect, useState } from "react"
import type { LiveStatus } from "#gateway/live-feed.ts"
import type { AppServices } from "../services.ts"

/**
 * The signed-in area's Chat tab: the unread messages and the live stream's status, both
 * kept by services.live (the unread machine runs beside the tab's stream, services.ts).
 */
export function useChatBadge(services: AppServices): { unread: number | null; liveStatus: LiveStatus } {
  const { live } = services
  const [liveStatus, setLiveStatus] = useState<LiveStatus>("connecting")
  const [unread, setUnread] = useState<number | null>(null)
  useEffect(() => live.subscribeStatus(setLiveStatus), [live])
  useEffect(() => live.subscribeUnread(setUnread), [live])
  return { unread, liveStatus }
}
