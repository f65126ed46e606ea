import type { VideoLink } from "#domain/set-videos.ts"
import { squatClip } from "../video-list/video-list.fixtures.ts"
import type { VideoReviewInput } from "./video-review.types.ts"

/* A coach and a lifter watching Sam's squat clip (../video-list/video-list.fixtures.ts). */

export const coachWatches: VideoReviewInput = { videoId: squatClip.id, viewer: "coach" }
export const lifterWatches: VideoReviewInput = { videoId: squatClip.id, viewer: "lifter" }

/** A link for stories: the fixture clip the e2e tests upload, served by Storybook from test/fixtures. */
export const storyLink = (url: string, expiresAt = "2099-01-01T00:00:00.000Z"): VideoLink => ({ url, expiresAt })
