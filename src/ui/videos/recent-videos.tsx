import { Link } from "@tanstack/react-router"
import { useSelector } from "@xstate/react"
import type { ReactNode } from "react"
import { NO_VIDEOS, selectVideoList, VIDEOS_LOADING } from "#machines/video-list/video-list.selectors.ts"
import { RetryAlert } from "#ui/layout/retry-alert.tsx"
import { useSlot } from "#ui/slot.ts"
import { ClipItem } from "./set-videos.tsx"
import type { VideosPort, VideosSlot } from "./videos-slot.ts"
import "./videos.css"

/*
 * The coach's clients' newest form checks, beside the dashboard's comments
 * (docs/decisions/050-form-check-videos.md): each opens in place, to watch and comment
 * at a moment, with a link to the client's day.
 */
export function RecentVideosPanel({ slot }: { slot: VideosSlot }) {
  const port = useSlot(slot)
  return port === undefined ? <Panel loading /> : <RecentVideosOf port={port} />
}

function Panel({ loading, children }: { loading: boolean; children?: ReactNode }) {
  return (
    <section className="coach-card recent-videos" aria-labelledby="videos-heading" aria-busy={loading}>
      <h2 id="videos-heading">Form checks</h2>
      {loading ? <p role="status">{VIDEOS_LOADING}</p> : null}
      {children}
    </section>
  )
}

function RecentVideosOf({ port }: { port: VideosPort }) {
  const view = useSelector(port.list, selectVideoList)
  return (
    <Panel loading={view.status === "loading"}>
      {view.error === null ? null : (
        <RetryAlert
          message={`The form checks could not be loaded. ${view.error}`}
          onRetry={() => port.list.send({ type: "videos.retry" })}
        />
      )}
      {view.status === "empty" ? <p className="muted">{NO_VIDEOS}</p> : null}
      {view.videos.length === 0 ? null : (
        <ul className="set-videos__list" aria-label="Latest form checks, newest first">
          {view.videos.map((video) => (
            <li key={video.id} className="recent-videos__item">
              <ClipItem port={port} video={video} heading={`${video.clientName ?? "A client"} · ${video.on}`} />
              <Link className="recent-comments__day" to="/coach/workouts/$userId/$date" params={video.dayParams}>
                Open {video.clientName ?? "the client"}&apos;s {video.day}
              </Link>
            </li>
          ))}
        </ul>
      )}
    </Panel>
  )
}
