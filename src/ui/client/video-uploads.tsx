import { useSelector } from "@xstate/react"
import {
  sameVideoUploads,
  selectVideoUploads,
  type VideoOutboxActorRef
} from "#machines/video-outbox/video-outbox.selectors.ts"
import "./video-uploads.css"

/**
 * The video outbox's status line on every lifter screen (docs/decisions/050-form-check-videos.md):
 * the clip on its way with how much of it the server holds and a Cancel, what waits for a
 * connection, and each refusal with the server's words until dismissed.
 */
export function VideoUploads({ outbox }: { outbox: VideoOutboxActorRef }) {
  const view = useSelector(outbox, selectVideoUploads, sameVideoUploads)
  if (view.uploading === null && view.waitingText === null && view.refused.length === 0) return null
  const { uploading } = view
  return (
    <aside className="video-uploads" aria-label="Form-check uploads">
      {uploading === null ? null : (
        <div className="video-uploads__line">
          <p className="video-uploads__text">
            <span>Uploading form check</span>
            <span className="video-uploads__place"> ({uploading.place})</span>
            <span aria-hidden="true"> · {uploading.percent}%</span>
          </p>
          <div
            className="video-uploads__bar"
            role="progressbar"
            aria-label={`Uploading form check of ${uploading.place}`}
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={uploading.percent}
            aria-valuetext={`${uploading.percent}%`}
          >
            <span className="video-uploads__fill" style={{ width: `${uploading.percent}%` }} />
          </div>
          <button
            type="button"
            className="button button--quiet video-uploads__cancel"
            aria-label={`Cancel upload of ${uploading.place}`}
            onClick={() => outbox.send({ type: "clip.cancel", videoId: uploading.videoId })}
          >
            Cancel
          </button>
        </div>
      )}
      {view.waitingText === null ? null : (
        <p className="video-uploads__waiting" role="status">
          {view.waitingText}
        </p>
      )}
      {view.refused.map((refused) => (
        <div key={refused.videoId} className="video-uploads__refused" role="alert">
          <p>{refused.text}</p>
          <button
            type="button"
            className="button button--quiet"
            onClick={() => outbox.send({ type: "clip.dismiss", videoId: refused.videoId })}
          >
            Dismiss
          </button>
        </div>
      ))}
    </aside>
  )
}
