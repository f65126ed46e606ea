import { fromCallback, fromPromise } from "xstate"
import type { IsoDate } from "#domain/calendar.ts"
import type { UserId } from "#domain/ids.ts"
import type { SetVideo } from "#domain/set-videos.ts"
import type { LiveConnection, LiveFeed } from "#gateway/live-feed.ts"
import type { VideosGateway } from "#gateway/videos-gateway.ts"
import type { ListedVideo, VideoListEvent } from "./video-list.types.ts"

/** What a clip list needs from outside: its read, and the live clips and comments it keeps. */
export interface VideoListPorts {
  readonly load: () => Promise<ReadonlyArray<ListedVideo>>
  /** The signed-in person's live feed (and its connection); without it, the list is as read. */
  readonly live?: (LiveFeed & Partial<LiveConnection>) | undefined
  /** Which live clips belong to this list, and what to add to each (a client's name). */
  readonly accept: (video: SetVideo) => ListedVideo | null
}

/** The list's real actors, for `videoListMachine.provide(...)`. */
export function videoListImplementations(ports: VideoListPorts) {
  return {
    actors: {
      loadVideos: fromPromise<ReadonlyArray<ListedVideo>>(() => ports.load()),
      watchVideos: fromCallback<VideoListEvent>(({ sendBack }) => {
        const { live } = ports
        if (live === undefined) return () => undefined
        const stopEvents = live.subscribe((event) => {
          if (event.type === "videoComment") sendBack({ type: "videoComment.arrived", comment: event.comment })
          if (event.type !== "video") return
          const video = ports.accept(event.video)
          if (video !== null) sendBack({ type: "video.arrived", video })
        })
        // The stream opening after the first read (or again after a drop): whatever came
        // between is read again. The status at subscribing is the read's own time: no reload.
        let subscribing = true
        const stopStatus = live.subscribeStatus?.((status) => {
          if (status === "open" && !subscribing) sendBack({ type: "videos.reload" })
        })
        subscribing = false
        return () => {
          stopEvents()
          stopStatus?.()
        }
      })
    }
  }
}

/** One lifter's clips of one day: their logging page (`viewer` the lifter) or the coach's day view. */
export const dayVideoPorts = (ports: {
  readonly videos: Pick<VideosGateway, "dayVideos">
  readonly live?: VideoListPorts["live"]
  readonly clientId: UserId
  readonly date: IsoDate
}): VideoListPorts => ({
  load: async () => ports.videos.dayVideos(ports.clientId, ports.date),
  live: ports.live,
  accept: (video) => (video.clientId === ports.clientId && video.date === ports.date ? video : null)
})

/** The coach's clients' newest clips (the dashboard); `nameOf` names a live clip's client. */
export const recentVideoPorts = (ports: {
  readonly videos: Pick<VideosGateway, "recentVideos">
  readonly live?: VideoListPorts["live"]
  readonly nameOf: (clientId: UserId) => string | undefined
}): VideoListPorts => ({
  load: async () => ports.videos.recentVideos(),
  live: ports.live,
  accept: (video) => ({ ...video, clientName: ports.nameOf(video.clientId) })
})
