import { useSelector } from "@xstate/react"
import { useEffect, useId, useRef, useState } from "react"
import { clipTime } from "#domain/video-text.ts"
import type { VideoView } from "#machines/video-list/video-list.selectors.ts"
import {
  selectVideoReview,
  VIDEO_LINKING,
  VIDEO_UNPLAYABLE,
  type VideoReviewActorRef
} from "#machines/video-review/video-review.selectors.ts"
import { RetryAlert } from "#ui/layout/retry-alert.tsx"
import "./videos.css"

/** Frames a second: what phones record at unless told otherwise. */
const FRAMES_PER_SECOND = 30

/*
 * A clip being watched (docs/decisions/050-form-check-videos.md): the player with a frame
 * step and half speed, the coach's comments pinned to moments (a tap plays from there), and
 * for the coach "Comment at 0:07"; for the lifter "Remove clip", asked first. A clip this
 * browser cannot play says so and offers the download, never a black box.
 */
export function VideoReview({
  review,
  video,
  startAtMs
}: {
  review: VideoReviewActorRef
  video: VideoView
  /** Where to start playing (a comment tapped before the player was open). */
  startAtMs?: number | undefined
}) {
  const view = useSelector(review, selectVideoReview)
  const player = useRef<HTMLVideoElement>(null)
  // Where the player stands, kept across a new link so playing goes on from there.
  const position = useRef((startAtMs ?? 0) / 1000)
  const [nowMs, setNowMs] = useState(startAtMs ?? 0)
  const [halfSpeed, setHalfSpeed] = useState(false)
  const id = useId()
  const playable = view.src !== null && view.status !== "unplayable" && view.status !== "removed"

  useEffect(() => {
    if (startAtMs === undefined || player.current === null) return
    player.current.currentTime = startAtMs / 1000
    position.current = startAtMs / 1000
  }, [startAtMs])

  const seek = (ms: number) => {
    const element = player.current
    if (element === null) return
    element.currentTime = ms / 1000
    position.current = ms / 1000
    setNowMs(ms)
    void element.play().catch(() => undefined)
  }
  const stepFrame = (frames: number) => {
    const element = player.current
    if (element === null) return
    element.pause()
    // From the frame on screen to the middle of the one asked for: a time on a frame's very
    // edge may show either frame, and sums of 1/30 s drift, so a step could show the same
    // picture again, and a step on and one back a different one.
    const shown = Math.floor(element.currentTime * FRAMES_PER_SECOND + 0.001)
    element.currentTime = (Math.max(0, shown + frames) + 0.5) / FRAMES_PER_SECOND
  }
  const toggleHalfSpeed = () => {
    const next = !halfSpeed
    setHalfSpeed(next)
    if (player.current !== null) player.current.playbackRate = next ? 0.5 : 1
  }
  const startComment = () => {
    player.current?.pause()
    review.send({ type: "comment.start", atMs: Math.round((player.current?.currentTime ?? 0) * 1000) })
  }

  if (view.status === "removed")
    return (
      <p role="status" className="muted">
        Clip removed.
      </p>
    )
  return (
    <section className="video-review" aria-label={`Form check: ${video.on}`}>
      {view.status === "linking" ? (
        <p role="status" className="muted">
          {VIDEO_LINKING}
        </p>
      ) : null}
      {view.status === "linkFailed" && view.error !== null ? (
        <RetryAlert message={view.error} onRetry={() => review.send({ type: "link.retry" })} />
      ) : null}
      {view.status === "unplayable" ? (
        <div className="video-review__unplayable" role="alert">
          <p>{VIDEO_UNPLAYABLE}</p>
          {view.downloadUrl === null ? null : (
            <a className="button" href={view.downloadUrl} download>
              Download clip
            </a>
          )}
        </div>
      ) : null}
      {playable ? (
        <>
          <video
            ref={player}
            className="video-review__player"
            src={view.src}
            controls
            playsInline
            preload="metadata"
            aria-label={`Clip of ${video.on}, ${video.length}`}
            onLoadedMetadata={(event) => {
              event.currentTarget.currentTime = position.current
              event.currentTarget.playbackRate = halfSpeed ? 0.5 : 1
            }}
            onTimeUpdate={(event) => {
              position.current = event.currentTarget.currentTime
              setNowMs(Math.round(event.currentTarget.currentTime * 1000))
            }}
            onSeeked={(event) => setNowMs(Math.round(event.currentTarget.currentTime * 1000))}
            onError={() => review.send({ type: "media.failed", at: Date.now() })}
          />
          <div className="video-review__tools">
            <button type="button" className="button button--quiet" onClick={() => stepFrame(-1)}>
              <span aria-hidden="true">◀ </span>Frame back
            </button>
            <button type="button" className="button button--quiet" onClick={() => stepFrame(1)}>
              Frame on<span aria-hidden="true"> ▶</span>
            </button>
            <button type="button" className="button button--quiet" aria-pressed={halfSpeed} onClick={toggleHalfSpeed}>
              0.5× speed
            </button>
            <span className="video-review__time" aria-live="off">
              {clipTime(nowMs)} / {video.length}
            </span>
          </div>
        </>
      ) : null}
      <VideoComments video={video} onSeek={playable ? seek : undefined} />
      {view.canComment && view.composer === null ? (
        <button type="button" className="button" onClick={startComment}>
          Comment at {clipTime(nowMs)}
        </button>
      ) : null}
      {view.composer === null ? null : (
        <form
          className="video-review__composer"
          onSubmit={(event) => {
            event.preventDefault()
            review.send({ type: "comment.send" })
          }}
        >
          <label htmlFor={`${id}-comment`}>Comment at {view.composer.at}</label>
          <textarea
            id={`${id}-comment`}
            rows={2}
            value={view.composer.draft}
            // The coach starts writing the moment the player stops: the field is theirs at once.
            autoFocus
            onChange={(event) => review.send({ type: "draft.change", text: event.currentTarget.value })}
          />
          {view.status === "sendFailed" && view.error !== null ? (
            <p className="video-review__error" role="alert">
              {view.error} Your comment is kept: send it again.
            </p>
          ) : null}
          <div className="video-review__actions">
            <button type="submit" className="button" disabled={!view.composer.canSend}>
              {view.composer.sending ? "Sending…" : view.status === "sendFailed" ? "Send again" : "Send"}
            </button>
            <button
              type="button"
              className="button button--quiet"
              onClick={() => review.send({ type: "comment.cancel" })}
            >
              Cancel
            </button>
          </div>
        </form>
      )}
      <div className="video-review__actions">
        {view.downloadUrl === null || view.status === "unplayable" ? null : (
          <a className="button button--quiet" href={view.downloadUrl} download>
            Download clip
          </a>
        )}
        {view.canRemove ? (
          <button
            type="button"
            className="button button--danger-quiet"
            onClick={() => review.send({ type: "remove.ask" })}
          >
            Remove clip
          </button>
        ) : null}
      </div>
      {view.confirmingRemove ? (
        <div className="video-review__confirm" role="alertdialog" aria-labelledby={`${id}-remove`}>
          <p id={`${id}-remove`}>Remove this clip? Your coach's comments on it go with it.</p>
          {view.status === "removeFailed" && view.error !== null ? <p role="alert">{view.error}</p> : null}
          <div className="video-review__actions">
            <button
              type="button"
              className="button button--danger"
              disabled={view.status === "removing"}
              onClick={() => review.send({ type: "remove.confirm" })}
            >
              {view.status === "removing" ? "Removing…" : "Remove"}
            </button>
            <button
              type="button"
              className="button button--quiet"
              onClick={() => review.send({ type: "remove.cancel" })}
            >
              Keep it
            </button>
          </div>
        </div>
      ) : null}
    </section>
  )
}

/** The coach's comments on a clip, oldest moment first; with a player, a tap plays from that moment. */
export function VideoComments({ video, onSeek }: { video: VideoView; onSeek?: ((ms: number) => void) | undefined }) {
  if (video.comments.length === 0) return null
  return (
    <ul className="video-comments" aria-label={`Coach's comments on ${video.on}`}>
      {video.comments.map((comment) => (
        <li key={comment.id} className="video-comment">
          {onSeek === undefined ? (
            <span className="video-comment__at">{comment.at}</span>
          ) : (
            <button
              type="button"
              className="video-comment__at button button--quiet"
              aria-label={`Play from ${comment.at}`}
              onClick={() => onSeek(comment.atMs)}
            >
              {comment.at}
            </button>
          )}
          <span className="video-comment__body">{comment.body}</span>
        </li>
      ))}
    </ul>
  )
}
