import { useSelector } from "@xstate/react"
import { useEffect, useRef } from "react"
import { clipChosen } from "#machines/video-attach/video-attach.actors.ts"
import {
  READING_CLIP,
  sameVideoAttach,
  selectVideoAttach,
  type VideoAttachActorRef
} from "#machines/video-attach/video-attach.selectors.ts"
import type { ClipState } from "#machines/video-outbox/video-outbox.selectors.ts"
import "./set-video-button.css"

/** What the set shows of a clip the outbox holds. */
const clipNote = (clip: ClipState): string => {
  switch (clip.status) {
    case "queued":
      return "Video added: waiting to upload"
    case "uploading":
      return `Video uploading · ${clip.percent}%`
    case "waiting":
      return "Video added: it uploads when you're back online"
    case "refused":
      return `Video not uploaded: ${clip.message}`
  }
}

/** The frame drawn from the clip on the phone, while it is on its way. */
function Poster({ poster }: { poster: Blob }) {
  const image = useRef<HTMLImageElement>(null)
  // The image shows the blob for as long as it is on screen; its URL is let go with it.
  useEffect(() => {
    const url = URL.createObjectURL(poster)
    if (image.current !== null) image.current.src = url
    return () => URL.revokeObjectURL(url)
  }, [poster])
  return <img ref={image} className="set-video__poster" alt="" width={64} height={48} />
}

/** The camera (or the library) for one clip: the input keeps focus and its name, the label looks like a button. */
function ChooseClip({ attach }: { attach: VideoAttachActorRef }) {
  return (
    <label className="button button--quiet set-video__choose">
      <input
        className="set-video__input"
        type="file"
        accept="video/*"
        capture="environment"
        onChange={(event) => {
          const file = event.currentTarget.files?.[0]
          if (file !== undefined) attach.send(clipChosen(file))
          // The same clip may be chosen again later: the input forgets it.
          event.currentTarget.value = ""
        }}
      />
      Add video
    </label>
  )
}

/**
 * One set's "Add video" (docs/decisions/050-form-check-videos.md): film or pick a clip, see
 * it read and checked on the phone, and why it was not added when it cannot be. `clip` is
 * the outbox's word on the clip added last (`clipState`) when the screen has it: null once
 * the outbox no longer holds it (stored, and listed with the set's clips, or cancelled).
 * `poster` is the frame drawn from it on the phone.
 */
export function SetVideoButton({
  attach,
  clip,
  poster = null
}: {
  attach: VideoAttachActorRef
  clip?: ClipState | null | undefined
  poster?: Blob | null | undefined
}) {
  const view = useSelector(attach, selectVideoAttach, sameVideoAttach)
  if (view.reading)
    return (
      <div className="set-video">
        <p className="set-video__note" role="status">
          {READING_CLIP}
        </p>
      </div>
    )
  return (
    <div className="set-video">
      <ChooseClip attach={attach} />
      {view.problem === null ? null : (
        <div className="set-video__problem" role="alert">
          <p>{view.problem}</p>
          <button type="button" className="button button--quiet" onClick={() => attach.send({ type: "clip.retry" })}>
            Dismiss
          </button>
        </div>
      )}
      {view.queuedId === null || clip === null ? null : (
        <div className="set-video__clip">
          {poster === null ? null : <Poster poster={poster} />}
          <p className="set-video__note" role="status">
            {clip === undefined ? "Video added" : clipNote(clip)}
          </p>
        </div>
      )}
    </div>
  )
}
