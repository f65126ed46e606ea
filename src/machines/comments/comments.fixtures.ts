import type { IsoDate } from "#domain/calendar.ts"
import type { CommentId, RecentComment, WorkoutComment } from "#domain/comments.ts"
import type { SetId, UserId } from "#domain/ids.ts"

/* Comments for stories and tests: Sam's notes on Nov 23, one on a set, one on the workout. */

export const samId = 7 as UserId
export const coachIdOfSam = 3 as UserId
export const commentDay = "2026-11-23" as IsoDate
export const squatSetTwo = 102 as SetId

export const onSet: WorkoutComment = {
  id: "0b6e4c1e-8f7a-4c1d-9a63-2f1e5d7c9b10" as CommentId,
  clientId: samId,
  date: commentDay,
  workoutOrder: 0,
  setId: squatSetTwo,
  exercise: "Squat",
  setIndex: 1,
  body: "left knee, stopped at 3",
  createdAt: "2026-11-23T17:05:00.000Z",
  reply: null,
  seq: 11
}

export const onWorkout: WorkoutComment = {
  id: "1c7f5d2f-9a8b-4d2e-8b74-3a2f6e8d0c21" as CommentId,
  clientId: samId,
  date: commentDay,
  workoutOrder: 0,
  setId: null,
  exercise: null,
  setIndex: null,
  body: "Felt strong today. Gym was packed, so rests ran long.",
  createdAt: "2026-11-23T17:40:00.000Z",
  reply: null,
  seq: 14
}

export const repliedOnSet: WorkoutComment = {
  ...onSet,
  reply: {
    body: "Take the next squat day lighter; tell me how it feels.",
    coachId: coachIdOfSam,
    repliedAt: "2026-11-23T18:00:00.000Z"
  }
}

export const recentFromSam: ReadonlyArray<RecentComment> = [
  { ...onWorkout, clientName: "Sam Lifter" },
  { ...repliedOnSet, clientName: "Sam Lifter" }
]
