import type { ContextFrom } from "xstate"
import type { VideoLink } from "#domain/set-videos.ts"
import { commentedClip, kneesCave, recentFromSam } from "#machines/video-list/video-list.fixtures.ts"
import { videoListMachine } from "#machines/video-list/video-list.machine.ts"
import { videoViewOf } from "#machines/video-list/video-list.selectors.ts"
import { videoReviewMachine } from "#machines/video-review/video-review.machine.ts"
import type { VideoReviewInput } from "#machines/video-review/video-review.types.ts"
import { videoReviews } from "#machines/video-review/video-reviews.ts"
import { SeededActor } from "#ui/coach/seeded-actor.tsx"
import clipUrl from "../../../test/fixtures/videos/form-check.mp4?url"
import { RecentVideosPanel } from "./recent-videos.tsx"
import { VideoReview } from "./video-review.tsx"
import { videosSlot } from "./videos-slot.ts"

/* Stories' screens of form checks: the fixture clip the e2e tests upload, served by Storybook. */

export const storyClipLink: VideoLink = { url: clipUrl, expiresAt: "2099-01-01T00:00:00.000Z" }

const never = () => new Promise<never>(() => undefined)

/** A review whose calls never answer unless the story's context already holds the answer. */
const storyVideos = { videoLink: never, commentVideo: never, removeVideo: never }

export function ReviewScreen({
  state,
  input,
  context
}: {
  state: string
  input: VideoReviewInput
  context?: Partial<ContextFrom<typeof videoReviewMachine>>
}) {
  return (
    <SeededActor
      machine={videoReviewMachine}
      state={state}
      input={input}
      context={{
        ...input,
        link: storyClipLink,
        draft: "",
        atMs: 0,
        commentId: null,
        failure: null,
        ...context
      }}
    >
      {(review) => <VideoReview review={review} video={videoViewOf(commentedClip)} />}
    </SeededActor>
  )
}

export function RecentVideosScreen({
  state,
  context
}: {
  state: string
  context?: Partial<ContextFrom<typeof videoListMachine>>
}) {
  const slot = videosSlot()
  return (
    <SeededActor
      machine={videoListMachine}
      state={state}
      input={undefined}
      context={{ videos: recentFromSam, failure: null, ...context }}
    >
      {(list) => {
        slot.attach({
          list,
          reviews: videoReviews({
            viewer: "coach",
            ports: { videos: { ...storyVideos, videoLink: () => Promise.resolve(storyClipLink) } }
          })
        })
        return <RecentVideosPanel slot={slot} />
      }}
    </SeededActor>
  )
}

export { kneesCave }
