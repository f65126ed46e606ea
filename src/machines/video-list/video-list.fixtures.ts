import type { IsoDate } from "#domain/calendar.ts"
import type { SetId, UserId } from "#domain/ids.ts"
import type { SetVideo, VideoComment, VideoCommentId, VideoId } from "#domain/set-videos.ts"
import type { ListedVideo } from "./video-list.types.ts"

/* Clips for stories and tests: Sam's second squat set on Nov 23, filmed and commented on. */

export const samId = 7 as UserId
export const coachIdOfSam = 3 as UserId
export const videoDay = "2026-11-23" as IsoDate
export const squatSetTwo = 102 as SetId

export const squatClip: SetVideo = {
  id: "5a0c2a8e-3b1d-4f6e-9c7a-1d2e3f4a5b6c" as VideoId,
  clientId: samId,
  setId: squatSetTwo,
  date: videoDay,
  workoutOrder: 0,
  exercise: "Back Squat",
  setIndex: 1,
  mediaType: "video/mp4",
  sizeBytes: 24 * 1024 * 1024,
  durationMs: 12_400,
  status: "ready",
  createdAt: "2026-11-23T17:10:00.000Z",
  comments: []
}

export const kneesCave: VideoComment = {
  id: "9d8c7b6a-5f4e-4d3c-8b2a-1f0e9d8c7b6a" as VideoCommentId,
  videoId: squatClip.id,
  clientId: samId,
  coachId: coachIdOfSam,
  setId: squatSetTwo,
  date: videoDay,
  workoutOrder: 0,
  atMs: 7_200,
  body: "knees cave here: push them out over your toes",
  createdAt: "2026-11-23T18:02:00.000Z",
  seq: 21
}

export const depthGood: VideoComment = {
  ...kneesCave,
  id: "2b3c4d5e-6f70-4812-9a3b-4c5d6e7f8091" as VideoCommentId,
  atMs: 2_000,
  body: "depth is good",
  createdAt: "2026-11-23T18:01:00.000Z",
  seq: 20
}

export const commentedClip: SetVideo = { ...squatClip, comments: [depthGood, kneesCave] }

/** A clip still on its way from the lifter's phone (only the lifter's own list has these). */
export const uploadingClip: SetVideo = {
  ...squatClip,
  id: "7e6d5c4b-3a29-4817-8f6e-5d4c3b2a1908" as VideoId,
  setIndex: 2,
  setId: 103 as SetId,
  status: "uploading",
  mediaType: null,
  createdAt: "2026-11-23T17:20:00.000Z"
}

export const recentFromSam: ReadonlyArray<ListedVideo> = [{ ...commentedClip, clientName: "Sam Lifter" }]
