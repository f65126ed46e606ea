import { useSelector } from "@xstate/react"
import { useState } from "react"
import type { SetId } from "#domain/ids.ts"
import { selectVideoList, videosOnSet, type VideoView } from "#machines/video-list/video-list.selectors.ts"
import { useSlot } from "#ui/slot.ts"
import { VideoComments, VideoReview } from "./video-review.tsx"
import type { VideosPort, VideosSlot } from "./videos-slot.ts"
import "./videos.css"

/*
 * A set's form checks (docs/decisions/050-form-check-videos.md), under the set on the
 * lifter's logging page and in the coach's day view: each clip with its coach's comments,
 * opened in place; for the lifter, "Add video" and their clips on the way. Nothing shows
 * until the screen's clips are in.
 */
/** A set's clips, once the screen's clips are in. */
export function SetVideosOf({ port, setId, setLabel }: { port: VideosPort; setId: SetId; setLabel: string }) {
  const videos = useSelector(port.list, (snapshot) => videosOnSet(snapshot, setId), sameVideos)
  // A lifter sees their clips once stored whole; the ones on the way show with "Add video".
  const shown = videos.filter((video) => video.ready)
  if (shown.length === 0 && port.addTo === undefined) return null
  return (
    <div className="set-videos">
      {shown.length === 0 ? null : (
        <ul className="set-videos__list" aria-label={`Form checks of ${setLabel.toLowerCase()}`}>
          {shown.map((video) => (
            <li key={video.id}>
              <ClipItem port={port} video={video} />
            </li>
          ))}
        </ul>
      )}
      {port.addTo?.({ setId, label: setLabel })}
    </div>
  )
}

/** One clip: closed, its length and comments (a tap on one opens the player there); open, the player. */
export function ClipItem({ port, video, heading }: { port: VideosPort; video: VideoView; heading?: string }) {
  const [open, setOpen] = useState<{ readonly atMs?: number } | null>(null)
  return (
    <div className="clip">
      <div className="clip__head">
        <span className="clip__title">
          {heading === undefined ? null : <strong>{heading} · </strong>}
          Form check · {video.length}
          {video.comments.length === 0 ? null : (
            <span className="muted">
              {" "}
              · {video.comments.length} {video.comments.length === 1 ? "comment" : "comments"}
            </span>
          )}
        </span>
        <button
          type="button"
          className="button button--quiet"
          aria-expanded={open !== null}
          aria-label={`${open === null ? "Watch" : "Close"} form check of ${video.on.toLowerCase()}`}
          onClick={() => setOpen(open === null ? {} : null)}
        >
          {open === null ? "Watch" : "Close"}
        </button>
      </div>
      {open === null ? (
        <VideoComments video={video} onSeek={(atMs) => setOpen({ atMs })} />
      ) : (
        <VideoReview review={port.reviews.reviewOf(video.id)} video={video} startAtMs={open.atMs} />
      )}
    </div>
  )
}

const sameVideos = (a: ReadonlyArray<VideoView>, b: ReadonlyArray<VideoView>) =>
  a.length === b.length &&
  a.every(
    (video, index) =>
      video.id === b[index]?.id && video.ready === b[index].ready && video.comments.length === b[index].comments.length
  )

/** A day's form checks in one list (the logging summary): nothing when there are none. */
export function DayVideos({ slot }: { slot: VideosSlot }) {
  const port = useSlot(slot)
  return port === undefined ? null : <DayVideosOf port={port} />
}

function DayVideosOf({ port }: { port: VideosPort }) {
  const videos = useSelector(port.list, (snapshot) => selectVideoList(snapshot).videos, sameVideos)
  const shown = videos.filter((video) => video.ready).reverse()
  if (shown.length === 0) return null
  return (
    <>
      <h2>Form checks</h2>
      <ul className="set-videos__list" aria-label="Form checks of this workout">
        {shown.map((video) => (
          <li key={video.id}>
            <ClipItem port={port} video={video} heading={video.on} />
          </li>
        ))}
      </ul>
    </>
  )
}

/** A set's form checks as a row of the coach's day table: nothing when the set has none. */
export function SetVideosRow({ slot, setId, setLabel }: { slot: VideosSlot; setId: SetId; setLabel: string }) {
  const port = useSlot(slot)
  const videos = useSelector(
    port?.list,
    (snapshot) => (snapshot === undefined ? [] : videosOnSet(snapshot, setId).filter((video) => video.ready)),
    sameVideos
  )
  if (port === undefined || videos.length === 0) return null
  return (
    <tr className="day-set-comments">
      <td colSpan={3}>
        <ul className="set-videos__list" aria-label={`Form checks of ${setLabel.toLowerCase()}`}>
          {videos.map((video) => (
            <li key={video.id}>
              <ClipItem port={port} video={video} />
            </li>
          ))}
        </ul>
      </td>
    </tr>
  )
}
