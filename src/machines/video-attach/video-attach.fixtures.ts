import type { IsoDate } from "#domain/calendar.ts"
import type { SetId, UserId } from "#domain/ids.ts"
import type { VideoId } from "#domain/set-videos.ts"
import type { ClipProbe, ClipSet, VideoAttachContext } from "./video-attach.types.ts"

/** Back Squat set 2 of Thursday's workout. */
export const squatSet: ClipSet = {
  clientId: 7 as UserId,
  setId: 102 as SetId,
  date: "2026-11-26" as IsoDate,
  workoutOrder: 0,
  exercise: "Back Squat",
  setIndex: 1
}

export const CHOSEN_VIDEO = "8d4caf5b-6e70-4192-9dce-3f4a5b6c7d8e" as VideoId
export const CHOSEN_AT = "2026-11-26T07:21:00.000Z"

/** A file of `sizeBytes` that never allocates them (a Blob reports the size it was given). */
export const chosenFile = (name = "IMG_2041.MOV", sizeBytes = 24_000_000): File => {
  const file = new File(["x"], name, { type: "video/quicktime" })
  Object.defineProperty(file, "size", { value: sizeBytes })
  return file
}

export const POSTER = new Blob(["a frame"], { type: "image/jpeg" })
export const readableProbe: ClipProbe = { durationMs: 42_400, poster: POSTER, playable: true }
/** HEVC in Chromium: not playable here, the length from the container. */
export const hevcProbe: ClipProbe = { durationMs: 61_000, poster: null, playable: false }
export const tooLongProbe: ClipProbe = { durationMs: 102_300, poster: POSTER, playable: true }
export const lengthlessProbe: ClipProbe = { durationMs: null, poster: null, playable: false }

export const attachContext = (over: Partial<VideoAttachContext> = {}): VideoAttachContext => ({
  set: squatSet,
  chosen: null,
  check: null,
  ...over
})
