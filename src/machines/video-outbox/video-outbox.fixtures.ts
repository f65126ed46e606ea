import type { IsoDate } from "#domain/calendar.ts"
import type { SetId, UserId } from "#domain/ids.ts"
import type { VideoId } from "#domain/set-videos.ts"
import type { KeptClip, QueuedClip } from "#domain/video-outbox.ts"
import type { WorkoutOrder } from "#domain/workout-edits.ts"
import type { VideoOutboxContext } from "./video-outbox.types.ts"

export const SQUAT_VIDEO = "5a1f7c2e-3b4d-4e6f-8a9b-0c1d2e3f4a5b" as VideoId
export const BENCH_VIDEO = "6b2a8d3f-4c5e-4f70-9bac-1d2e3f4a5b6c" as VideoId
export const DEADLIFT_VIDEO = "7c3b9e4a-5d6f-4081-8cbd-2e3f4a5b6c7d" as VideoId

/** A clip of one set of Thursday's workout (the day's first), filmed at 07:20. */
export const queuedClip = (videoId: VideoId, exercise: string, setIndex: number, over: Partial<QueuedClip> = {}) =>
  ({
    videoId,
    clientId: 7 as UserId,
    setId: (101 + setIndex) as SetId,
    date: "2026-11-26" as IsoDate,
    workoutOrder: 0 as WorkoutOrder,
    exercise,
    setIndex,
    fileName: `${exercise.toLowerCase().replaceAll(" ", "-")}.mp4`,
    sizeBytes: 24_000_000,
    durationMs: 42_000,
    addedAt: `2026-11-26T07:2${setIndex}:00.000Z`,
    ...over
  }) satisfies QueuedClip

/** A clip as the device keeps it: a few bytes stand for the film. */
export const keptClip = (clip: QueuedClip, over: Partial<KeptClip> = {}): KeptClip => ({
  clip,
  file: new Blob(["not really a film"], { type: "video/mp4" }),
  poster: null,
  refused: null,
  created: false,
  ...over
})

export const squatClip = queuedClip(SQUAT_VIDEO, "Back Squat", 1)
export const benchClip = queuedClip(BENCH_VIDEO, "Bench Press", 0)
export const deadliftClip = queuedClip(DEADLIFT_VIDEO, "Deadlift", 2)

export const TOO_MUCH_FOR_QUOTA =
  "Your clips would take more than your 2 GB of space. Remove some older clips and try again."

/** The outbox's context with nothing held, unless given. */
export const outboxContext = (over: Partial<VideoOutboxContext> = {}): VideoOutboxContext => ({
  clips: [],
  online: true,
  progress: null,
  sent: {},
  attempt: 0,
  retryAfterMs: undefined,
  ...over
})
