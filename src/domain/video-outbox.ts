import type { IsoDate } from "./calendar.ts"
import type { SetId, UserId } from "./ids.ts"
import { VIDEO_MAX_BYTES, VIDEO_MAX_DURATION_MS, type VideoId } from "./set-videos.ts"
import type { WorkoutOrder } from "./workout-edits.ts"

/*
 * Form-check clips waiting on the device (docs/decisions/050-form-check-videos.md): the
 * record the video outbox keeps of each, and the rules a clip is checked by before it is
 * queued, so a clip the server would refuse for its size or length is told at once, offline too.
 */

/** The set a clip is filmed for. */
export interface ClipSet {
  readonly clientId: UserId
  readonly setId: SetId
  readonly date: IsoDate
  readonly workoutOrder: WorkoutOrder
  /** the set's exercise as the coach named it, and the set's index within it (from 0) */
  readonly exercise: string
  readonly setIndex: number
}

/** A clip filmed for one set, kept on the device until the server holds all of it. */
export interface QueuedClip extends ClipSet {
  /** made on the device: the upload's address is built from it, so a retry resumes the same upload */
  readonly videoId: VideoId
  readonly fileName: string
  readonly sizeBytes: number
  /** what the browser (or the container) read, whole milliseconds, at least 1 */
  readonly durationMs: number
  /** when the lifter added it (ISO instant): clips upload in the order added */
  readonly addedAt: string
}

/** A clip as the device keeps it: the record, its bytes and poster, and how far it got. */
export interface KeptClip {
  readonly clip: QueuedClip
  readonly file: Blob
  /** a frame of the clip as a JPEG; null when the browser cannot decode the clip (HEVC in Chromium) */
  readonly poster: Blob | null
  /** the server's refusal, kept (and shown) until the lifter dismisses it; null while it waits to upload */
  readonly refused: string | null
  /** an upload exists on the server (created, or resumed): cancelling it deletes it there too */
  readonly created: boolean
}

/** Where the video outbox keeps its clips (src/device/video-outbox.store.ts: IndexedDB). */
export interface KeptVideos {
  /** The signed-in lifter's kept clips, oldest first. */
  readonly list: () => Promise<ReadonlyArray<KeptClip>>
  readonly put: (kept: KeptClip) => Promise<void>
  readonly remove: (videoId: VideoId) => Promise<void>
  readonly clear: () => Promise<void>
}

/** What a chosen clip's reading found: its size and, when anything could read it, its length. */
export interface ClipMeasure {
  readonly sizeBytes: number
  /** null (or not a finite positive number) when neither the browser nor the container said */
  readonly durationMs: number | null
}

export type ClipCheck =
  | { readonly kind: "ok"; readonly durationMs: number }
  | { readonly kind: "tooLarge"; readonly sizeBytes: number }
  | { readonly kind: "tooLong"; readonly durationMs: number }
  | { readonly kind: "unknownLength" }

/** Whole seconds as the lifter reads them: a clip of 90.4 s is "1:30" and may be sent. */
const shownSeconds = (durationMs: number): number => Math.round(durationMs / 1000)

/** Only the size is needed to refuse a clip that is too large: no reading is spent on it. */
export const isTooLarge = (sizeBytes: number): boolean => sizeBytes > VIDEO_MAX_BYTES

/** Whether a clip may be queued; the server checks the same limits (server/videos). */
export function checkClip({ sizeBytes, durationMs }: ClipMeasure): ClipCheck {
  if (isTooLarge(sizeBytes)) return { kind: "tooLarge", sizeBytes }
  if (durationMs === null || !Number.isFinite(durationMs) || durationMs <= 0 || sizeBytes <= 0)
    return { kind: "unknownLength" }
  if (shownSeconds(durationMs) > shownSeconds(VIDEO_MAX_DURATION_MS)) return { kind: "tooLong", durationMs }
  return { kind: "ok", durationMs: Math.max(1, Math.round(durationMs)) }
}

/** "1:42": a clip's length in minutes and seconds. */
export const clipLength = (durationMs: number): string => {
  const seconds = shownSeconds(durationMs)
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, "0")}`
}

const megabytes = (bytes: number): string => `${Math.ceil(bytes / (1024 * 1024)).toLocaleString("en-US")} MB`

export const tooLongText = (durationMs: number): string =>
  `This clip is ${clipLength(durationMs)}; form checks can be up to ${clipLength(VIDEO_MAX_DURATION_MS)}. Trim it and add it again.`

export const tooLargeText = (sizeBytes: number): string =>
  `This clip is ${megabytes(sizeBytes)}; form checks can be up to ${megabytes(VIDEO_MAX_BYTES)}. Trim it or film at a lower quality and add it again.`

export const UNREADABLE_CLIP_TEXT =
  "This file could not be read as a video. Choose a clip from your camera (MP4, MOV or WebM)."

/** What the lifter reads about a clip that cannot be queued; null for one that can. */
export const clipProblemText = (check: ClipCheck): string | null => {
  switch (check.kind) {
    case "ok":
      return null
    case "tooLarge":
      return tooLargeText(check.sizeBytes)
    case "tooLong":
      return tooLongText(check.durationMs)
    case "unknownLength":
      return UNREADABLE_CLIP_TEXT
  }
}

/** "Back Squat set 2": which set a clip is of. */
export const clipPlace = (clip: Pick<QueuedClip, "exercise" | "setIndex">): string =>
  `${clip.exercise} set ${clip.setIndex + 1}`

/** The file name as the upload's metadata carries it: printable, at most 200 characters. */
export const clipFileName = (name: string): string => {
  const plain = name.replace(/\p{C}/gu, "").trim().slice(0, 200).trim()
  return plain === "" ? "form-check" : plain
}
