import type { ActorRefFrom, SnapshotFrom } from "xstate"
import { clipProblemText } from "#domain/video-outbox.ts"
import type { VideoAttachMachine } from "./video-attach.machine.ts"

export type VideoAttachSnapshot = SnapshotFrom<VideoAttachMachine>
export type VideoAttachActorRef = ActorRefFrom<VideoAttachMachine>

export const READING_CLIP = "Reading clip…"

export interface VideoAttachView {
  /** the clip is being read: the control waits */
  readonly reading: boolean
  /** why the clip chosen last was not added */
  readonly problem: string | null
  /** the clip chosen last was handed to the outbox, by this id */
  readonly queuedId: string | null
  /** "Add video" again offers to choose another clip */
  readonly chooseLabel: string
}

export function selectVideoAttach(snapshot: VideoAttachSnapshot): VideoAttachView {
  const { check, chosen } = snapshot.context
  const failed = snapshot.matches("tooLarge") || snapshot.matches("tooLong") || snapshot.matches("unreadable")
  return {
    reading: snapshot.matches("probing"),
    problem: failed && check !== null ? clipProblemText(check) : null,
    queuedId: snapshot.matches("queued") ? (chosen?.videoId ?? null) : null,
    chooseLabel: "Add video"
  }
}

export const sameVideoAttach = (a: VideoAttachView, b: VideoAttachView): boolean =>
  a.reading === b.reading && a.problem === b.problem && a.queuedId === b.queuedId && a.chooseLabel === b.chooseLabel
